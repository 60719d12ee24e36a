// Breaking-news web push: the topics a reader picks, the subscription a browser hands over, the editor's alert and
// its figures. Shared by the API and the browser (the bell's dialog lists the topics from here).
import { z } from "zod";
import { PUSH_TOPICS } from "./pushTopics.js";

export { PUSH_TOPICS, pushTopicLabel, type PushTopic } from "./pushTopics.js";

/** Longest endpoint URL accepted (the big push services' are under 500 characters). */
export const MAX_ENDPOINT_LENGTH = 1000;
export const MAX_ALERT_TITLE = 120;
export const MAX_ALERT_BODY = 300;


const topicSchema = z.enum(PUSH_TOPICS, { error: `Unknown topic: one of ${PUSH_TOPICS.join(", ")}` });

export const endpointSchema = z.string().trim().min(1, "Required").max(MAX_ENDPOINT_LENGTH, `At most ${MAX_ENDPOINT_LENGTH} characters`).describe("The push service's URL for this browser (PushSubscription.endpoint)");

export const pushSubscriptionInput = z.object({
  endpoint: endpointSchema,
  keys: z.object({
    // 65 bytes starting with 0x04 (an uncompressed point) are 87 base64url characters starting with "B".
    p256dh: z.string().trim().regex(/^B[A-Za-z0-9_-]{86}=?$/, "p256dh must be an uncompressed P-256 public key (65 bytes, base64url)").describe("The browser's P-256 public key, base64url (65 bytes)"),
    auth: z.string().trim().regex(/^[A-Za-z0-9_-]{21}[AQgw](==)?$/, "auth must be 16 bytes, base64url").describe("The browser's authentication secret, base64url (16 bytes)"),
  }),
  topics: z.array(topicSchema).min(1, "Choose at least one topic").max(PUSH_TOPICS.length).describe(`Alerts wanted: ${PUSH_TOPICS.join(", ")}`),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionInput>;

const optionalText = (max: number, what: string) =>
  z
    .string()
    .trim()
    .max(max, `${what}: at most ${max} characters`)
    .optional()
    .transform((v) => (v ? v : undefined));

export const pushSendInput = z.object({
  articleId: z.number().int().positive().describe("The published article the alert opens"),
  title: optionalText(MAX_ALERT_TITLE, "Title").describe("The notification's title; the article's title when omitted"),
  body: optionalText(MAX_ALERT_BODY, "Body").describe("The notification's text; the article's excerpt when omitted"),
  topic: topicSchema.describe("Who receives it: the subscribers of this topic"),
});
export type PushSendInput = Omit<z.infer<typeof pushSendInput>, "title" | "body"> & { title?: string; body?: string };

const count = (text: string) => z.number().int().describe(text);

export const pushCampaignSchema = z.object({
  id: z.number().int(),
  sentAt: z.string().describe("ISO-8601 time the alert was recorded and sending began"),
  topic: z.enum(PUSH_TOPICS),
  title: z.string(),
  body: z.string(),
  articleId: z.number().int().nullable().describe("null once the article was deleted"),
  url: z.string().describe("The page the notification opens (site-relative)"),
  automatic: z.boolean().describe("Sent on publication of a breaking article, not by an editor"),
  status: z.enum(["sending", "sent"]).describe("sending while deliveries are pending (retries included), then sent"),
  recipients: count("Subscribers of the topic when the alert was recorded (one delivery each)"),
  delivered: count("Deliveries the push service accepted (2xx)"),
  failed: count("Deliveries given up: refused, expired subscriptions (404/410, removed), or retries exhausted"),
  pending: count("Deliveries still waiting to be sent or retried"),
  clicks: count("Recipients who opened the article from the notification (each counted once)"),
});
export type PushCampaignDto = z.infer<typeof pushCampaignSchema>;

export const pushSettingsSchema = z.object({
  autoBreaking: z.boolean().describe("Send an alert to the breaking-news topic when a breaking article is published"),
});
export type PushSettings = z.infer<typeof pushSettingsSchema>;

/** What the service worker receives in each push message. */
export interface PushPayload {
  title: string;
  body: string;
  /** Site-relative page to open, with the alert's marker (utm parameters, kept out of the page cache's key). */
  url: string;
  /** Signed per delivery: the worker reports the click with it, counted once. */
  token: string;
  tag: string;
}
