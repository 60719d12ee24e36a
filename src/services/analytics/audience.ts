// Audience figures read from the daily roll-up (audience_page_day) and the share events.
import { Article } from "../../entities/Article.js";
import { AudienceEvent } from "../../entities/AudienceEvent.js";
import { AudiencePageDay } from "../../entities/AudiencePageDay.js";
import { DAY, toDbDate } from "../../lib/time.js";
import type { Series } from "../../schemas/analytics.js";
import { WINDOW_DAYS, num, windowDays, type FigureScope } from "./figures.js";

/** The roll-up rows of the window's days, aliased `p`. */
function pageDays(scope: FigureScope) {
  const { from, to } = windowDays(scope);
  return scope.ds.createQueryBuilder().from(AudiencePageDay, "p").where("p.day >= :from AND p.day <= :to", { from, to });
}

/** The roll-up rows of the window joined to their article (`a`). */
function articlePageDays(scope: FigureScope) {
  return pageDays(scope).innerJoin(Article, "a", "a.id = p.articleId");
}

/** Totals of the window from the daily roll-up. */
export async function audienceTotals(scope: FigureScope) {
  const row = await pageDays(scope)
    .select("COALESCE(SUM(p.views),0)", "views")
    .addSelect("COALESCE(SUM(p.shares),0)", "shares")
    .addSelect("COALESCE(SUM(p.searchViews),0)", "searchViews")
    .addSelect("COALESCE(SUM(p.socialViews),0)", "socialViews")
    .addSelect("COALESCE(SUM(p.entries),0)", "visits")
    .addSelect("COALESCE(SUM(p.engagedEntries),0)", "engaged")
    .addSelect("COALESCE(SUM(CASE WHEN p.articleId IS NOT NULL THEN p.views ELSE 0 END),0)", "articleViews")
    .getRawOne<Record<string, unknown>>();
  return {
    views: num(row?.views),
    shares: num(row?.shares),
    searchViews: num(row?.searchViews),
    socialViews: num(row?.socialViews),
    /** Visits = unique visitors per day, summed (the visitor hash changes every day). */
    visits: num(row?.visits),
    engaged: num(row?.engaged),
    articleViews: num(row?.articleViews),
  };
}
export type AudienceTotals = Awaited<ReturnType<typeof audienceTotals>>;

const SERIES_LABELS = { views: "Page views", visitors: "Unique visitors", shares: "Share clicks", organic: "Search-engine visits" };

/** Daily audience series (views, visitors, shares, organic views) of the window. */
export async function audienceSeries(scope: FigureScope, keys: (keyof typeof SERIES_LABELS)[]): Promise<Series> {
  const rows = await pageDays(scope)
    .select("p.day", "day")
    .addSelect("SUM(p.views)", "views")
    .addSelect("SUM(p.entries)", "visitors")
    .addSelect("SUM(p.shares)", "shares")
    .addSelect("SUM(p.searchViews)", "organic")
    .groupBy("p.day")
    .getRawMany<{ day: string; views: unknown; visitors: unknown; shares: unknown; organic: unknown }>();
  const byDay = new Map(rows.map((r) => [r.day, r]));
  const { days } = windowDays(scope);
  return keys.map((key) => ({ key, label: SERIES_LABELS[key], unit: "count" as const, points: days.map((date) => ({ date, value: num(byDay.get(date)?.[key]) })) }));
}

/** Share clicks of the last 30 days by network: one aggregate over the share events (indexed by time). */
export async function sharesByNetwork(scope: FigureScope) {
  const rows = await scope.ds
    .createQueryBuilder()
    .from(AudienceEvent, "e")
    .select("e.network", "network")
    .addSelect("COUNT(*)", "clicks")
    .where("e.occurredAt >= :since AND e.type = 'share' AND e.network IS NOT NULL", { since: toDbDate(new Date(scope.now.getTime() - WINDOW_DAYS * DAY)) })
    .groupBy("e.network")
    .orderBy("clicks", "DESC")
    .addOrderBy("e.network")
    .getRawMany<{ network: string; clicks: unknown }>();
  return rows.map((r) => ({ network: r.network, clicks: num(r.clicks) }));
}

/** The articles with the most share clicks in the window. */
export async function mostSharedArticles(scope: FigureScope, limit = 5) {
  const rows = await articlePageDays(scope)
    .select("a.title", "title")
    .addSelect("SUM(p.shares)", "clicks")
    .addSelect("SUM(p.views)", "views")
    .groupBy("a.id")
    .addGroupBy("a.title")
    .having("SUM(p.shares) > 0")
    .orderBy("clicks", "DESC")
    .addOrderBy("a.id", "DESC")
    .limit(limit)
    .getRawMany<{ title: string; clicks: unknown; views: unknown }>();
  return rows.map((r) => ({ title: r.title, clicks: num(r.clicks), views: num(r.views) }));
}

/** Titles of the most viewed articles in the window. */
export async function topArticleTitles(scope: FigureScope, limit: number) {
  const rows = await articlePageDays(scope)
    .select("a.title", "title")
    .addSelect("SUM(p.views)", "views")
    .groupBy("a.id")
    .addGroupBy("a.title")
    .having("SUM(p.views) > 0")
    .orderBy("views", "DESC")
    .addOrderBy("a.id", "DESC")
    .limit(limit)
    .getRawMany<{ title: string }>();
  return rows.map((r) => r.title);
}

/** Views per category in the window, most viewed first; `premiumOnly` counts premium articles only. */
export async function viewsByCategory(scope: FigureScope, premiumOnly = false) {
  const qb = articlePageDays(scope).select("a.category", "category").addSelect("SUM(p.views)", "views");
  if (premiumOnly) qb.andWhere("a.isPremium = :premium", { premium: true });
  const rows = await qb
    .groupBy("a.category")
    .having("SUM(p.views) > 0")
    .orderBy("views", "DESC")
    .addOrderBy("a.category")
    .getRawMany<{ category: string; views: unknown }>();
  return rows.map((r) => ({ category: r.category, views: num(r.views) }));
}
