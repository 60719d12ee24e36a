// Audience figures read from the daily roll-up (audience_page_day) and the share events (src/repositories/audienceFigures.ts).
import type { AudienceTotals } from "../../repositories/audienceFigures.js";
import { DAY } from "../../lib/time.js";
import type { Series } from "../../schemas/analytics.js";
import { WINDOW_DAYS, windowDays, type FigureScope } from "./figures.js";

/** Totals of the window from the daily roll-up. */
export function audienceTotals(scope: FigureScope): Promise<AudienceTotals> {
  const { from, to } = windowDays(scope);
  return scope.repos.audienceFigures.totals(from, to);
}

const SERIES_LABELS = { views: "Page views", visitors: "Unique visitors", shares: "Share clicks", organic: "Search-engine visits" };

/** Daily audience series (views, visitors, shares, organic views) of the window. */
export async function audienceSeries(scope: FigureScope, keys: (keyof typeof SERIES_LABELS)[]): Promise<Series> {
  const { days, from, to } = windowDays(scope);
  const byDay = await scope.repos.audienceFigures.perDay(from, to);
  return keys.map((key) => ({ key, label: SERIES_LABELS[key], unit: "count" as const, points: days.map((date) => ({ date, value: byDay.get(date)?.[key] ?? 0 })) }));
}

/** Share clicks of the last 30 days by network. */
export function sharesByNetwork(scope: FigureScope) {
  return scope.repos.audienceFigures.sharesByNetwork(new Date(scope.now.getTime() - WINDOW_DAYS * DAY));
}

/** The articles with the most share clicks in the window. */
export function mostSharedArticles(scope: FigureScope, limit = 5) {
  const { from, to } = windowDays(scope);
  return scope.repos.audienceFigures.mostShared(from, to, limit);
}

/** Titles of the most viewed articles in the window. */
export function topArticleTitles(scope: FigureScope, limit: number) {
  const { from, to } = windowDays(scope);
  return scope.repos.audienceFigures.mostViewedTitles(from, to, limit);
}

/** Views per category in the window, most viewed first; `premiumOnly` counts premium articles only. */
export function viewsByCategory(scope: FigureScope, premiumOnly = false) {
  const { from, to } = windowDays(scope);
  return scope.repos.audienceFigures.viewsByCategory(from, to, premiumOnly);
}
