import { initTRPC, TRPCError } from "@trpc/server";
import type { OpenApiMeta } from "trpc-to-openapi";
import { ServiceUnavailableError, UnauthorizedError } from "../lib/errors.js";
import { asDomainError, errorShape, toHttp } from "../http/toHttp.js";
import { recordQuery, type CacheRule } from "../cache/tags.js";
import { RETRY_AFTER_SECONDS } from "../services/databaseHealth.js";
import type { ApiScope } from "../schemas/partner.js";
import { SERVICES, type Context } from "./context.js";
import { adminServices, readerServices } from "./procedureServices.js";

/**
 * A procedure's OpenAPI description, the API-key scope that lets a partner call an administrator's operation, for
 * a create the new resource's path (`/articles/{id}`, fields from the answer): REST answers 201 with its Location;
 * and for a query what its answer shows, for the page cache (every query declares it: test/api/cache-rules.test.ts).
 */
export type ProcedureMeta = OpenApiMeta & { scope?: ApiScope; created?: string; cache?: CacheRule };

const t = initTRPC
  .context<Context>()
  .meta<ProcedureMeta>()
  .create({
    // The body through toHttp(), the one error table; no stack traces, in any environment.
    errorFormatter: ({ error, path }) => errorShape(toHttp(error), path),
  });

/** Domain errors (and inputs their schema refused) become tRPC errors with their own code and message, in this one place. */
const domainErrors = t.middleware(async ({ ctx, next }) => {
  const result = await next();
  if (result.ok) return result;
  // The database is unreachable: a 503 the client may retry, never a 500.
  const domain = ctx.dbHealth.noteError(result.error.cause) ? new ServiceUnavailableError(RETRY_AFTER_SECONDS) : asDomainError(result.error);
  if (!domain) return result;
  for (const [name, value] of Object.entries(domain.headers())) ctx.setHeader(name, value);
  throw new TRPCError({ code: domain.code, message: domain.message, cause: domain });
});

/** Public answers may be cached briefly by browsers and CDNs, unless a procedure marked them private. */
const publicCache = t.middleware(async ({ ctx, type, meta, getRawInput, next }) => {
  const result = await next();
  // Tells the page cache what this answer shows, so exactly the right changes drop it.
  if (type === "query" && result.ok) recordQuery(meta?.cache, await getRawInput(), result.data);
  if (type === "query" && result.ok && ctx.res && !ctx.res.headersSent && !String(ctx.res.getHeader("Cache-Control") ?? "").includes("private")) {
    ctx.res.setHeader("Cache-Control", "public, max-age=30, s-maxage=60");
  }
  if (type === "mutation") ctx.setHeader("Cache-Control", "no-store");
  return result;
});

/**
 * A request with an API key acts with exactly the key's scopes: public procedures need `content:read`,
 * an administrator's operation the scope its builder declares (403 otherwise). Its answers are never shared.
 */
const keyScopes = t.middleware(({ ctx, meta, next }) => {
  if (!ctx.apiKey) return next();
  ctx.markPrivate();
  const needed = meta?.scope ?? "content:read";
  if (!ctx.hasScope(needed)) throw new TRPCError({ code: "FORBIDDEN", message: `This API key lacks the scope ${needed}` });
  return next();
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;
export const publicProcedure = t.procedure.use(domainErrors).use(publicCache).use(keyScopes);

/**
 * The one way to say "administrator only": the answer is private, and without a valid
 * administrator session the call is refused (401), whichever door it comes through.
 */
export async function requireAdmin(ctx: Pick<Context, "markPrivate" | "isAdmin">): Promise<void> {
  ctx.markPrivate();
  if (!(await ctx.isAdmin())) throw new UnauthorizedError();
}

/**
 * Administrator only; API keys get 403 unless the procedure declares a scope (checked by keyScopes).
 * Only past this check does the procedure get the newsroom's services.
 */
export const adminProcedure = publicProcedure.meta({ cache: false }).use(async ({ ctx, meta, next }) => {
  if (ctx.apiKey) {
    ctx.markPrivate();
    if (!meta?.scope) throw new TRPCError({ code: "FORBIDDEN", message: "API keys cannot use this operation" });
  } else await requireAdmin(ctx);
  return next({ ctx: adminServices(ctx[SERVICES]) });
});

/** Refuses the call (401) without a signed-in reader; gives the procedure `ctx.reader` and the account's services. */
export const readerProcedure = publicProcedure.meta({ cache: false }).use(async ({ ctx, next }) => {
  ctx.markPrivate();
  const { reader } = await ctx.readerState();
  if (!reader) throw new TRPCError({ code: "UNAUTHORIZED", message: "Sign in first" });
  return next({ ctx: { reader, ...readerServices(ctx[SERVICES]) } });
});

/** An administrator's operation that a partner's API key with `scope` may also call. */
export const scopedProcedure = (scope: ApiScope) => adminProcedure.meta({ scope });

export const ADMIN_TAG = "admin";
