// An article's live-blog state (issue 26): not one of its revisioned fields (a restore never reopens or closes a live
// blog), but part of every card, so the LIVE badges of pages, cards and the ticker follow it.
import type { Article } from "../entities/Article.js";
import { iso } from "../lib/time.js";
import type { LiveStatus } from "../schemas/live.js";

export const LIVE_COLUMNS = ["liveStatus", "liveStartedAt", "liveEndedAt"] as const;

export function liveValues(a: Pick<Article, "liveStatus" | "liveStartedAt" | "liveEndedAt">) {
  return { liveStatus: (a.liveStatus ?? null) as LiveStatus | null, liveStartedAt: iso(a.liveStartedAt), liveEndedAt: iso(a.liveEndedAt) };
}

/** Going live starts the coverage (a reopened one keeps its start); ending it sets its end; null forgets both. */
export function setLiveStatus(article: Article, status: LiveStatus | null, now = new Date()) {
  if (status === null) Object.assign(article, { liveStatus: null, liveStartedAt: null, liveEndedAt: null });
  else if (status === "live") Object.assign(article, { liveStatus: status, liveStartedAt: article.liveStartedAt ?? now, liveEndedAt: null });
  else if (article.liveStatus !== "ended") Object.assign(article, { liveStatus: status, liveStartedAt: article.liveStartedAt ?? now, liveEndedAt: now });
}
