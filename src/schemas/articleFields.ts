// An article's own fields (EDITABLE_ARTICLE_FIELDS), one entry each: the value as every answer gives it (an article,
// a card, a revision) and the input as create and update accept it. The schemas of schemas/article.ts and
// schemas/revision.ts are derived from the two objects below, in this order (the order of the answers' fields).
import { z } from "zod";
import { ARTICLE_STATUSES, CATEGORIES, CONTENT_TIERS, TEXT_LIMITS, type EditableArticleField } from "./constants.js";
import { imageUrl, nullableIsoDate, nullableText, optionalText, requiredText, strictBoolean } from "./common.js";

const L = TEXT_LIMITS;
const publishedAtInput = z
  .preprocess((v) => (v === "" ? null : v), z.iso.datetime({ offset: true, message: "publishedAt must be an ISO-8601 date-time" }).nullable().optional())
  .describe("ISO-8601 publication time; a future time schedules the article. Omitted or null: set when the article is (first) published; drafts keep none");

const ARTICLE_FIELDS = {
  slug: { value: z.string(), input: optionalText(L.slug).describe("ASCII [a-z0-9-]; accents are folded. Default: from the title with a 6-digit time suffix") },
  title: { value: z.string(), input: requiredText(L.title, "Title") },
  excerpt: { value: z.string(), input: nullableText(L.excerpt).describe("Empty: the first 200 characters of the content followed by '...'") },
  content: { value: z.string().describe("Markdown"), input: requiredText(L.content, "Content").describe("Markdown") },
  author: { value: z.string(), input: nullableText(L.author).describe("Default: '{SITE_NAME} Staff'") },
  category: { value: z.string(), input: z.enum(CATEGORIES).optional().describe("Default: analysis") },
  contentTier: { value: z.enum(CONTENT_TIERS), input: z.enum(CONTENT_TIERS).optional().describe("Default: news_brief") },
  imageUrl: { value: z.string().nullable(), input: imageUrl.describe("http(s) URL or site-relative path; empty = none") },
  imageAlt: { value: z.string().nullable(), input: nullableText(L.imageAlt) },
  isBreaking: { value: z.boolean(), input: strictBoolean.optional() },
  isPremium: { value: z.boolean(), input: strictBoolean.optional() },
  status: { value: z.enum(ARTICLE_STATUSES), input: z.enum(ARTICLE_STATUSES).optional().describe("Default: published") },
  publishedAt: { value: nullableIsoDate, input: publishedAtInput },
} satisfies Record<EditableArticleField, { value: z.ZodType; input: z.ZodType }>;

type Fields = typeof ARTICLE_FIELDS;
const shapeOf = <P extends "value" | "input">(part: P) =>
  Object.fromEntries(Object.entries(ARTICLE_FIELDS).map(([key, field]) => [key, field[part]])) as { [K in keyof Fields]: Fields[K][P] };

/** The fields as answers give them. */
export const articleFieldsSchema = z.object(shapeOf("value"));
/** The fields as a create accepts them: title and content required, the others optional with their defaults. */
export const articleFieldsInput = z.object(shapeOf("input"));

export type ArticleFieldValues = z.infer<typeof articleFieldsSchema>;
/** The answers' order of the fields. */
export const ARTICLE_VALUE_ORDER = Object.keys(ARTICLE_FIELDS) as EditableArticleField[];
