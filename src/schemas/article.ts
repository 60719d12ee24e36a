import { z } from "zod";
import { ARTICLE_STATUSES, CATEGORIES, CONTENT_TIERS, TEXT_LIMITS } from "./constants.js";
import { idParam, imageUrl, strictBoolean, isoDate, nullableIsoDate, nullableText, optionalText, requiredText } from "./common.js";

const L = TEXT_LIMITS;
const publishedAtInput = z
  .preprocess((v) => (v === "" ? null : v), z.iso.datetime({ offset: true, message: "publishedAt must be an ISO-8601 date-time" }).nullable().optional())
  .describe("ISO-8601 publication time; a future time schedules the article. Omitted or null: set when the article is (first) published; drafts keep none");

const articleFields = {
  slug: optionalText(L.slug).describe("ASCII [a-z0-9-]; accents are folded. Default: from the title with a 6-digit time suffix"),
  excerpt: nullableText(L.excerpt).describe("Empty: the first 200 characters of the content followed by '...'"),
  category: z.enum(CATEGORIES).optional().describe("Default: analysis"),
  author: nullableText(L.author).describe("Default: '{SITE_NAME} Staff'"),
  imageUrl: imageUrl.describe("http(s) URL or site-relative path; empty = none"),
  imageAlt: nullableText(L.imageAlt),
  isPremium: strictBoolean.optional(),
  isBreaking: strictBoolean.optional(),
  status: z.enum(ARTICLE_STATUSES).optional().describe("Default: published"),
  contentTier: z.enum(CONTENT_TIERS).optional().describe("Default: news_brief"),
  publishedAt: publishedAtInput,
};

export const articleCreateInput = z.object({
  title: requiredText(L.title, "Title"),
  content: requiredText(L.content, "Content").describe("Markdown"),
  ...articleFields,
});
export const articleUpdateInput = z.object({
  id: idParam,
  title: requiredText(L.title, "Title").optional(),
  content: requiredText(L.content, "Content").optional().describe("Markdown"),
  ...articleFields,
});
export type ArticleCreateInput = z.infer<typeof articleCreateInput>;
export type ArticleUpdateInput = z.infer<typeof articleUpdateInput>;

export const headingSchema = z.object({
  id: z.string().describe("Anchor id: the heading lowercased, non-word characters removed, spaces as hyphens"),
  text: z.string(),
  level: z.number().int().describe("1-6"),
});

export const articleCardSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  excerpt: z.string(),
  author: z.string(),
  category: z.string(),
  contentTier: z.enum(CONTENT_TIERS),
  imageUrl: z.string().nullable(),
  imageAlt: z.string().nullable(),
  isBreaking: z.boolean(),
  isPremium: z.boolean(),
  status: z.enum(ARTICLE_STATUSES),
  publishedAt: nullableIsoDate,
  createdAt: isoDate,
  updatedAt: isoDate,
});
export const articleSchema = articleCardSchema.extend({
  content: z.string().describe("Markdown"),
  contentHtml: z.string().describe("Sanitised HTML rendered from content, heading ids included"),
  headings: z.array(headingSchema).describe("Headings of the body in order, for a table of contents"),
  gated: z.boolean().optional().describe("true when this is a premium article's preview: the body past its first two paragraphs is sent to members only"),
});
export type ArticleCard = z.infer<typeof articleCardSchema>;
export type ArticleDto = z.infer<typeof articleSchema>;

export const articleListInput = z.object({
  category: z.string().max(50).describe("One of the categories; an unknown value gives []").optional(),
  q: z.string().max(200).describe("Full-text search over title, excerpt, content and category, best match first (title above excerpt above body); the last word matches as a prefix, \"quoted phrases\" as phrases; under 2 characters matches nothing").optional(),
  breaking: z.enum(["true", "false"]).describe("Only breaking (true) or non-breaking (false) articles").optional(),
  limit: z.coerce.number().int().min(1).max(100).default(100).describe("Default 100, at most 100"),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0).describe("Number of matches to skip"),
  cursor: z
    .string()
    .min(1)
    .max(100)
    .describe('Keyset paging: the opaque token from the previous answer\'s `Link: <…>; rel="next"` header (not with offset, nor with q)')
    .optional(),
  updatedSince: z.iso
    .datetime({ offset: true, error: "updatedSince must be an ISO-8601 date-time" })
    .describe("Incremental sync: only articles edited or gone live at or after this time (not with q)")
    .optional(),
});
export type ArticleListInput = z.infer<typeof articleListInput>;

export const adminArticleListInput = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  status: z.enum([...ARTICLE_STATUSES, "scheduled"]).describe("Filter; scheduled = published with a future publishedAt").optional(),
});
export const adminArticleListOutput = z.object({ items: z.array(articleCardSchema), total: z.number().int() });

export const homePageSchema = z.object({
  featured: articleCardSchema.nullable().describe("The newest breaking article"),
  latest: z.array(articleCardSchema).describe("Up to 7 further breaking articles"),
  sections: z
    .array(z.object({ category: z.string(), articles: z.array(articleCardSchema) }))
    .describe("Per category, up to 3 newest non-breaking articles; categories without any are left out"),
});
export type HomePage = z.infer<typeof homePageSchema>;
