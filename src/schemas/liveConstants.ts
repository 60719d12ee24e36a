// Live blogs' fixed values, without zod: the reader's bundle imports these (schemas/live.ts has the schemas).
export const LIVE_STATUSES = ["live", "ended"] as const;
export type LiveStatus = (typeof LIVE_STATUSES)[number];
/** What the article page shows of a live blog at first: its newest posts (older ones behind "Load earlier updates"). */
export const LIVE_PAGE_SIZE = 20;
export const LIVE_BODY_MAX = 10_000;
/** Events the stream sends (GET /api/articles/{id}/live). */
export const LIVE_EVENT_KINDS = ["post", "update", "delete", "end"] as const;
export type LiveEventKind = (typeof LIVE_EVENT_KINDS)[number];

/** The page's `?before=` parameter: the post id older posts start below (null: the newest page). */
export const liveBefore = (search: URLSearchParams): number | null => {
  const n = Number(search.get("before"));
  return Number.isInteger(n) && n > 0 && n <= 2_147_483_647 ? n : null;
};
/** A live blog page's query of posts: one more than shown, so the page knows whether "Load earlier updates" has
 *  anything to load (the server prefetches exactly this input, the island reads it). */
export const livePostsInput = (id: number, before: number | null) => (before === null ? { id, limit: LIVE_PAGE_SIZE + 1 } : { id, before, limit: LIVE_PAGE_SIZE + 1 });
