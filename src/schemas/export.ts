// The site's own export, version 1: one JSON document with everything a publication owns — articles (with
// their revisions when asked), comments, static pages, business contacts, newsletter subscribers with their
// consent state, the settings and the redirects. No secrets: no password or session hashes, no API-key or
// webhook secrets, no APP_SECRET, no tokens; readers' accounts and payments stay with Stripe and are not in it.
// Records refer to each other by natural keys (an article's slug, a page's or contact's id), never by row ids,
// so the document restores into another database unchanged. Dates are ISO-8601 with milliseconds.
import { z } from "zod";
import { isSiteRelativeTarget, normaliseSource } from "../lib/redirectPaths.js";
import { ARTICLE_STATUSES, CATEGORIES, COMMENT_STATUSES, CONTENT_TIERS, TEXT_LIMITS, type EditableArticleField } from "./constants.js";
import { STATIC_PAGE_IDS } from "./pages.js";
import { siteSettingsSchema } from "./settings.js";

export const EXPORT_FORMAT = "defense-sentinel-export";
export const EXPORT_VERSION = 1;

const date = z.iso.datetime({ offset: true }).describe("ISO-8601");
const nullableDate = date.nullable();
const L = TEXT_LIMITS;

/** An article's own fields as stored, stricter than the API's input (no defaults, no trimming); every one is exported. */
const articleFields = {
  slug: z.string().min(1).max(L.slug).regex(/^[a-z0-9-]+$/),
  title: z.string().min(1).max(L.title),
  excerpt: z.string().max(510),
  content: z.string().max(L.content).describe("Markdown; the HTML is rendered from it again on restore"),
  author: z.string().max(L.author),
  category: z.enum(CATEGORIES),
  contentTier: z.enum(CONTENT_TIERS),
  imageUrl: z.string().max(L.imageUrl).nullable(),
  imageAlt: z.string().max(L.imageAlt).nullable(),
  isBreaking: z.boolean(),
  isPremium: z.boolean(),
  status: z.enum(ARTICLE_STATUSES),
  publishedAt: nullableDate,
} satisfies Record<EditableArticleField, z.ZodType>;

export const exportRevisionSchema = z.object({
  ...articleFields,
  kind: z.enum(["create", "edit", "status", "restore"]),
  restoredFrom: z.number().int().min(0).nullable().describe("For a restore: the position in this list of the revision it brought back (null when that one was pruned)"),
  savedBy: z.string().max(100),
  savedAt: date,
  wordCount: z.number().int().min(0),
});

export const exportArticleSchema = z.object({
  ...articleFields,
  createdAt: date,
  updatedAt: date,
  revisions: z.array(exportRevisionSchema).max(10_000).optional().describe("Oldest first; present when the export was asked with revisions=true"),
});

export const exportDocumentSchema = z.object({
  format: z.literal(EXPORT_FORMAT),
  version: z.literal(EXPORT_VERSION),
  exportedAt: date,
  site: z.object({ name: z.string(), url: z.string() }),
  articles: z.array(exportArticleSchema).describe("Oldest first (by creation)"),
  comments: z.array(
    z.object({
      article: z.string().describe("The article's slug"),
      authorName: z.string().max(L.commentName),
      authorEmail: z.string().max(L.email).describe("Private: never shown to readers"),
      content: z.string().max(L.comment),
      status: z.enum(COMMENT_STATUSES),
      moderationReason: z.string().max(200).nullable(),
      createdAt: date,
    }),
  ),
  pages: z.array(z.object({ id: z.enum(STATIC_PAGE_IDS), title: z.string().max(L.pageTitle), content: z.string().max(L.pageContent), updatedAt: date })).describe("Only the pages the administrator edited; the others keep their built-in text"),
  contacts: z.array(
    z.object({
      id: z.string().min(1).max(100),
      label: z.string().max(L.contactLabel),
      email: z.string().max(L.email),
      phone: z.string().max(L.contactPhone).nullable(),
      description: z.string().max(L.contactDescription).nullable(),
      isActive: z.boolean(),
      displayOrder: z.number().int(),
      createdAt: date,
      updatedAt: date,
    }),
  ),
  subscribers: z.array(
    z.object({
      email: z.string().max(L.email),
      status: z.enum(["pending", "active", "unsubscribed", "bouncing"]).describe("The consent state: pending (signed up, never confirmed), active (confirmed by the double opt-in link), unsubscribed, bouncing"),
      createdAt: date,
      confirmedAt: nullableDate.describe("When the address confirmed (the consent's proof)"),
      unsubscribedAt: nullableDate,
    }),
  ),
  settings: siteSettingsSchema.describe("Growth targets and revenue split (no secret is a setting here)"),
  redirects: z.array(z.object({ source: z.string().max(400).refine((v) => normaliseSource(v) === v && v !== "/", "not a normalised old address"), target: z.string().max(400).refine(isSiteRelativeTarget, "must be a path on this site"), origin: z.enum(["wordpress", "admin"]), hits: z.number().int().min(0), lastHitAt: nullableDate, createdAt: date })),
});
export type ExportDocument = z.infer<typeof exportDocumentSchema>;
export type ExportArticle = z.infer<typeof exportArticleSchema>;
