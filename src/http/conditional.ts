// Conditional GETs: If-None-Match against the answer's ETag (which wins when both are sent), else
// If-Modified-Since against its Last-Modified. The page cache answers them for shared answers; the
// middleware below for API answers the cache does not hold (a partner's key, a session, the cache off).
import { createHash } from "node:crypto";
import type { Request, RequestHandler } from "express";

export function isNotModified(req: Request, etag: string | undefined, lastModified: string | undefined): boolean {
  const ifNoneMatch = req.headers["if-none-match"];
  if (ifNoneMatch !== undefined) {
    const tags = ifNoneMatch.split(",").map((t) => t.trim().replace(/^W\//, ""));
    return etag !== undefined && (tags.includes(etag.replace(/^W\//, "")) || tags.includes("*"));
  }
  const since = Date.parse(String(req.headers["if-modified-since"] ?? ""));
  const modified = Date.parse(lastModified ?? "");
  return !Number.isNaN(since) && !Number.isNaN(modified) && modified <= since;
}

export const strongEtag = (body: Buffer | string) => `"${createHash("sha1").update(body).digest("base64url")}"`;

/** Adds an ETag to successful GET answers of the API and turns a matching conditional request into a 304. */
export const conditionalGet: RequestHandler = (req, res, next) => {
  if (req.method !== "GET" && req.method !== "HEAD") return next();
  const end = res.end.bind(res) as (...args: unknown[]) => typeof res;
  res.end = ((chunk?: unknown, ...rest: unknown[]) => {
    if (res.statusCode === 200 && !res.headersSent && (typeof chunk === "string" || Buffer.isBuffer(chunk))) {
      const etag = String(res.getHeader("ETag") ?? strongEtag(chunk));
      res.setHeader("ETag", etag);
      if (isNotModified(req, etag, res.getHeader("Last-Modified")?.toString())) {
        res.statusCode = 304;
        for (const name of ["Content-Type", "Content-Length", "Transfer-Encoding"]) res.removeHeader(name);
        return end();
      }
    }
    return end(chunk, ...rest);
  }) as typeof res.end;
  next();
};
