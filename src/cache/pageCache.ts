// The rendered-answer cache in front of everything anonymous readers get: server-rendered pages, public GET
// API answers (REST and tRPC), feeds and sitemaps. Misses for one key render once (coalescing); an expired
// answer is served while one fresh render runs (stale-while-revalidate); a failed render falls back to the
// last good answer (stale-if-error). A miss is rendered by calling the app's renderers directly (the API's
// procedures, feeds, the SSR renderer) for the anonymous reader, with no request, so an answer never depends on the
// reader's cookies or headers. Only a valid session or partner key is answered apart from the shared cache; every
// render, shared or not, waits for a slot of the render limit.
import { promisify } from "node:util";
import zlib from "node:zlib";
import type { Request, RequestHandler, Response } from "express";
import { LRUCache } from "lru-cache";
import pLimit from "p-limit";
import { etagOf, sendAnswer, takesGzip, type Answer } from "../http/answer.js";
import { isNotModified } from "../http/conditional.js";
import { isQueryKey, OWN_BUFFER_BYTES, ownBytes, type AnswerStore, type CachedAnswer } from "./store.js";
import { collectTags } from "./tags.js";
import { takeTurn } from "../lib/turns.js";
import { metrics } from "../services/metrics.js";

const gzipAsync = promisify(zlib.gzip);
const gunzip = promisify(zlib.gunzip);
/**
 * Bodies up to this size are compressed on the event loop: the thread pool's round trip (a stream, a handle, a hop and
 * back) costs more than the compression itself on a small body (CPU per body at level 6: 1 KB 103 µs against 22 µs with
 * gzipSync, 16 KB 209 against 125 µs; 64 KB 1.56 against 1.47 ms); larger pages compress in the thread pool, where their
 * milliseconds hold up no other request. The bytes are the same either way.
 */
const SYNC_GZIP_MAX_BYTES = 16 * 1024;
const gzip = (body: Buffer) => (body.length <= SYNC_GZIP_MAX_BYTES ? zlib.gzipSync(body, { level: 6 }) : gzipAsync(body, { level: 6 }));
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

/** Renders the answer to a GET of `url` for the anonymous reader, without a request; undefined when the address is not its own. */
export type AnonymousRender = (url: URL) => Promise<Answer | undefined>;

export interface PageCacheOptions {
  store: AnswerStore;
  /** Seconds an answer is fresh; after that it is served stale while one render refreshes it. */
  freshSeconds: number;
  log: (message: string, error?: unknown) => void;
  /** Who a request acts for (src/http/cacheViewer.ts); without it every request is `anyone`. */
  viewer?: (req: Request) => Viewer | Promise<Viewer>;
  /** While true (the database is unreachable), a miss is not rendered: the last answer is served, or the app answers. */
  unavailable?: () => boolean;
  /**
   * Paths whose answer is made from memory without a query (src/http/apiAnswers.ts: the header's suggestions): a miss
   * renders at once, without a turn of the event loop or a render slot. A few tens of µs of work gained nothing by
   * waiting behind the heavy renders, and the wait was the whole tail of the suggestions' latency (issue 27).
   */
  fromMemory?: (path: string) => boolean;
}

/** A stored (or last good) answer; an answer for this reader only; or undefined, when no renderer has the address. */
type Outcome = { answer: CachedAnswer; stored: boolean } | { answer: undefined; rendered: Answer } | undefined;

/** A path the URL parser would leave as it is (no dot segment, no empty one, nothing to percent-encode): its own key. */
const PLAIN_PATH = /^(?:\/[A-Za-z0-9_~-][A-Za-z0-9_.~-]*)*\/?$/;

/** The answer's counter labels, by X-Cache state: built once, not on every hit. */
const RESULTS: Record<string, { result: string }> = Object.fromEntries(["HIT", "STALE", "MISS", "STALE-ERROR"].map((state) => [state, { result: state.toLowerCase().replace("-", "_") }]));

/** Distinct sets of kept headers seen lately (a set per kind of answer: every suggestion has the same, most pages
 *  too; per-article or per-list values make sets of their own, which age out). */
const HEADER_SETS = 256;
const headerSets = new LRUCache<string, Readonly<Record<string, string>>>({ max: HEADER_SETS });

/**
 * The headers of a rendered answer worth keeping, as one object shared by every entry that keeps the same ones. Each
 * entry held its own copy, and its own list of them prepared for sending: about 750 bytes an entry (node 20,
 * 2026-11-28), a suggestion's whole cost besides its gzip bytes being ~1,900.
 */
export function keptHeaders(rendered: Answer["headers"]): Readonly<Record<string, string>> {
  const headers: Record<string, string> = {};
  for (const name of KEPT_HEADERS) if (rendered[name] !== undefined) headers[name] = String(rendered[name]);
  const key = JSON.stringify(headers);
  const shared = headerSets.get(key);
  if (shared) return shared;
  headerSets.set(key, headers);
  return headers;
}

/** A set of kept headers as sent, with Vary, prepared once per set (an entry of the Redis store is read anew each
 *  time, with a set of its own, and prepared each time). */
const preparedHeaders = new WeakMap<Readonly<Record<string, string>>, Array<[string, string]>>();
function headersOf(answer: CachedAnswer) {
  let prepared = preparedHeaders.get(answer.headers);
  if (!prepared) preparedHeaders.set(answer.headers, (prepared = [...Object.entries(answer.headers), ["Vary", "Accept-Encoding"]]));
  return prepared;
}

/** Such a path with one query parameter that parsing and sorting leave as they are (a typed suggestion, a page number). */
const PLAIN_PATH_ONE_PARAM = /^(?:\/[A-Za-z0-9_~-][A-Za-z0-9_.~-]*)*\/?\?[A-Za-z0-9*._-]+=[A-Za-z0-9*._-]*$/;
const TRACKING_FIRST = /\?(utm_[a-z]+|fbclid|gclid|mc_cid|mc_eid)=/;

export function cacheKey(req: Request): string {
  if (PLAIN_PATH.test(req.originalUrl)) return req.originalUrl;
  // Its own key too, without parsing it (most suggestions are cache hits): unless a page's one parameter is tracking.
  if (PLAIN_PATH_ONE_PARAM.test(req.originalUrl) && (req.originalUrl.startsWith("/api/") || !TRACKING_FIRST.test(req.originalUrl))) return req.originalUrl;
  const url = new URL(req.originalUrl, "http://x");
  if (!url.pathname.startsWith("/api/")) for (const name of [...url.searchParams.keys()]) if (TRACKING_PARAM.test(name)) url.searchParams.delete(name);
  url.searchParams.sort();
  const query = url.searchParams.toString();
  return url.pathname + (query ? `?${query}` : "");
}

export function isCacheable(req: Request): boolean {
  return (req.method === "GET" || req.method === "HEAD") && !NOT_CACHED.test(req.originalUrl.split("#")[0]) && !NOT_CACHED.test(req.path);
}

/** `renders` are tried in order; the app adds to it as its routes are installed. */
export function createPageCache(renders: readonly AnonymousRender[], options: PageCacheOptions) {
  const { store, freshSeconds } = options;
  const { log } = options;
  const inflight = new Map<string, Promise<Outcome>>();
  const limits = { query: pLimit(RENDER_CONCURRENCY), path: pLimit(RENDER_CONCURRENCY) };
  const limitOf = (key: string) => limits[isQueryKey(key) ? "query" : "path"];
  const plainBodies = new LRUCache<string, Buffer>({ maxSize: PLAIN_BODIES_BYTES, sizeCalculation: (body) => body.length + OWN_BUFFER_BYTES });
  const plainBody = async (answer: CachedAnswer) => {
    let body = plainBodies.get(answer.etag);
    if (!body) plainBodies.set(answer.etag, (body = ownBytes(await gunzip(answer.gzip))));
    return body;
  };

  async function renderAnonymous(url: URL): Promise<Answer | undefined> {
    for (const render of renders) {
      const answer = await render(url);
      if (answer) return answer;
    }
    return undefined;
  }

  async function render(key: string, last: CachedAnswer | undefined): Promise<Outcome> {
    if (options.unavailable?.()) return last && { answer: last, stored: false };
    const seq = await store.sequence();
    const { collector, result } = collectTags(() => renderAnonymous(new URL(key, "http://localhost")));
    const rendered = await result;
    if (!rendered) return undefined;
    const storable =
      rendered.status === 200 &&
      !/private|no-store/.test(String(rendered.headers["cache-control"] ?? "")) &&
      rendered.headers["set-cookie"] === undefined &&
      collector.tags.size > 0 &&
      !collector.untracked;
    if (rendered.status >= 500 && last) return { answer: last, stored: false };
    if (!storable) return { answer: undefined, rendered };
    const answer: CachedAnswer = {
      status: 200,
      headers: keptHeaders(rendered.headers),
      gzip: rendered.gzip ?? (await gzip(rendered.body)),
      etag: etagOf(rendered),
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
      // A render that reads the database takes a slot, then starts in a turn of the event loop of its own
      // (src/lib/turns.ts). On SQLite a render's queries answer synchronously, so a queue of renders (a flood of searches,
      // RENDER_CONCURRENCY at a time) would otherwise run as one chain of promises, and no cached hit waiting on a socket
      // would be answered until the whole queue had drained. An answer made from memory renders at once.
      const heavy = !options.fromMemory?.(key.split("?", 1)[0]);
      running = (heavy ? limitOf(key)(() => takeTurn().then(() => render(key, last))) : render(key, last))
        .catch((error): Outcome => {
          if (last) return { answer: last, stored: false };
          throw error;
        })
        .finally(() => inflight.delete(key));
      inflight.set(key, running);
    }
    return running;
  }

  /** Sends a stored answer: at once to a client that takes gzip (nearly all), after the plain body is ready otherwise. */
  function send(req: Request, res: Response, answer: CachedAnswer, state: string): void | Promise<void> {
    res.status(answer.status);
    for (const [name, value] of headersOf(answer)) res.setHeader(name, value);
    // Any change drops the answer, so what it shows has not changed since it was rendered.
    const lastModified = answer.headers["last-modified"] ?? new Date(answer.storedAt).toUTCString();
    res.setHeader("ETag", answer.etag);
    res.setHeader("Last-Modified", lastModified);
    res.setHeader("X-Cache", state);
    metrics.pageCache.inc(RESULTS[state]);
    res.setHeader("Age", String(Math.max(0, Math.floor((Date.now() - answer.storedAt) / 1000))));
    if (isNotModified(req, answer.etag, lastModified)) {
      res.status(304).end();
      return;
    }
    const end = (body: Buffer) => {
      res.setHeader("Content-Length", String(body.length));
      res.end(req.method === "HEAD" ? undefined : body);
    };
    if (!takesGzip(req)) return plainBody(answer).then(end);
    res.setHeader("Content-Encoding", "gzip");
    end(answer.gzip);
  }

  const middleware: RequestHandler = async (req, res, next) => {
    if (!isCacheable(req)) return next();
    try {
      const key = cacheKey(req);
      // Nearly always known at once (no cookie, no key): no promise to wait for.
      const seen = options.viewer ? options.viewer(req) : "anyone";
      const viewer = typeof seen === "string" ? seen : await seen;
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
      if (!outcome) return next();
      if (outcome.answer) return await send(req, res, outcome.answer, outcome.stored ? "MISS" : "STALE-ERROR");
      // Not storable (an error, a 404, a private answer): passed on as rendered, for this reader only.
      res.setHeader("X-Cache", "BYPASS");
      metrics.pageCache.inc({ result: "bypass" });
      sendAnswer(req, res, outcome.rendered);
    } catch (error) {
      next(error);
    }
  };

  /** Renders running and waiting for a slot, per pool (for the metrics). */
  const renderQueue = () => ({ path: { active: limits.path.activeCount, waiting: limits.path.pendingCount }, query: { active: limits.query.activeCount, waiting: limits.query.pendingCount } });
  return { middleware, invalidate: (tags: string[]) => store.invalidate(tags), store, renderQueue };
}
export type PageCache = ReturnType<typeof createPageCache>;
