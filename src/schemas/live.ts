// Live blogs (issue 26): the live state of an article, its posts and the events of its stream, as every door gives
// and takes them (REST, tRPC, the event stream, the page).
import { z } from "zod";
import { idParam, imageUrl, isoDate, nullableText, requiredText, strictBoolean } from "./common.js";
import { LIVE_BODY_MAX, LIVE_PAGE_SIZE, LIVE_STATUSES, type LiveEventKind } from "./liveConstants.js";

export * from "./liveConstants.js";

export const liveStatusValue = z.enum(LIVE_STATUSES).nullable().describe("null: an ordinary article; live: the live blog runs; ended: its coverage is over");
export const liveStatusInput = liveStatusValue.optional().describe("Makes the article a live blog (live), ends it (ended) or turns it back into an ordinary article (null)");


export const livePostSchema = z.object({
  id: z.number().int(),
  articleId: z.number().int(),
  createdAt: isoDate,
  updatedAt: isoDate,
  body: z.string().describe("Markdown (empty in a premium live blog's post for a reader who is not a member)"),
  bodyHtml: z.string().describe("Sanitised HTML rendered from body"),
  title: z.string().nullable(),
  imageUrl: z.string().nullable(),
  isKeyEvent: z.boolean(),
  pinned: z.boolean(),
  gated: z.boolean().optional().describe("true when the body is held back: a premium live blog's post for a reader who is not a member"),
});
export type LivePostDto = z.infer<typeof livePostSchema>;

export const liveHighlightsSchema = z.object({
  lastEventId: z.number().int().describe("The newest event id of the live blog's stream (0 when none)"),
  pinned: z.array(livePostSchema).describe("Pinned posts, newest first (at most 5)"),
  keyEvents: z.array(livePostSchema).describe("Key events, newest first (at most 50)"),
});
export type LiveHighlights = z.infer<typeof liveHighlightsSchema>;

const postFields = {
  body: requiredText(LIVE_BODY_MAX, "Body").describe("Markdown, sanitised like articles"),
  title: nullableText(200).describe("Optional headline of the post"),
  isKeyEvent: strictBoolean.optional().describe("Listed among the key events"),
  pinned: strictBoolean.optional().describe("Shown first, above the newest posts"),
  imageUrl: imageUrl.describe("http(s) URL or site-relative path; empty = none"),
};
export const livePostCreateInput = z.object({ id: idParam }).extend(postFields);
export const livePostUpdateInput = z.object({ id: idParam, postId: idParam }).extend({ ...postFields, body: postFields.body.optional() });
export type LivePostCreateInput = z.infer<typeof livePostCreateInput>;
export type LivePostUpdateInput = z.infer<typeof livePostUpdateInput>;

export const livePostListInput = z.object({
  id: idParam,
  before: z.coerce.number().int().positive().max(2_147_483_647).describe("Only posts older than this post id (the next page of a newest-first list)").optional(),
  limit: z.coerce.number().int().min(1).max(100).default(LIVE_PAGE_SIZE).describe(`Default ${LIVE_PAGE_SIZE}, at most 100`),
});
export type LivePostListInput = z.infer<typeof livePostListInput>;

/** One event of a live blog's stream, as it crosses instances and as the stream's data line carries it. */
export interface LiveEventDto {
  id: number;
  articleId: number;
  kind: LiveEventKind;
  /** The post (post, update), or only its id (delete); none for end. */
  post?: LivePostDto;
  postId?: number;
}
