import { z } from "zod";
import { PREMIUM_PLANS, TEXT_LIMITS } from "./constants.js";
import { email, idParam, strictBoolean, isoDate, nullableIsoDate, nullableText, optionalText, requiredText } from "./common.js";

const L = TEXT_LIMITS;

// Comments
export const commentSchema = z.object({
  id: z.number().int(),
  authorName: z.string(),
  content: z.string(),
  isApproved: z.boolean().describe("True when the comment is published (status approved)"),
  createdAt: isoDate,
});
export const commentPostInput = z.object({
  articleId: idParam,
  authorName: requiredText(L.commentName, "Name"),
  authorEmail: email,
  content: requiredText(L.comment, "Comment"),
  website: z.string().max(500).optional().describe("Honeypot: must stay empty; a filled value holds the comment for review"),
});
export type CommentDto = z.infer<typeof commentSchema>;

// Ticker and stocks
export const tickerItemSchema = z.object({
  title: z.string(),
  link: z.string().describe("Site-relative link for our articles, absolute for external feeds"),
  source: z.string().describe("SITE_NAME for our articles, the feed's name otherwise"),
  publishedAt: nullableIsoDate,
  live: z.boolean().optional().describe("true for a running live blog (shown with a LIVE badge)"),
});
export const stockSchema = z.object({
  symbol: z.string(),
  name: z.string(),
  price: z.number().describe("Last close in US dollars"),
  change: z.number().describe("Percent change against the previous close (1.5 = +1.5 %)"),
  asOf: isoDate.describe("Date of the quote (ISO-8601)"),
});
export type TickerItem = z.infer<typeof tickerItemSchema>;
export type Stock = z.infer<typeof stockSchema>;


// Business contacts
export const contactSchema = z.object({
  id: z.string(),
  label: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  description: z.string().nullable(),
  isActive: z.boolean(),
  displayOrder: z.number().int(),
});
const contactFields = {
  label: requiredText(L.contactLabel, "Label"),
  email,
  phone: nullableText(L.contactPhone),
  description: nullableText(L.contactDescription),
  isActive: strictBoolean.optional().describe("Default: true"),
  displayOrder: z.coerce.number().int().min(-1_000_000).max(1_000_000).optional().describe("Default on create: the current number of contacts"),
};
export const contactCreateInput = z.object({
  id: optionalText(100)
    .refine((v) => v === undefined || /^[a-z0-9_-]+$/.test(v), "id may contain only a-z, 0-9, _ and -")
    .describe("Default: derived from the label (lowercase, non-alphanumerics to underscores)"),
  ...contactFields,
});
export const contactUpdateInput = z.object({
  id: z.string().min(1).max(100).describe("From the path"),
  ...contactFields,
  label: contactFields.label.optional(),
  email: contactFields.email.optional(),
});
export type ContactDto = z.infer<typeof contactSchema>;

// Site pages
export const pageSchema = z.object({ id: z.string(), title: z.string(), content: z.string().describe("Markdown") });
export const pageWithHtmlSchema = pageSchema.extend({
  contentHtml: z.string().describe("Sanitised HTML rendered from content"),
  updatedAt: nullableIsoDate.describe("When an administrator last saved it; null for the built-in text"),
});
export const pageUpdateInput = z.object({
  pageId: z.string().max(50),
  title: requiredText(L.pageTitle, "Title"),
  content: requiredText(L.pageContent, "Content"),
});
export type PageDto = z.infer<typeof pageWithHtmlSchema>;

// Newsletter and premium
export const newsletterSubscribeInput = z.object({ email });
/** The one answer to every sign-up, whatever the address's state (it must not reveal whether an address is known). */
export const NEWSLETTER_SIGNUP_MESSAGE = "Check your inbox to confirm your subscription";
export const newsletterSubscribeOutput = z.object({
  success: z.boolean().describe("Always true for a valid address"),
  message: z.string().describe("Always the same text, whatever the address's state"),
});
export const newsletterConfirmInput = z.object({ token: z.string().trim().min(1, "token is required").max(1000).describe("The signed token from the confirmation link") });
export const newsletterConfirmOutput = z.object({
  email: z.string().describe("The address, partly masked"),
  status: z.literal("active").describe("Confirmed: the address receives the daily briefing"),
});
export const premiumSubscribeInput = z.object({
  email,
  plan: z.enum(Object.keys(PREMIUM_PLANS) as [keyof typeof PREMIUM_PLANS]).describe("monthly ($19.99/month) or annual ($199.99/year)"),
});
export const premiumSubscribeOutput = z.object({
  success: z.boolean(),
  url: z.string().optional().describe("With payments connected: the Stripe Checkout page to send the browser to"),
  id: z.number().int().optional().describe("Without payments connected: the recorded sign-up request"),
  plan: z.string(),
  status: z.string().describe("checkout (go to url) or requested (recorded for the administrator)"),
});

// Administrator session
export const loginInput = z.object({ password: z.string().max(1000) });
export const loginOutput = z.object({ success: z.boolean() });
export const statusOutput = z.object({ authenticated: z.boolean() });
