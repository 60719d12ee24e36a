import { z } from "zod";
import { isoDate, nullableIsoDate, requiredText } from "./common.js";

/** What a partner's API key may do. A key never reaches the administrator's settings, keys or webhooks. */
export const API_SCOPES = ["content:read", "articles:write", "comments:moderate", "analytics:read"] as const;
export type ApiScope = (typeof API_SCOPES)[number];
export const API_SCOPE_LABELS: Record<ApiScope, string> = {
  "content:read": "Read published content",
  "articles:write": "Create, edit and delete articles; read drafts (and published content)",
  "comments:moderate": "Moderate comments",
  "analytics:read": "Read analytics",
};

/** Scopes a scope includes: whoever may write articles may read what is published. */
export const IMPLIED_SCOPES: Partial<Record<ApiScope, ApiScope[]>> = { "articles:write": ["content:read"] };

export const apiKeyCreateInput = z.object({
  label: requiredText(100, "Label"),
  scopes: z.array(z.enum(API_SCOPES)).min(1, "Choose at least one scope").max(API_SCOPES.length).describe("What the key may do"),
  expiresAt: z.iso.datetime({ offset: true, error: "expiresAt must be an ISO-8601 date-time" }).nullable().optional().describe("When the key stops working; omitted or null = never"),
});
export type ApiKeyCreateInput = z.infer<typeof apiKeyCreateInput>;

export const apiKeySchema = z.object({
  id: z.number().int(),
  label: z.string(),
  prefix: z.string().describe("The key's first characters, to tell keys apart"),
  scopes: z.array(z.enum(API_SCOPES)),
  createdAt: isoDate,
  expiresAt: nullableIsoDate,
  lastUsedAt: nullableIsoDate,
  revokedAt: nullableIsoDate,
  active: z.boolean().describe("Neither revoked nor expired"),
});
export type ApiKeyDto = z.infer<typeof apiKeySchema>;
export const apiKeyCreatedSchema = apiKeySchema.extend({ key: z.string().describe("The key itself: shown only in this answer, stored only as a hash") });

export const WEBHOOK_EVENTS = ["article.published", "article.updated", "article.unpublished", "article.deleted", "comment.created", "comment.approved", "subscriber.confirmed", "live.posted"] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENTS)[number];

export const webhookCreateInput = z.object({
  url: z.string().trim().max(2000).pipe(z.url({ protocol: /^https?$/, error: "Enter an http(s) URL" })).describe("Where events are POSTed (https; http only with OUTBOUND_ALLOW_LOCAL, for local receivers in tests)"),
  events: z.array(z.enum(WEBHOOK_EVENTS)).min(1, "Choose at least one event").max(WEBHOOK_EVENTS.length),
});
export const webhookUpdateInput = z.object({
  id: z.coerce.number().int().positive().max(2_147_483_647),
  enabled: z.literal([true, false], { error: "must be true or false" }).describe("true re-enables a disabled endpoint"),
});

export const webhookSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  createdAt: isoDate,
  enabled: z.boolean(),
  disabledAt: nullableIsoDate,
  disabledReason: z.string().nullable().describe("Why the endpoint was disabled"),
  failingSince: nullableIsoDate.describe("Start of the current run of failed attempts"),
  pending: z.number().int().describe("Deliveries waiting to be sent"),
});
export const webhookCreatedSchema = webhookSchema.extend({ secret: z.string().describe("The signing secret: shown only in this answer") });

export const DELIVERY_STATUSES = ["pending", "delivered", "failed"] as const;
export const webhookDeliverySchema = z.object({
  id: z.number().int(),
  eventId: z.string(),
  type: z.enum(WEBHOOK_EVENTS),
  status: z.enum(DELIVERY_STATUSES),
  attempts: z.number().int(),
  createdAt: isoDate,
  lastAttemptAt: nullableIsoDate,
  nextAttemptAt: nullableIsoDate,
  lastStatusCode: z.number().int().nullable(),
  lastDurationMs: z.number().int().nullable(),
  lastResponse: z.string().nullable().describe("The first 500 characters of the last answer, or the error"),
  deliveredAt: nullableIsoDate,
});
export type WebhookDeliveryDto = z.infer<typeof webhookDeliverySchema>;
