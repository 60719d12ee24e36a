import { z } from "zod";
import { ARTICLE_STATUSES } from "./constants.js";
import { articleFieldsInput, articleFieldsSchema } from "./articleFields.js";
import { idParam, isoDate, nullableIsoDate } from "./common.js";
import { searchOptionFields } from "./searchOptions.js";
import { SEARCH_QUERY_MAX } from "./searchConstants.js";
import { liveStatusInput, liveStatusValue } from "./live.js";

// The article's own fields come from schemas/articleFields.ts; this file adds what the article has beside them.
export const articleCreateInput = articleFieldsInput;
export const articleUpdateInput = z.object({ id: idParam }).extend(articleFieldsInput.partial().shape).extend({ liveStatus: liveStatusInput });
export type ArticleCreateInput = z.infer<typeof articleCreateInput>;
export type ArticleUpdateInput = z.infer<typeof articleUpdateInput>;

export const headingSchema = z.object({
  id: z.string().describe("Anchor id: the heading lowercased, non-word characters removed, spaces as hyphens"),
  text: z.string(),
  level: z.number().int().describe("1-6"),
});

/** An article without its body, as lists and the home page show it. */
export const articleCardSchema = z
  .object({ id: z.number().int() })
  .extend(articleFieldsSchema.omit({ content: true }).shape)
  .extend({
    liveStatus: liveStatusValue,
    liveStartedAt: nullableIsoDate.describe("When the live coverage started (null unless a live blog)"),
    liveEndedAt: nullableIsoDate.describe("When the live coverage ended (null while live)"),
    createdAt: isoDate,
    updatedAt: isoDate,
  });
export const articleSchema = articleCardSchema.extend({
  ...articleFieldsSchema.pick({ content: true }).shape,
  contentHtml: z.string().describe("Sanitised HTML rendered from content, heading ids included"),
  headings: z.array(headingSchema).describe("Headings of the body in order, for a table of contents"),
  authorId: z.number().int().nullable().optional().describe("Newsroom reads only: the staff member who owns the article (null: none, e.g. imported)"),
  submittedAt: nullableIsoDate.optional().describe("Newsroom reads only: when the draft was submitted for review"),
  reviewNote: z.string().nullable().optional().describe("Newsroom reads only: the editor's note when the draft was sent back"),
  gated: z.boolean().optional().describe("true when this is a premium article's preview: the body past its first two paragraphs is sent to members only"),
});
export type ArticleCard = z.infer<typeof articleCardSchema>;
export type ArticleDto = z.infer<typeof articleSchema>;

export const articleListInput = z.object({
  category: z.string().max(50).describe("One of the categories; an unknown value gives []").optional(),
  q: z.string().max(SEARCH_QUERY_MAX).describe("Full-text search over title, excerpt, content and category, best match first (title above excerpt above body); the last word matches as a prefix, \"quoted phrases\" as phrases; under 2 characters matches nothing").optional(),
  breaking: z.enum(["true", "false"]).describe("Only breaking (true) or non-breaking (false) articles").optional(),
  ...searchOptionFields,
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
  mine: z.enum(["true", "false"]).optional().describe("true: only the caller's own articles (contributors and authors always get only theirs)"),
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
