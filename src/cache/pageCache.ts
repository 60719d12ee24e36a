// The rendered-answer cache in front of everything anonymous readers get: server-rendered pages, public GET
// API answers (REST and tRPC), feeds and sitemaps. Misses for one key render once (coalescing); an expired
// answer is served while one fresh render runs (stale-while-revalidate); a failed render falls back to the
// last good answer (stale-if-error). Answers are rendered by injecting an anonymous request into the app,
// so they never depend on the reader's cookies or headers. Only a valid session or partner key is answered apart
// from the shared cache; every render, shared or not, waits for a slot of the render limit.
import { randomBytes } from "node:crypto";
import { promisify } from "node:util";
import zlib from "node:zlib";
import type { Request, RequestHandler, Response } from "express";
import { LRUCache } from "lru-cache";
import pLimit from "p-limit";
import { isNotModified, strongEtag } from "../http/conditional.js";
import { renderInProcess } from "./render.js";
import { tagsOfPath } from "./rules.js";
import { isQueryKey, type AnswerStore, type CachedAnswer } from "./store.js";
import { collectTags } from "./tags.js";
import { metrics } from "../services/metrics.js";

const gzip = promisify(zlib.gzip);
const gunzip = promisify(zlib.gunzip);
/**
 * Renders running at once; the others wait their turn. Rendering is CPU work (and, on MariaDB, waits on
 * queries): past a few at a time more only interleave, each holding its data in memory meanwhile. A flood of
 * distinct URLs (searches) then costs a queue, not the heap of 32 renders in flight. Keys with a query string
 * (searches, filters) and keys without (articles, fronts) have a limit each, so that slow searches never hold
 * up the render of the article a surge is waiting for.
 */
export const RENDER_CONCURRENCY = 6;
/** Uncompressed bodies of recently served answers, for clients that do not accept gzip, by ETag. */
const PLAIN_BODIES_BYTES = 4 * 1024 * 1024;

/** Headers of a rendered answer worth keeping; everything per-response (CSP nonce, request id, date) is left out. */
const KEPT_HEADERS = ["content-type", "cache-control", "x-total-count", "link", "last-modified", "content-language"];
/** Headers of an answer passed on uncached that belong to the outer response instead (the policies follow the URL as
 *  the reader sent it, which the in-process render's key may have normalised: //preview/x renders /x). */
const PER_RESPONSE_HEADERS = new Set(["content-security-policy", "referrer-policy", "x-request-id", "date", "connection", "content-length", "transfer-encoding", "keep-alive", "set-cookie"]);
/** Query parameters that never change what is rendered (campaign tracking). */
const TRACKING_PARAM = /^(utm_[a-z]+|fbclid|gclid|mc_cid|mc_eid)$/;
/** Paths served by static middleware or never shared: build assets, uploaded media, API docs, personal links
 *  (newsletter tracking, previews, accounts) and any URL carrying a token. */
const NOT_CACHED = /^\/(assets|media|api\/docs|newsletter|preview|account)(\/|$)|^\/api\/openapi\.json$|\.(js|css|svg|png|ico|jpe?g|webp|avif|gif|woff2?|map|webmanifest)$|[?&]token=/;
/**
 * Whom a request acts for: `anyone` gets the shared answer; `own` (a valid session or partner key) an answer
 * rendered for it alone, never stored; `refused` goes to the app untouched, which refuses it without rendering (an
 * invalid partner key on the API).
 */
export type Viewer = "anyone" | "own" | "refused";

export interface PageCacheOptions {
  store: AnswerStore;
  /** Seconds an answer is fresh; after that it is served stale while one render refreshes it. */
  freshSeconds: number;
  log: (message: string, error?: unknown) => void;
  /** Who a request acts for (src/http/cacheViewer.ts); without it every request is `anyone`. */
  viewer?: (req: Request) => Promise<Viewer>;
}

type Outcome = { answer: CachedAnswer; stored: boolean } | { answer: undefined; status: number; headers: Record<string, string>; body: Buffer };

export function cacheKey(req: Request): string {
  const url = new URL(req.originalUrl, "http://x");
  if (!url.pathname.startsWith("/api/")) for (const name of [...url.searchParams.keys()]) if (TRACKING_PARAM.test(name)) url.searchParams.delete(name);
  url.searchParams.sort();
  const query = url.searchParams.toString();
  return url.pathname + (query ? `?${query}` : "");
}

export function isCacheable(req: Request): boolean {
  return (req.method === "GET" || req.method === "HEAD") && !NOT_CACHED.test(req.originalUrl.split("#")[0]) && !NOT_CACHED.test(req.path);
}

export function createPageCache(dispatch: Parameters<typeof renderInProcess>[0], options: PageCacheOptions) {
  const { store, freshSeconds } = options;
  const { log } = options;
  /** Marks this process's own render requests, so they pass through (a client cannot forge it). */
  const renderSecret = randomBytes(16).toString("hex");
  const inflight = new Map<string, Promise<Outcome>>();
  const limits = { query: pLimit(RENDER_CONCURRENCY), path: pLimit(RENDER_CONCURRENCY) };
  const limitOf = (key: string) => limits[isQueryKey(key) ? "query" : "path"];
  const plainBodies = new LRUCache<string, Buffer>({ maxSize: PLAIN_BODIES_BYTES, sizeCalculation: (body) => body.length || 1 });
  const plainBody = async (answer: CachedAnswer) => {
    let body = plainBodies.get(answer.etag);
    if (!body) plainBodies.set(answer.etag, (body = await gunzip(answer.gzip)));
    return body;
  };

  async function render(key: string, last: CachedAnswer | undefined): Promise<Outcome> {
    const seq = await store.sequence();
    const { collector, result } = collectTags(() => renderInProcess(dispatch, key, { "x-page-cache-render": renderSecret, accept: "*/*" }));
    const res = await result;
    const body = res.body;
    const headers: Record<string, string> = {};
    for (const name of KEPT_HEADERS) if (res.headers[name] !== undefined) headers[name] = String(res.headers[name]);
    const url = new URL(key, "http://x");
    tagsOfPath(url.pathname, url.searchParams).forEach((t) => collector.tags.add(t));
    const nonce = /'nonce-([^']+)'/.exec(String(res.headers["content-security-policy"] ?? ""))?.[1];
    const cacheControl = headers["cache-control"] ?? "";
    const storable =
      res.status === 200 &&
      !/private|no-store/.test(cacheControl) &&
      res.headers["set-cookie"] === undefined &&
      collector.tags.size > 0 &&
      !collector.untracked &&
      // A page that carries its response's nonce must never be repeated to other readers.
      !(nonce && body.includes(nonce));
    if (res.status >= 500 && last) return { answer: last, stored: false };
    if (!storable) {
      const passed = Object.fromEntries(Object.entries(res.headers).filter(([name, v]) => v !== undefined && !PER_RESPONSE_HEADERS.has(name)).map(([name, v]) => [name, Array.isArray(v) ? v.join(", ") : String(v)]));
      return { answer: undefined, status: res.status, headers: passed, body };
    }
    const answer: CachedAnswer = {
      status: 200,
      headers,
      gzip: await gzip(body, { level: 6 }),
      etag: strongEtag(body),
      tags: [...collector.tags],
      seq,
      storedAt: Date.now(),
    };
    await store.set(key, answer).catch((error) => log("[page-cache] store failed", error));
    return { answer, stored: true };
  }

  /** One render per key at a time, whoever asks. */
  function renderOnce(key: string, last: CachedAnswer | undefined): Promise<Outcome> {
    let running = inflight.get(key);
    if (!running) {
      running = limitOf(key)(() => render(key, last))
        .catch((error): Outcome => {
          if (last) return { answer: last, stored: false };
          throw error;
        })
        .finally(() => inflight.delete(key));
      inflight.set(key, running);
    }
    return running;
  }

  async function send(req: Request, res: Response, answer: CachedAnswer, state: string) {
    res.status(answer.status);
    for (const [name, value] of Object.entries(answer.headers)) res.setHeader(name, value);
    res.setHeader("ETag", answer.etag);
    // Any change drops the answer, so what it shows has not changed since it was rendered.
    const lastModified = answer.headers["last-modified"] ?? new Date(answer.storedAt).toUTCString();
    res.setHeader("Last-Modified", lastModified);
    res.setHeader("Vary", "Accept-Encoding");
    res.setHeader("X-Cache", state);
    metrics.pageCache.inc({ result: state.toLowerCase().replace("-", "_") });
    res.setHeader("Age", String(Math.max(0, Math.floor((Date.now() - answer.storedAt) / 1000))));
    if (isNotModified(req, answer.etag, lastModified)) {
      res.status(304).end();
      return;
    }
    const wantsGzip = /\bgzip\b/.test(String(req.headers["accept-encoding"] ?? ""));
    const body = wantsGzip ? answer.gzip : await plainBody(answer);
    if (wantsGzip) res.setHeader("Content-Encoding", "gzip");
    res.setHeader("Content-Length", String(body.length));
    res.end(req.method === "HEAD" ? undefined : body);
  }

  const middleware: RequestHandler = async (req, res, next) => {
    if (req.headers["x-page-cache-render"] === renderSecret) {
      delete req.headers["x-page-cache-render"];
      return next();
    }
    if (!isCacheable(req)) return next();
    try {
      const key = cacheKey(req);
      const viewer = options.viewer ? await options.viewer(req) : "anyone";
      if (viewer === "refused") return next();
      // A session's or a key's own answer: rendered by the app for this request, in a slot of the same limit, which
      // it holds until the answer is sent.
      if (viewer === "own") {
        metrics.pageCache.inc({ result: "own" });
        return await limitOf(key)(
          () =>
            new Promise<void>((resolve) => {
              res.once("finish", resolve);
              res.once("close", resolve);
              next();
            }),
        );
      }
      const hit = await store.get(key).catch((error) => {
        log("[page-cache] lookup failed", error);
        return undefined;
      });
      if (hit?.valid) {
        const fresh = Date.now() - hit.answer.storedAt < freshSeconds * 1000;
        if (!fresh) void renderOnce(key, hit.answer).catch((error) => log("[page-cache] refresh failed", error));
        return await send(req, res, hit.answer, fresh ? "HIT" : "STALE");
      }
      const outcome = await renderOnce(key, hit?.answer);
      if (outcome.answer) return await send(req, res, outcome.answer, outcome.stored ? "MISS" : "STALE-ERROR");
      // Not storable (an error, a 404, a private answer): passed on as rendered, for this reader only.
      res.status(outcome.status);
      for (const [name, value] of Object.entries(outcome.headers)) res.setHeader(name, value);
      res.setHeader("X-Cache", "BYPASS");
      metrics.pageCache.inc({ result: "bypass" });
      res.end(req.method === "HEAD" ? undefined : outcome.body);
    } catch (error) {
      next(error);
    }
  };

  /** Renders running and waiting for a slot, per pool (for the metrics). */
  const renderQueue = () => ({ path: { active: limits.path.activeCount, waiting: limits.path.pendingCount }, query: { active: limits.query.activeCount, waiting: limits.query.pendingCount } });
  return { middleware, invalidate: (tags: string[]) => store.invalidate(tags), store, renderQueue };
}
export type PageCache = ReturnType<typeof createPageCache>;
