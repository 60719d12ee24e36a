import { z } from "zod";
import { statusOutput } from "../../schemas/site.js";
import { loginAnswer, staffLoginInput } from "../../schemas/staff.js";
import { TwoFactorRequiredError } from "../../lib/errors.js";
import { publicProcedure, router, staffProcedure } from "../trpc.js";

const tags = ["admin"];

export const adminRouter = router({
  status: publicProcedure
    .meta({ cache: false, openapi: { method: "GET", path: "/admin/status", tags, protect: false, summary: "Whether the request carries a valid administrator session" } })
    .input(z.void())
    .output(statusOutput)
    .query(async ({ ctx }) => {
      ctx.markPrivate();
      return { authenticated: await ctx.isAdmin() };
    }),

  login: publicProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/admin/login",
        tags,
        protect: false,
        summary: "Sign in: {email, password, code?}, or the owner's {password}",
        description:
          "A wrong address or password answers 200 {success:false} (the same for an unknown address); repeated failures answer 429 with Retry-After, per client and per account. With two-factor sign-in enabled, a missing or wrong code answers 401 {code: \"TWO_FACTOR_REQUIRED\"}: send the same body again with `code` (6 digits from the app, or a recovery code, each usable once). Sets an HttpOnly session cookie valid 24 hours.",
      },
    })
    .input(staffLoginInput)
    .output(loginAnswer)
    .mutation(async ({ ctx, input }) => {
      const result = await ctx.auth.signIn(input, ctx.clientKey, ctx.client.userAgent);
      const actor = result.actor ?? null;
      if (result.ok) {
        ctx.setSessionCookie(result.token);
        await ctx.audit.record({ actor, action: "login.success", targetType: "staff", targetId: actor?.id, summary: input.email ? "email and password" : "owner password" });
        return { success: true };
      }
      await ctx.audit.record({
        actor: actor ?? (result.email ? { id: null, email: result.email } : null),
        action: result.reason === "two-factor" ? (result.codeGiven ? "login.failure" : "login.second-factor") : "login.failure",
        targetType: "staff",
        targetId: actor?.id,
        summary: result.reason === "two-factor" ? (result.codeGiven ? "wrong second-factor code" : "password right, code asked") : actor ? "wrong password or suspended account" : "unknown address",
      });
      if (result.reason === "two-factor") throw new TwoFactorRequiredError(result.codeGiven ? "That code is not valid (or was already used)" : undefined);
      return { success: false };
    }),

  logout: publicProcedure
    .meta({ openapi: { method: "POST", path: "/admin/logout", tags, protect: false, summary: "End the administrator session" } })
    .input(z.void())
    .output(z.object({ success: z.boolean() }))
    .mutation(async ({ ctx }) => {
      await ctx.auth.logout(ctx.sessionToken);
      ctx.setSessionCookie(null);
      return { success: true };
    }),

  systemStatus: staffProcedure("analytics:read")
    .meta({ openapi: { method: "GET", path: "/admin/system-status", tags, summary: "Facts for the dashboard's system status panel" } })
    .input(z.void())
    .output(
      z.object({
        database: z.object({ kind: z.enum(["sqlite", "mysql", "mariadb"]), reachable: z.boolean(), latencyMs: z.number().nullable() }),
        articles: z.object({ published: z.number().int(), scheduled: z.number().int(), drafts: z.number().int(), archived: z.number().int() }),
        pendingComments: z.number().int(),
        activeSubscribers: z.number().int(),
        premiumRequests: z.number().int().describe("Premium sign-ups awaiting the administrator"),
      }),
    )
    .query(async ({ ctx }) => {
      const latencyMs = await ctx.dbHealth.latencyMs();
      const [byStatus, scheduled, pendingComments, subscribers, premium] = await Promise.all([
        ctx.articles.countByStatus(),
        ctx.articles.listForAdmin({ page: 1, pageSize: 1, status: "scheduled" }).then((r) => r.total),
        ctx.comments.countByStatus("pending"),
        ctx.newsletter.counts(),
        ctx.premium.countsByStatus(),
      ]);
      return {
        database: { kind: ctx.config.databaseKind, reachable: latencyMs !== null, latencyMs },
        articles: { published: (byStatus.published ?? 0) - scheduled, scheduled, drafts: byStatus.draft ?? 0, archived: byStatus.archived ?? 0 },
        pendingComments,
        activeSubscribers: subscribers.active,
        premiumRequests: premium.requested ?? 0,
      };
    }),
});
