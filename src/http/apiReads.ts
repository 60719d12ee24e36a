// The API's reads (tRPC queries and REST GETs), answered whole before anything is sent: the page cache renders them
// for the anonymous reader without any request (`anonymous`), and Express routes everyone else's (a session, a
// partner's key, the cache off) through `route`, which sends them with sendAnswer (one ETag, conditional GETs).
// Writes go through the adapters' Express middleware (src/app.ts) with the same hooks.
import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import type { RequestHandler } from "express";
import { createOpenApiNodeHttpHandler } from "trpc-to-openapi";
import type { Services } from "../services/index.js";
import { batchRefusal } from "../trpc/batchGuard.js";
import { createContextInner, requestIdentity, type Context, type ContextOptions } from "../trpc/context.js";
import { appRouter } from "../trpc/router.js";
import { AnswerRecorder, sendAnswer, type Answer, type AnswerHead } from "./answer.js";
import { createdPaths, locationOf } from "./created.js";
import { toHttp } from "./toHttp.js";

export const MAX_BODY_BYTES = 1024 * 1024;
const CREATED_PATHS = createdPaths(appRouter);

type Identity = Omit<ContextOptions, "services" | "res">;
type HookContext = { ctx?: { res?: AnswerHead } };

/** The adapters' hooks, the same for reads and writes, tRPC and REST. */
export function apiHooks(services: Pick<Services, "logger">) {
  return {
    onError: ({ error, path }: { error: { code: string; message: string; cause?: unknown }; path?: string }) => {
      if (error.code === "INTERNAL_SERVER_ERROR") services.logger.error({ err: error.cause ?? error, procedure: path }, `procedure failed: ${path ?? "?"}`);
    },
    /** tRPC sets its own Vary header last: keep "Cookie" in it on answers marked private. */
    responseMeta: ({ ctx }: HookContext) => (String(ctx?.res?.getHeader("Cache-Control") ?? "").includes("private") ? { headers: { vary: ["Cookie"] } } : {}),
    /**
     * REST status: an error's from toHttp() (as tRPC's formatter, so both doors agree); on success what a procedure
     * chose through ctx.setRestStatus (202 for accepted work), else 201 with the new resource's Location for a create.
     */
    restResponseMeta: ({ ctx, paths, data, errors }: HookContext & { paths?: string[]; data?: unknown[]; errors: unknown[] }) => {
      if (errors.length) {
        const { status, headers } = toHttp(errors[0]);
        return { status, headers };
      }
      const created = paths?.[0] ? CREATED_PATHS.get(paths[0]) : undefined;
      const location = created ? locationOf(created, data?.[0]) : undefined;
      const status = (ctx?.res?.locals.restStatus as number | undefined) ?? (created ? 201 : undefined);
      return { ...(status ? { status } : {}), ...(location ? { headers: { location } } : {}) };
    },
  };
}

export function apiReads(services: Services) {
  const hooks = apiHooks(services);
  /** The context of each REST read, for the handler's createContext (it is given the request, nothing else of ours). */
  const contexts = new WeakMap<Request, Context>();
  const rest = createOpenApiNodeHttpHandler({ router: appRouter, createContext: ({ req }: { req: Request }) => contexts.get(req)!, onError: hooks.onError, responseMeta: hooks.restResponseMeta, maxBodySize: MAX_BODY_BYTES } as never);

  async function trpc(url: URL, who: Identity): Promise<Answer | undefined> {
    // Refused batches are Express's to answer (src/trpc/batchGuard.ts).
    if (batchRefusal(url.pathname)) return undefined;
    const head = new AnswerRecorder();
    const response = await fetchRequestHandler({ endpoint: "/api/trpc", req: new Request(url), router: appRouter, createContext: () => createContextInner({ services, ...who, res: head }), onError: hooks.onError, responseMeta: hooks.responseMeta });
    // The adapter's headers last, as when it writes them over what the procedures set on Express's response.
    return { status: response.status, headers: { ...head.headers, ...Object.fromEntries(response.headers) }, body: Buffer.from(await response.arrayBuffer()) };
  }

  /** A REST GET's answer; undefined when no procedure has that path (an Express route under /api may). */
  async function restRead(url: URL, who: Identity): Promise<Answer | undefined> {
    const head = new AnswerRecorder();
    const req = new Request(new URL(url.pathname.slice("/api".length) + url.search, url));
    contexts.set(req, createContextInner({ services, ...who, res: head }));
    let declined = false;
    // The handler takes Node's request and response; a fetch Request and a recorder serve it as its own fetch adapter's do.
    await rest(req as never, head as never, () => void (declined = true));
    return declined ? undefined : head.done;
  }

  /** The answer to a GET of `url` for `who`; undefined when it is not a procedure's. */
  const answer = (url: URL, who: Identity) => (url.pathname.startsWith("/api/trpc/") ? trpc(url, who) : url.pathname.startsWith("/api/") ? restRead(url, who) : Promise.resolve(undefined));

  const route: RequestHandler = (req, res, next) => {
    answer(new URL(req.originalUrl, "http://localhost"), requestIdentity(services, req, res)).then((found) => (found ? sendAnswer(req, res, found) : next()), next);
  };
  return { anonymous: (url: URL) => answer(url, {}), route, hooks };
}
