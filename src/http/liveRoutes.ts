// GET /api/articles/{id}/live: a live blog's Server-Sent Events (post, update, delete, end), each with an `id:` so a
// browser reconnecting with Last-Event-ID gets exactly what it missed. Mounted before the page cache (a stream is
// never rendered into it) and before any compression (each event is written through at once): the stream is the only
// per-reader cost of a live blog, whose page stays in the page cache. A premium live blog's posts carry their body only
// for members and the newsroom, as every other door of the paywall.
import type { Express, Request, Response } from "express";
import { NotFoundError, ValidationError } from "../lib/errors.js";
import { RESUME_LIMIT } from "../repositories/liveRepository.js";
import type { Services } from "../services/index.js";
import { metrics } from "../services/metrics.js";
import { formatEvent, RETRY_MS, type LiveStream } from "../services/live/liveStreams.js";
import { sessionCookieName } from "../services/auth.js";
import { readerCookieName } from "../services/premium/readerAccounts.js";
import { createContextInner, sessionTokenFrom } from "../trpc/context.js";
import type { KeyPrincipal } from "../services/apiKeys.js";
import { apiKeyAuth } from "./apiKeyAuth.js";
import { showsLiveBodies, type Viewer } from "../presenters/index.js";

export const LIVE_STREAM_PATH = "/api/articles/:id/live";

/** The id a reconnecting client resumes after: the Last-Event-ID header, or `lastEventId` in the query (for clients
 *  that cannot set headers); null for a fresh stream. */
function resumeFrom(req: Request): number | null | "invalid" {
  const raw = req.get("last-event-id") ?? (typeof req.query.lastEventId === "string" ? req.query.lastEventId : undefined);
  if (raw === undefined || raw === "") return null;
  return /^\d{1,10}$/.test(raw.trim()) ? Number(raw.trim()) : "invalid";
}

/** Who reads the stream: its post bodies follow the presenter's rule (src/presenters/live.ts), as on every door. */
function viewerOf(services: Services, req: Request, res: Response): Promise<Viewer> {
  return createContextInner({
    services,
    sessionToken: sessionTokenFrom(req, sessionCookieName(services.config)),
    readerToken: sessionTokenFrom(req, readerCookieName(services.config)),
    apiKey: (res.locals.apiKey as KeyPrincipal | undefined) ?? null,
  }).viewer();
}

export function installLiveRoutes(app: Express, services: Services) {
  const { liveStreams, liveRepository, articles } = services;
  app.get(LIVE_STREAM_PATH, apiKeyAuth(services), async (req, res, next) => {
    const id = Number(req.params.id);
    const resume = resumeFrom(req);
    if (!/^\d{1,10}$/.test(String(req.params.id)) || id < 1 || id > 2_147_483_647) return next(new ValidationError("Invalid input: id must be a positive integer", [{ path: "id", message: "Must be a positive integer" }]));
    if (resume === "invalid") return next(new ValidationError("Invalid input: Last-Event-ID must be an event id from this stream", [{ path: "Last-Event-ID", message: "Must be an event id" }]));
    let stream: LiveStream | undefined;
    let remove: (() => void) | undefined;
    try {
      const article = await articles.findPublishedLiveState(id);
      if (!article.liveStatus) return next(new NotFoundError("This article is not a live blog"));
      const gated = !(await showsLiveBodies(article, () => viewerOf(services, req, res)));
      // Registered before the start is read: whatever is published meanwhile is held, then written after it.
      stream = { articleId: id, gated, lastSeq: 0, res, held: [] };
      remove = liveStreams.add(stream);
      const missed = resume === null ? [] : await liveRepository.eventsAfter(id, resume);
      const lastSeq = resume === null ? await liveRepository.lastEventId(id) : resume;
      if (article.liveStatus === "ended" && resume !== null && !missed.length) {
        // The reader has everything, the end included: 204 tells a browser's EventSource to stop reconnecting.
        remove();
        res.setHeader("Cache-Control", "no-store");
        return void res.status(204).end();
      }
      res.status(200);
      res.setHeader("Content-Type", "text/event-stream; charset=utf-8");
      res.setHeader("Cache-Control", "no-store");
      // nginx and similar proxies pass each event through at once instead of buffering the response.
      res.setHeader("X-Accel-Buffering", "no");
      res.setHeader("Connection", "keep-alive");
      if (req.headers.cookie) res.setHeader("Vary", "Cookie");
      res.flushHeaders();
      req.socket.setNoDelay(true);
      req.socket.setTimeout(0);
      req.on("close", () => remove?.());
      if (missed.length > RESUME_LIMIT) {
        // Too far behind to replay: the page reloads (its cached copy is current).
        res.end(`retry: ${RETRY_MS}\nevent: reload\ndata: {}\n\n`);
        return remove();
      }
      res.write(`retry: ${RETRY_MS}\n: ${article.liveStatus}\n\n`);
      let last = lastSeq;
      for (const event of missed) {
        res.write(formatEvent(event, gated));
        last = event.id;
      }
      metrics.sseEvents.inc(missed.length);
      liveStreams.start(stream, last);
      // An ended live blog has nothing more to send: the reader is told, and the stream closes.
      if (article.liveStatus === "ended") {
        res.end(missed.some((e) => e.kind === "end") ? "" : "event: end\ndata: {}\n\n");
        remove();
      }
    } catch (error) {
      remove?.();
      if (res.headersSent) return void res.destroy();
      next(error);
    }
  });
}

/** The stream in the OpenAPI document (it is no tRPC procedure). */
export function documentLiveStream<T extends { paths?: Record<string, unknown> }>(document: T): T {
  const paths = (document.paths ??= {}) as Record<string, Record<string, unknown>>;
  const error = (description: string) => ({ description, content: { "application/json": { schema: { type: "object", properties: { message: { type: "string" }, code: { type: "string" } } } } } });
  paths["/articles/{id}/live"] = {
    ...paths["/articles/{id}/live"],
    get: {
      operationId: "live-stream",
      summary: "A live blog's updates as Server-Sent Events",
      description:
        "text/event-stream. Events: `post` and `update` (data: the post, as GET /articles/{id}/live-posts gives it), `delete` (data: {id}), `end` (the coverage ended), " +
        "`reconnect` (the server is shutting down: reconnect, another instance answers) and `reload` (more was missed than a stream replays). " +
        "Each post, update, delete and end carries an `id:`; reconnecting with `Last-Event-ID` (or `?lastEventId=`) sends exactly the events after it. " +
        `A comment line every 25 s keeps idle connections open; \`retry:\` suggests ${RETRY_MS} ms between reconnections. ` +
        "A premium live blog's posts carry their body for members only (`gated: true` otherwise).",
      tags: ["live"],
      security: [],
      parameters: [
        { name: "id", in: "path", required: true, schema: { type: "integer" } },
        { name: "Last-Event-ID", in: "header", required: false, schema: { type: "string" }, description: "The id of the last event received" },
        { name: "lastEventId", in: "query", required: false, schema: { type: "string" }, description: "The same, for clients that cannot set headers" },
      ],
      responses: { "200": { description: "The event stream", content: { "text/event-stream": { schema: { type: "string" } } } }, "400": error("Invalid id or Last-Event-ID"), "404": error("No published live blog with this id") },
    },
  };
  return document;
}
