// Growth figures: reach, engagement, virality and progress toward the administrator's targets.
import { daysBefore } from "../../schemas/zonedTime.js";
import type { GrowthMetrics } from "../../schemas/analytics.js";
import type { SiteSettingsService } from "../siteSettings.js";
import { audienceSeries, audienceTotals, mostSharedArticles, sharesByNetwork, viewsByCategory } from "./audienceMetrics.js";
import { percentOf, round, windowDays, type FigureScope } from "./figures.js";

/** Per shared article: 100 × (shares + share-referred visits) / views, capped at 100; averaged in SQL. */
async function viralFigures(scope: FigureScope) {
  const { from, to } = windowDays(scope);
  const { posts, score } = await scope.repos.audienceFigures.viralScores(from, to);
  return { posts, averageScore: posts > 0 ? round(score, 1) : null };
}

/** Published articles whose views in the last 7 days rose most against the 7 days before. */
function trendingTitles(scope: FigureScope, limit = 5) {
  const today = windowDays(scope).to;
  return scope.repos.audienceFigures.trendingTitles(daysBefore(today, 13), daysBefore(today, 6), today, limit);
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
