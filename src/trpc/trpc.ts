import { initTRPC, TRPCError } from "@trpc/server";
import type { OpenApiMeta } from "trpc-to-openapi";
import { ServiceUnavailableError, UnauthorizedError } from "../lib/errors.js";
import { asDomainError, errorShape, toHttp } from "../http/toHttp.js";
import { runAsActor } from "../lib/actorScope.js";
import { summarizeInput } from "../services/audit.js";
import type { Actor } from "../services/auth.js";
import { can, type Permission } from "../schemas/staff.js";
import { recordQuery, type CacheRule } from "../cache/tags.js";
import { RETRY_AFTER_SECONDS } from "../services/databaseHealth.js";
import type { ApiScope } from "../schemas/partner.js";
import { SERVICES, type Context } from "./context.js";
import { adminServices, readerServices } from "./procedureServices.js";

/**
 * A procedure's OpenAPI description, the API-key scope that lets a partner call an administrator's operation, and for
 * a create the new resource's path (`/articles/{id}`, fields from the answer): REST answers 201 with its Location.
 */
export type ProcedureMeta = OpenApiMeta & {
  scope?: ApiScope;
  created?: string;
  /** What the caller's role must allow (src/schemas/staff.ts); set by staffProcedure. */
  permission?: Permission;
  /** The audit log's action for this mutation (default: the procedure's path); false: not logged (the procedure logs itself). */
  audit?: string | false;
  /** Reachable before a required second factor is set up (the person's own account). */
  beforeTwoFactor?: boolean;
  /** A query's rule for the page cache: what its answer shows (src/cache/tags.ts); every query declares one (test/api/cache/rules.test.ts). */
  cache?: CacheRule;
};

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

/** What a staff procedure may add to its audit entry (a more precise action, the target, a diff summary). */
export interface AuditNote {
  action?: string;
  targetType?: string;
  targetId?: string | number;
  summary?: string;
}

/** The one way to say "signed-in staff only" outside a staff procedure: the answer is private; 401 without a session. */
export async function requireStaff(ctx: Pick<Context, "markPrivate" | "staff">): Promise<Actor> {
  ctx.markPrivate();
  const actor = await ctx.staff();
  if (!actor) throw new UnauthorizedError();
  return actor;
}

/**
 * Staff only, with `permission` in the caller's role (src/schemas/staff.ts): 401 without a session, 403 when the
 * role does not allow it, and 403 for an API key unless the procedure declares a scope (checked by keyScopes; a
 * key acts as its owner, within the owner's role). A role that must use two-factor sign-in reaches only its own
 * account until it is set up (the owner excepted, so existing deployments never lock themselves out). Only past
 * these checks does the procedure get the newsroom's services and `ctx.actor`; its successful mutations are logged.
 */
export const staffProcedure = (permission: Permission) =>
  publicProcedure.meta({ permission, cache: false }).use(async ({ ctx, meta, path, type, getRawInput, next }) => {
    ctx.markPrivate();
    let actor: Actor;
    if (ctx.apiKey) {
      if (!meta?.scope) throw new TRPCError({ code: "FORBIDDEN", message: "API keys cannot use this operation" });
      actor = ctx.apiKey.actor;
    } else actor = await requireStaff(ctx);
    const services = ctx[SERVICES];
    const needed = meta?.permission ?? permission;
    if (!can(actor.role, needed)) throw new TRPCError({ code: "FORBIDDEN", message: `Your role (${actor.role}) does not allow this` });
    if (!ctx.apiKey && !meta?.beforeTwoFactor && actor.role !== "owner" && !actor.twoFactor && services.config.staffTwoFactorRequired.includes(actor.role)) {
      throw new TRPCError({ code: "FORBIDDEN", message: "Set up two-factor sign-in first (My profile)" });
    }
    const audit: AuditNote = {};
    const result = await runAsActor(actor, () => next({ ctx: { ...adminServices(services), actor, auditNote: audit } }));
    if (type === "mutation" && result.ok && meta?.audit !== false) {
      const input = (await getRawInput()) as Record<string, unknown> | undefined;
      const data = result.data as { id?: unknown } | undefined;
      const summary = [audit.summary, summarizeInput(input)].filter(Boolean).join(" — ");
      await services.audit.record({
        actor,
        action: audit.action ?? (typeof meta?.audit === "string" ? meta.audit : path),
        targetType: audit.targetType ?? path.split(".")[0],
        targetId: audit.targetId ?? (input && typeof input === "object" && "id" in input ? (input.id as string) : typeof data?.id === "number" || typeof data?.id === "string" ? data.id : null),
        summary: (actor.keyId ? `[API key ${actor.keyId}] ` : "") + summary,
      });
    }
    return result;
  });

/** The administrator's operations (site settings and the like): a role with `site:manage`. */
export const adminProcedure = staffProcedure("site:manage");

/** Refuses the call (401) without a signed-in reader; gives the procedure `ctx.reader` and the account's services. */
export const readerProcedure = publicProcedure.meta({ cache: false }).use(async ({ ctx, next }) => {
  ctx.markPrivate();
  const { reader } = await ctx.readerState();
  if (!reader) throw new TRPCError({ code: "UNAUTHORIZED", message: "Sign in first" });
  return next({ ctx: { reader, ...readerServices(ctx[SERVICES]) } });
});

/** A staff operation that an API key with `scope` may also call (its owner's role must allow `permission`). */
export const scopedProcedure = (permission: Permission, scope: ApiScope) => staffProcedure(permission).meta({ scope });

export const ADMIN_TAG = "admin";
