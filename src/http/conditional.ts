// Conditional GETs: If-None-Match against the answer's ETag (which wins when both are sent), else
// If-Modified-Since against its Last-Modified. The page cache answers them for shared answers; sendAnswer
// (src/http/answer.ts) for answers the cache does not hold (a partner's key, a session, the cache off).
import { createHash } from "node:crypto";
import type { Request } from "express";

export function isNotModified(req: Request, etag: string | undefined, lastModified: string | undefined): boolean {
  const ifNoneMatch = req.headers["if-none-match"];
  if (ifNoneMatch !== undefined) {
    const tags = ifNoneMatch.split(",").map((t) => t.trim().replace(/^W\//, ""));
    return etag !== undefined && (tags.includes(etag.replace(/^W\//, "")) || tags.includes("*"));
  }
  const ifModifiedSince = req.headers["if-modified-since"];
  if (ifModifiedSince === undefined) return false;
  const since = Date.parse(ifModifiedSince);
  const modified = Date.parse(lastModified ?? "");
  return !Number.isNaN(since) && !Number.isNaN(modified) && modified <= since;
}

/** The ETag of a body, given whole or as its parts in order (the same tag either way). */
export function strongEtag(...parts: Array<Buffer | string>) {
  const hash = createHash("sha1");
  for (const part of parts) hash.update(part);
  return `"${hash.digest("base64url")}"`;
}
