import { initTRPC, TRPCError } from "@trpc/server";
import type { OpenApiMeta } from "trpc-to-openapi";
import { ZodError } from "zod";
import { ConflictError, DomainError, NotFoundError, RateLimitError, UnauthorizedError, ValidationError } from "../lib/errors.js";
import { recordQuery } from "../cache/tags.js";
import { RETRY_AFTER_SECONDS } from "../services/databaseHealth.js";
import type { ApiScope } from "../schemas/partner.js";
import { SERVICES, type Context } from "./context.js";
import { adminServices, readerServices } from "./procedureServices.js";

/** A procedure's OpenAPI description, and the API-key scope that lets a partner call an administrator's operation. */
export type ProcedureMeta = OpenApiMeta & { scope?: ApiScope };

/** The human-readable message of a validation error, naming every invalid field. */
export function invalidInputMessage(fields: { path: string; message: string }[]) {
  const detail = fields.map((f) => (f.path ? `${f.path}: ${f.message}` : f.message)).join("; ");
  return detail.startsWith("Invalid input") ? detail : `Invalid input: ${detail}`;
}

const t = initTRPC
  .context<Context>()
  .meta<ProcedureMeta>()
  .create({
    errorFormatter({ shape, error }) {
      const fields =
        error.cause instanceof ZodError
          ? error.cause.issues.map((i) => ({ path: i.path.join("."), message: i.message }))
          : error.cause instanceof ValidationError
            ? error.cause.fields
            : undefined;
      const message =
        error.code === "INTERNAL_SERVER_ERROR"
          ? "Internal server error"
          : fields?.length && error.cause instanceof ZodError
            ? invalidInputMessage(fields)
            : shape.message;
      // No stack traces, in any environment.
      return { message, code: shape.code, data: { code: shape.data.code, httpStatus: shape.data.httpStatus, path: shape.data.path, fields } };
    },
  });

const CODES = new Map<object, TRPCError["code"]>([
  [NotFoundError, "NOT_FOUND"],
  [ConflictError, "CONFLICT"],
  [ValidationError, "BAD_REQUEST"],
  [UnauthorizedError, "UNAUTHORIZED"],
  [RateLimitError, "TOO_MANY_REQUESTS"],
]);

/** Maps domain errors to tRPC codes, in this one place. */
const domainErrors = t.middleware(async ({ ctx, next }) => {
  const result = await next();
  if (!result.ok) {
    const cause = result.error.cause;
    // The database is unreachable: a 503 the client may retry, never a 500.
    if (ctx.dbHealth.noteError(cause)) {
      ctx.setHeader("Retry-After", String(RETRY_AFTER_SECONDS));
      throw new TRPCError({ code: "SERVICE_UNAVAILABLE", message: "The service is briefly unavailable. Please try again in a few seconds.", cause });
    }
    if (cause instanceof DomainError) {
      if (cause instanceof RateLimitError) ctx.setHeader("Retry-After", String(cause.retryAfterSeconds));
      throw new TRPCError({ code: CODES.get(cause.constructor) ?? "BAD_REQUEST", message: cause.message, cause });
    }
  }
  return result;
});

/** Public answers may be cached briefly by browsers and CDNs, unless a procedure marked them private. */
const publicCache = t.middleware(async ({ ctx, type, path, getRawInput, next }) => {
  const result = await next();
  // Tells the page cache what this answer shows, so exactly the right changes drop it.
  if (type === "query" && result.ok) recordQuery(path, await getRawInput(), result.data);
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
export const adminProcedure = publicProcedure.use(async ({ ctx, meta, next }) => {
  if (ctx.apiKey) {
    ctx.markPrivate();
    if (!meta?.scope) throw new TRPCError({ code: "FORBIDDEN", message: "API keys cannot use this operation" });
  } else await requireAdmin(ctx);
  return next({ ctx: adminServices(ctx[SERVICES]) });
});

/** Refuses the call (401) without a signed-in reader; gives the procedure `ctx.reader` and the account's services. */
export const readerProcedure = publicProcedure.use(async ({ ctx, next }) => {
  ctx.markPrivate();
  const { reader } = await ctx.readerState();
  if (!reader) throw new TRPCError({ code: "UNAUTHORIZED", message: "Sign in first" });
  return next({ ctx: { reader, ...readerServices(ctx[SERVICES]) } });
});

/** An administrator's operation that a partner's API key with `scope` may also call. */
export const scopedProcedure = (scope: ApiScope) => adminProcedure.meta({ scope });

export const ADMIN_TAG = "admin";
