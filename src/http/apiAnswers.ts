// The API's answers, computed whole before anything is sent: the page cache renders reads for the anonymous reader
// without any request (`anonymous`); Express routes everyone else's (a session, a partner's key, the cache off) and
// every REST call through sendAnswer (one ETag, conditional GETs). tRPC's mutations go through its Express adapter
// (src/app.ts) with the same hooks.
import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import type { RequestHandler } from "express";
import { createOpenApiNodeHttpHandler } from "trpc-to-openapi";
import type { Services } from "../services/index.js";
import { batchRefusal } from "../trpc/batchGuard.js";
import { createContextInner, requestIdentity, type Context, type RequestIdentity as Identity } from "../trpc/context.js";
import { appRouter, createCaller } from "../trpc/router.js";
import { AnswerRecorder, sendAnswer, type Answer, type AnswerHead } from "./answer.js";
import { createdPaths, locationOf } from "./created.js";
import { restErrorBody, toHttp } from "./toHttp.js";
import { ValidationError } from "../lib/errors.js";

export const MAX_BODY_BYTES = 1024 * 1024;
const CREATED_PATHS = createdPaths(appRouter);

type HookContext = { ctx?: { res?: AnswerHead } };

/** The adapters' hooks, the same for reads and writes, tRPC and REST. */
function apiHooks(services: Pick<Services, "logger">) {
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

/** trpc-to-openapi writes the tRPC code as a REST error's code: a refusal with a reason (the second factor is due) answers the reason instead. */
function withReasonCode(answer: Answer): Answer {
  if (answer.status !== 401 || !answer.body.includes('"reason":')) return answer;
  const body = JSON.parse(answer.body.toString("utf8")) as { data?: { reason?: string } };
  return body.data?.reason ? { ...answer, body: Buffer.from(JSON.stringify({ ...body, code: body.data.reason })) } : answer;
}

/** A REST call as the handler reads it: its address below /api, and the JSON body restJsonBody read (src/app.ts). */
const restRequest = (path: string, method = "GET", body?: unknown) =>
  new Request(`http://localhost${path}`, method === "GET" || method === "HEAD" ? { method } : { method, headers: { "content-type": "application/json" }, body: body === undefined ? undefined : JSON.stringify(body) });

/**
 * A 400 for a query parameter named as a member of every object (`__proto__`, `constructor`, `toString`…):
 * trpc-to-openapi collects the parameters in a plain object and threw on such a name (a 500). No procedure takes one.
 */
function objectMachineryParameter(url: URL): Answer | undefined {
  const name = [...url.searchParams.keys()].find((key) => key in Object.prototype);
  if (name === undefined) return undefined;
  const http = toHttp(new ValidationError(`Unknown query parameter: ${name}`, [{ path: name, message: "Not a parameter of this API" }]));
  return { status: http.status, headers: { ...http.headers, "Content-Type": "application/json" }, body: Buffer.from(JSON.stringify(restErrorBody(http))) };
}

type Caller = ReturnType<typeof createCaller>;

/**
 * REST reads the page cache renders often enough to call their procedure directly on a miss (the same input
 * validation, middleware and output validation, through tRPC's caller, as trpc-to-openapi's handler calls it), without
 * the handler's fetch Request, URL, abort signal and response recorder: a miss of the header's suggestions (a fifth of
 * the bench's typed prefixes at 32 connections) allocated ~124 KB, ~20 KB of it the Request alone.
 */
const SUGGEST_PATH = "/api/search/suggest";
const DIRECT_READS = new Map<string, (caller: Caller, input: Record<string, string>) => Promise<unknown>>([[SUGGEST_PATH, (caller, input) => caller.search.suggest(input as never)]]);
/**
 * Direct reads answered from memory, without a query (src/services/search/vocabulary.ts), for the page cache: a miss is
 * rendered at once rather than after a turn of the event loop and a render slot (createPageCache's `fromMemory`).
 */
const FROM_MEMORY = new Set([SUGGEST_PATH]);

export function apiAnswers(services: Services) {
  const hooks = apiHooks(services);
  /** The context of each REST call, for the handler's createContext (it is given the request, nothing else of ours). */
  const contexts = new WeakMap<Request, Context>();
  const rest = createOpenApiNodeHttpHandler({ router: appRouter, createContext: ({ req }: { req: Request }) => contexts.get(req)!, onError: hooks.onError, responseMeta: hooks.restResponseMeta, maxBodySize: MAX_BODY_BYTES } as never);

  async function trpcRead(url: URL, method: string, who: Identity): Promise<Answer | undefined> {
    // Refused batches are Express's to answer (src/trpc/batchGuard.ts).
    if (batchRefusal(url.pathname)) return undefined;
    const head = new AnswerRecorder();
    const response = await fetchRequestHandler({ endpoint: "/api/trpc", req: new Request(url, { method }), router: appRouter, createContext: () => createContextInner({ services, ...who, res: head }), onError: hooks.onError, responseMeta: hooks.responseMeta });
    // The adapter's headers last, as when it writes them over what the procedures set on Express's response.
    return { status: response.status, headers: { ...head.headers, ...Object.fromEntries(response.headers) }, body: Buffer.from(await response.arrayBuffer()) };
  }

  /** A REST call's answer; with `declinable`, undefined when no procedure has its path (an Express route under /api may), else a 404. */
  async function restCall(request: Request, who: Identity, declinable: boolean): Promise<Answer | undefined> {
    const refused = objectMachineryParameter(new URL(request.url));
    if (refused) return refused;
    const head = new AnswerRecorder();
    contexts.set(request, createContextInner({ services, ...who, res: head }));
    let declined = false;
    // The handler takes Node's request and response; a fetch Request and a recorder serve it as its own fetch adapter's do.
    await rest(request as never, head as never, declinable ? () => void (declined = true) : undefined);
    return declined ? undefined : withReasonCode(await head.done);
  }

  /**
   * A direct read's answer, as trpc-to-openapi's handler answers it (its JSON, its Content-Type, the procedure's
   * headers); undefined when anything differs from the plain case: a repeated parameter (the handler gives the
   * procedure an array) or one named as an object's own machinery (refused by restCall), or an error, which the handler then answers as it always does (its
   * error body, status and log line; the procedure runs again).
   */
  async function directRead(url: URL, read: (caller: Caller, input: Record<string, string>) => Promise<unknown>): Promise<Answer | undefined> {
    const input: Record<string, string> = {};
    for (const [name, value] of url.searchParams) {
      // Repeated (own already) or a member of every object (inherited): the handler's cases.
      if (name in input) return undefined;
      input[name] = value;
    }
    const head = new AnswerRecorder();
    let data: unknown;
    try {
      data = await read(createCaller(createContextInner({ services, res: head })), input);
    } catch {
      return undefined;
    }
    head.setHeader("Content-Type", "application/json");
    return { status: 200, headers: head.headers, body: Buffer.from(JSON.stringify(data)) };
  }

  /** The anonymous reader's REST read: directly when it is one of DIRECT_READS and plain, else through the handler. */
  async function anonymousRest(url: URL): Promise<Answer | undefined> {
    const direct = DIRECT_READS.get(url.pathname);
    return (direct && (await directRead(url, direct))) ?? restCall(restRequest(url.pathname.slice("/api".length) + url.search), {}, true);
  }

  return {
    hooks,
    /** Whether the anonymous reader's answer at `path` is made from memory (the page cache renders it at once). */
    fromMemory: (path: string) => FROM_MEMORY.has(path),
    /** The anonymous reader's answer to a GET of the API, for the page cache; undefined when no procedure has the address. */
    anonymous: (url: URL) =>
      url.pathname.startsWith("/api/trpc/") ? trpcRead(url, "GET", {}) : url.pathname.startsWith("/api/") ? anonymousRest(url) : Promise.resolve(undefined),
    /** Express, on /api/trpc: queries, answered whole. */
    trpcReads: ((req, res, next) => {
      trpcRead(new URL(`http://localhost${req.originalUrl}`), req.method, requestIdentity(services, req, res)).then((found) => (found ? sendAnswer(req, res, found) : next()), next);
    }) satisfies RequestHandler,
    /** Express, on /api once the body is read: every REST call, answered whole (a path no procedure has: a JSON 404). */
    rest: ((req, res, next) => {
      // req.url: below the mount, as a route before may have rewritten it (src/http/pushRoutes.ts).
      restCall(restRequest(req.url, req.method, req.body), requestIdentity(services, req, res), false).then((found) => sendAnswer(req, res, found!), next);
    }) satisfies RequestHandler,
  };
}
