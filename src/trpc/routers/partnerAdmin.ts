import { z } from "zod";
import { idParam, successOutput } from "../../schemas/common.js";
import { apiKeyCreateInput, apiKeyCreatedSchema, apiKeySchema, webhookCreateInput, webhookCreatedSchema, webhookDeliverySchema, webhookSchema, webhookUpdateInput } from "../../schemas/partner.js";
import { adminProcedure, router, staffProcedure } from "../trpc.js";

const tags = ["partners"];

/** Staff members' API keys and the administrator's webhook endpoints (never reachable with an API key). */
export const partnerAdminRouter = router({
  createKey: staffProcedure("account:self")
    .meta({ openapi: { method: "POST", path: "/admin/api-keys", tags, summary: "Create an API key of your own", description: "The only answer that carries the key: it is stored as a hash and cannot be shown again. The key acts as you, within your role: scopes beyond it are refused (403), and it stops working if your account is suspended or deleted." }, created: "/admin/api-keys/{id}" })
    .input(apiKeyCreateInput)
    .output(apiKeyCreatedSchema)
    .mutation(({ ctx, input }) => ctx.apiKeys.create(input, ctx.actor)),

  listKeys: staffProcedure("account:self")
    .meta({ openapi: { method: "GET", path: "/admin/api-keys", tags, summary: "API keys, newest first (never the keys themselves): every key for those who manage staff, else your own" } })
    .input(z.void())
    .output(z.array(apiKeySchema))
    .query(({ ctx }) => ctx.apiKeys.list(ctx.actor)),

  revokeKey: staffProcedure("account:self")
    .meta({ openapi: { method: "DELETE", path: "/admin/api-keys/{id}", tags, summary: "Revoke an API key at once, on every instance" } })
    .input(z.object({ id: idParam }))
    .output(apiKeySchema)
    .mutation(({ ctx, input }) => ctx.apiKeys.revoke(input.id, ctx.actor)),

  createWebhook: adminProcedure
    .meta({ openapi: { method: "POST", path: "/admin/webhooks", tags, summary: "Register a webhook endpoint", description: "The only answer that carries the signing secret. Each delivery POSTs {id, type, createdAt, data}. data: the article card and its url (article.published, article.updated, article.unpublished), {id, slug} (article.deleted), the comment without its author's address (comment.created, comment.approved), {subscriberId, confirmedAt} (subscriber.confirmed: subscriberId is an opaque id, the same for one subscriber on every event). No event carries an e-mail address." }, created: "/admin/webhooks/{id}" })
    .input(webhookCreateInput)
    .output(webhookCreatedSchema)
    .mutation(({ ctx, input }) => ctx.webhooks.create(input)),

  listWebhooks: adminProcedure
    .meta({ openapi: { method: "GET", path: "/admin/webhooks", tags, summary: "Every webhook endpoint, with why a disabled one was disabled" } })
    .input(z.void())
    .output(z.array(webhookSchema))
    .query(({ ctx }) => ctx.webhooks.list()),

  updateWebhook: adminProcedure
    .meta({ openapi: { method: "PUT", path: "/admin/webhooks/{id}", tags, summary: "Enable or disable a webhook endpoint", description: "Re-enabling resumes its waiting deliveries in order." } })
    .input(webhookUpdateInput)
    .output(webhookSchema)
    .mutation(({ ctx, input }) => ctx.webhooks.setEnabled(input.id, input.enabled)),

  deleteWebhook: adminProcedure
    .meta({ openapi: { method: "DELETE", path: "/admin/webhooks/{id}", tags, summary: "Delete a webhook endpoint and its delivery log" } })
    .input(z.object({ id: idParam }))
    .output(successOutput)
    .mutation(async ({ ctx, input }) => {
      await ctx.webhooks.remove(input.id);
      return { success: true };
    }),

  deliveries: adminProcedure
    .meta({ openapi: { method: "GET", path: "/admin/webhooks/{id}/deliveries", tags, summary: "The endpoint's 100 newest deliveries: attempts, status, duration, response excerpt" } })
    .input(z.object({ id: idParam }))
    .output(z.array(webhookDeliverySchema))
    .query(({ ctx, input }) => ctx.webhooks.deliveryLog(input.id)),

  redeliver: adminProcedure
    .meta({ openapi: { method: "POST", path: "/admin/webhooks/{id}/deliveries/{deliveryId}/redeliver", tags, summary: "Send a delivery again" } })
    .input(z.object({ id: idParam, deliveryId: idParam }))
    .output(webhookDeliverySchema)
    .mutation(({ ctx, input }) => ctx.webhooks.redeliver(input.id, input.deliveryId)),
});
