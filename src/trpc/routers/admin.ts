import { z } from "zod";
import { loginInput, loginOutput, statusOutput } from "../../schemas/site.js";
import { adminProcedure, publicProcedure, router } from "../trpc.js";

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
    .meta({ openapi: { method: "POST", path: "/admin/login", tags, protect: false, summary: "Log in with the administrator password", description: "A wrong password answers 200 {success:false}; repeated failures answer 429 with Retry-After. Sets an HttpOnly session cookie valid 24 hours." } })
    .input(loginInput)
    .output(loginOutput)
    .mutation(async ({ ctx, input }) => {
      const token = await ctx.auth.login(input.password, ctx.clientKey);
      if (token) ctx.setSessionCookie(token);
      return { success: Boolean(token) };
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

  systemStatus: adminProcedure
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
