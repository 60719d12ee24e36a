// Growth figures: reach, engagement, virality and progress toward the administrator's targets.
import { Article } from "../../entities/Article.js";
import { AudiencePageDay } from "../../entities/AudiencePageDay.js";
import { daysBefore } from "../../schemas/zonedTime.js";
import type { GrowthMetrics } from "../../schemas/analytics.js";
import type { SiteSettingsService } from "../siteSettings.js";
import { audienceSeries, audienceTotals, mostSharedArticles, sharesByNetwork, viewsByCategory } from "./audience.js";
import { num, percentOf, round, windowDays, type FigureScope } from "./figures.js";

/** Per shared article: 100 × (shares + share-referred visits) / views, capped at 100; averaged in SQL. */
async function viralFigures(scope: FigureScope) {
  const { from, to } = windowDays(scope);
  const row = await scope.ds
    .createQueryBuilder()
    .select("COUNT(*)", "posts")
    .addSelect("AVG(CASE WHEN t.score > 100 THEN 100 ELSE t.score END)", "score")
    .from(
      (perArticle) =>
        perArticle
          .from(AudiencePageDay, "p")
          .select("p.articleId", "articleId")
          .addSelect("100.0 * (SUM(p.shares) + SUM(p.socialViews)) / (CASE WHEN SUM(p.views) > 0 THEN SUM(p.views) ELSE 1 END)", "score")
          .where("p.day >= :from AND p.day <= :to AND p.articleId IS NOT NULL", { from, to })
          .groupBy("p.articleId")
          .having("SUM(p.shares) > 0"),
      "t",
    )
    .getRawOne<{ posts: unknown; score: unknown }>();
  return { posts: num(row?.posts), averageScore: num(row?.posts) > 0 ? round(num(row?.score), 1) : null };
}

/** Published articles whose views in the last 7 days rose most against the 7 days before. */
async function trendingTitles(scope: FigureScope, limit = 5) {
  const today = windowDays(scope).to;
  const rows = await scope.ds
    .createQueryBuilder()
    .from(AudiencePageDay, "p")
    .innerJoin(Article, "a", "a.id = p.articleId")
    .select("a.title", "title")
    .where("p.day >= :twoWeeks AND p.day <= :today AND a.status = 'published'", { twoWeeks: daysBefore(today, 13), today, weekStart: daysBefore(today, 6) })
    .groupBy("a.id")
    .addGroupBy("a.title")
    .having("SUM(CASE WHEN p.day >= :weekStart THEN p.views ELSE 0 END) > SUM(CASE WHEN p.day < :weekStart THEN p.views ELSE 0 END)")
    .orderBy("SUM(CASE WHEN p.day >= :weekStart THEN p.views ELSE 0 END) - SUM(CASE WHEN p.day < :weekStart THEN p.views ELSE 0 END)", "DESC")
    .addOrderBy("a.id", "DESC")
    .limit(limit)
    .getRawMany<{ title: string }>();
  return rows.map((r) => r.title);
}

export async function growthMetrics(scope: FigureScope, settings: SiteSettingsService): Promise<Omit<GrowthMetrics, "push">> {
  const [audience, viral, categories, trending, site, series, byNetwork, mostShared] = await Promise.all([
    audienceTotals(scope),
    viralFigures(scope),
    viewsByCategory(scope),
    trendingTitles(scope),
    settings.get(),
    audienceSeries(scope, ["views", "visitors", "shares"]),
    sharesByNetwork(scope),
    mostSharedArticles(scope),
  ]);
  const engagementRate = percentOf(audience.engaged, audience.visits);
  const clickThroughRate = percentOf(audience.shares, audience.articleViews);
  const viralCoefficient = audience.shares > 0 ? round(audience.socialViews / audience.shares, 2) : null;
  const t = site.targets;
  // Progress toward the administrator's targets, each capped at 100 %.
  const progress = [
    t.monthlyVisitors > 0 ? Math.min(1, audience.visits / t.monthlyVisitors) : null,
    engagementRate !== null && t.engagementRate > 0 ? Math.min(1, engagementRate / t.engagementRate) : null,
    viralCoefficient !== null && t.viralCoefficient > 0 ? Math.min(1, viralCoefficient / t.viralCoefficient) : null,
  ].filter((x): x is number => x !== null);
  return {
    totalGrowthScore: audience.visits > 0 && progress.length ? round((progress.reduce((a, b) => a + b, 0) / progress.length) * 100, 1) : null,
    traffic: {
      totalReach: audience.visits,
      engagementRate,
      clickThroughRate,
      viralCoefficient,
      sources: [
        { source: "Search engines", views: audience.searchViews },
        { source: "Social networks", views: audience.socialViews },
        { source: "Direct and other sites", views: Math.max(0, audience.views - audience.searchViews - audience.socialViews) },
      ],
    },
    viral: {
      averageViralScore: viral.averageScore,
      totalViralPosts: viral.posts,
      topPerformingCategories: categories.slice(0, 5).map((c) => c.category),
      trendingTopics: trending,
      sharesByNetwork: byNetwork,
      mostSharedArticles: mostShared,
    },
    targets: { ...t },
    series,
  };
}
