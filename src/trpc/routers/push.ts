import { z } from "zod";
import { endpointSchema, pushCampaignSchema, pushSendInput, pushSettingsSchema, pushSubscriptionInput } from "../../schemas/push.js";
import { publicProcedure, router, staffProcedure } from "../trpc.js";

/** Alerts are editors' work (issue 25: "live posts and push alerts"), as every article is. */
const editorProcedure = staffProcedure("articles:any");

const tags = ["push"];

export const pushRouter = router({
  publicKey: publicProcedure
    .meta({ cache: false, openapi: { method: "GET", path: "/push/public-key", tags, protect: false, summary: "The site's VAPID public key (applicationServerKey for PushManager.subscribe)" } })
    .input(z.object({}).optional())
    .output(z.object({ publicKey: z.string().describe("Uncompressed P-256 public key, base64url") }))
    .query(({ ctx }) => ctx.push.publicKey()),
  subscribe: publicProcedure
    .meta({
      created: "/push/subscriptions/{id}",
      openapi: {
        method: "POST",
        path: "/push/subscriptions",
        tags,
        protect: false,
        summary: "Subscribe a browser to breaking-news alerts",
        description:
          "The browser's PushSubscription (endpoint and keys) and the topics it wants. The endpoint follows the rules of every outgoing request: https, a public host, no credentials (plain http and local hosts only with OUTBOUND_ALLOW_LOCAL). The same endpoint again replaces its keys and topics. Rate-limited per client (RATE_LIMIT_PUSH per minute).",
      },
    })
    .input(pushSubscriptionInput)
    .output(z.object({ id: z.number().int() }))
    .mutation(async ({ ctx, input }) => {
      await ctx.limiter.consume("push", ctx.clientKey, ctx.config.rateLimits.push);
      return ctx.push.subscribe(input);
    }),
  unsubscribe: publicProcedure
    .meta({
      openapi: {
        method: "DELETE",
        path: "/push/subscriptions",
        tags,
        protect: false,
        summary: "Stop a browser's alerts",
        description: "The endpoint in a JSON body `{endpoint}` (or as the `endpoint` query parameter). `removed` is false when no subscription had it. Rate-limited like subscribing.",
      },
    })
    .input(z.object({ endpoint: endpointSchema }))
    .output(z.object({ removed: z.boolean() }))
    .mutation(async ({ ctx, input }) => {
      await ctx.limiter.consume("push", ctx.clientKey, ctx.config.rateLimits.push);
      return ctx.push.unsubscribe(input.endpoint);
    }),
  click: publicProcedure
    .meta({ openapi: { method: "POST", path: "/push/clicks", tags, protect: false, summary: "Count a click on an alert (sent by the service worker)", description: "The token of the notification; each delivery's click is counted once, a bad token counts nothing." } })
    .input(z.object({ token: z.string().max(200) }))
    .output(z.object({ ok: z.literal(true) }))
    .mutation(async ({ ctx, input }) => {
      await ctx.push.recordClick(input.token);
      return { ok: true as const };
    }),
  send: editorProcedure
    .meta({ openapi: { method: "POST", path: "/admin/push/send", tags, summary: "Send a breaking-news alert for a published article", description: "Records the alert and one delivery per subscriber of the topic, then sends in the background (bounded concurrency, retries). 404 when the article is not published." }, audit: "push.send" })
    .input(pushSendInput)
    .output(z.object({ campaignId: z.number().int(), recipients: z.number().int().describe("Subscribers of the topic (one delivery each)") }))
    .mutation(async ({ ctx, input }) => {
      const sent = (await ctx.push.send(input))!;
      Object.assign(ctx.auditNote, { targetType: "article", targetId: input.articleId, summary: `campaign ${sent.campaignId}, ${sent.recipients} recipients` });
      return sent;
    }),
  campaigns: editorProcedure
    .meta({ openapi: { method: "GET", path: "/admin/push/campaigns", tags, summary: "The last 50 alerts with their recipients, deliveries, failures and clicks" } })
    .input(z.object({}).optional())
    .output(z.array(pushCampaignSchema))
    .query(({ ctx }) => ctx.push.listCampaigns()),
  settings: editorProcedure
    .meta({ openapi: { method: "GET", path: "/admin/push/settings", tags, summary: "Alert settings (the automatic breaking-news alert)" } })
    .input(z.object({}).optional())
    .output(pushSettingsSchema)
    .query(({ ctx }) => ctx.push.getSettings()),
  updateSettings: editorProcedure
    .meta({ openapi: { method: "PUT", path: "/admin/push/settings", tags, summary: "Change the alert settings" }, audit: "push.settings" })
    .input(pushSettingsSchema)
    .output(pushSettingsSchema)
    .mutation(({ ctx, input }) => ctx.push.updateSettings(input)),
});
