// Answers computed whole before they are sent: the page cache stores them and Express sends them through one
// function, so a body is hashed once (its ETag) and nothing needs to intercept a response on its way out.
import type { Request, Response } from "express";
import { isNotModified, strongEtag } from "./conditional.js";

export interface Answer {
  status: number;
  /** Lower-case names. */
  headers: Record<string, string | string[]>;
  body: Buffer;
  /** The body as gzip, when its renderer made it (a framed page, src/lib/gzipSplice.ts): sent to clients that take gzip, and stored so by the page cache. */
  gzip?: Buffer;
  /** The body's ETag, when its renderer hashed it (splicedAnswer); otherwise it is hashed from `body` when sent. */
  etag?: string;
}

/** An answer's ETag: the one its renderer made (splicedAnswer), else its body's. */
export const etagOf = (answer: Answer) => answer.etag ?? strongEtag(answer.body);

/**
 * An answer made as gzip from parts (spliceGzip): its ETag is hashed from the plain parts, which are joined into its
 * `body` only when that is read (a client that takes no gzip). Joining a search page's 90 KB and hashing it whole
 * cost about 0.1 ms more of the event loop per page than hashing its parts (its size passes malloc's mmap threshold).
 * Add fields with Object.assign, not a spread: a spread reads `body`.
 */
export function splicedAnswer(status: number, headers: Answer["headers"], { plain, gzip }: { plain: Buffer[]; gzip: Buffer }): Answer {
  let body: Buffer | undefined;
  return {
    status,
    headers,
    gzip,
    etag: strongEtag(...plain),
    get body() {
      return (body ??= Buffer.concat(plain));
    },
  };
}

/**
 * Where a procedure sets what its answer carries besides the body (Cache-Control, X-Total-Count, cookies, the REST
 * status): Express's response, or an AnswerRecorder when the answer is computed before it is sent.
 */
export interface AnswerHead {
  readonly headersSent?: boolean;
  locals: Record<string, unknown>;
  setHeader(name: string, value: string | string[]): unknown;
  getHeader(name: string): string | number | string[] | undefined;
  append(name: string, value: string): unknown;
}

/** Records an answer as an adapter writes it (status, headers, the body at `end`); procedures set headers on it as their context's `res`. */
export class AnswerRecorder implements AnswerHead {
  statusCode = 200;
  readonly headersSent = false;
  readonly locals: Record<string, unknown> = {};
  readonly headers: Record<string, string | string[]> = {};
  readonly done: Promise<Answer>;
  private finish!: (answer: Answer) => void;

  constructor() {
    this.done = new Promise((resolve) => (this.finish = resolve));
  }

  setHeader(name: string, value: string | string[]) {
    this.headers[name.toLowerCase()] = value;
    return this;
  }

  getHeader(name: string) {
    return this.headers[name.toLowerCase()];
  }

  append(name: string, value: string) {
    const current = this.getHeader(name);
    return this.setHeader(name, current === undefined ? value : [current, value].flat());
  }

  end(body?: string | Buffer) {
    this.finish({ status: this.statusCode, headers: this.headers, body: typeof body === "string" ? Buffer.from(body) : (body ?? Buffer.alloc(0)) });
  }
}

/** A plain-text answer (a feed's 404, a redirect's body). */
export const textAnswer = (status: number, text: string, headers: Record<string, string> = {}): Answer => ({ status, headers: { "content-type": "text/plain; charset=utf-8", ...headers }, body: Buffer.from(text) });

/** A 301 as Express's res.redirect words it for a client that accepts anything. */
export function redirectAnswer(target: string, cacheControl?: string): Answer {
  // As a header can hold it: what a URL cannot hold (non-ASCII, spaces) percent-encoded.
  const url = new URL(target, "http://site.invalid");
  const location = url.pathname + url.search + url.hash;
  return textAnswer(301, `Moved Permanently. Redirecting to ${location}`, { location, ...(cacheControl ? { "cache-control": cacheControl } : {}) });
}

/** Whether the client takes a gzip body (nearly all do). */
export const takesGzip = (req: Request) => /\bgzip\b/.test(String(req.headers["accept-encoding"] ?? ""));

/**
 * Sends an answer. A successful GET carries the ETag of its body (computed here, once), and a conditional GET that
 * matches it is answered 304 without the body.
 */
export function sendAnswer(req: Request, res: Response, answer: Answer) {
  res.status(answer.status);
  for (const [name, value] of Object.entries(answer.headers)) res.setHeader(name, value);
  if ((req.method === "GET" || req.method === "HEAD") && answer.status === 200) {
    const etag = etagOf(answer);
    res.setHeader("ETag", etag);
    if (isNotModified(req, etag, res.getHeader("Last-Modified")?.toString())) {
      res.removeHeader("Content-Type");
      res.status(304).end();
      return;
    }
  }
  // Already compressed: sent as it is (the compression middleware leaves an encoded response alone).
  const gzipped = answer.gzip && takesGzip(req) ? answer.gzip : undefined;
  if (answer.gzip) res.vary("Accept-Encoding");
  if (gzipped) res.setHeader("Content-Encoding", "gzip");
  const body = gzipped ?? answer.body;
  res.setHeader("Content-Length", String(body.length));
  res.end(req.method === "HEAD" ? undefined : body);
}
