// SEO figures: the stored article audits, organic traffic, landing pages and content gaps.
import { DAY } from "../../lib/time.js";
import type { SeoAnalytics } from "../../schemas/analytics.js";
import { CATEGORIES } from "../../schemas/constants.js";
import type { SiteProbe } from "../siteProbe.js";
import { audienceSeries, audienceTotals } from "./audienceMetrics.js";
import { percentOf, round, windowDays, type FigureScope } from "./figures.js";

/** Average audit score of the published articles, or null when none is published. */
export async function averageAuditScore(scope: FigureScope): Promise<number | null> {
  const { n, score } = await scope.repos.seoAudits.publishedScore(scope.now);
  return n > 0 ? round(score, 1) : null;
}

/** Categories with fewer articles than the best-covered one in the last 30 days, fewest first (all of them when nothing was published). */
export async function contentGaps(scope: FigureScope): Promise<string[]> {
  const counts = await scope.repos.seoAudits.publishedPerCategory(new Date(scope.now.getTime() - 30 * DAY), scope.now);
  const all = CATEGORIES.map((category, order) => ({ category, order, count: counts.get(category) ?? 0 }));
  const most = Math.max(...all.map((c) => c.count));
  const gaps = most === 0 ? all : all.filter((c) => c.count < most);
  return gaps.sort((a, b) => a.count - b.count || a.order - b.order).map((c) => c.category);
}

/** The ten paths where most visits started in the window, with their bounce rate and the article's title. */
async function topLandingPages(scope: FigureScope) {
  const { from, to } = windowDays(scope);
  const pages = await scope.repos.audienceFigures.landingPages(from, to, 10);
  return pages.map((p) => ({
    title: p.title ?? (p.url === "/" ? "Home" : p.url),
    url: p.url,
    sessions: p.sessions,
    bounceRate: percentOf(p.sessions - p.engaged, p.sessions),
  }));
}

export async function seoAnalytics(scope: FigureScope, probe: SiteProbe): Promise<SeoAnalytics> {
  const [overallScore, audience, landing, gaps, technical, series] = await Promise.all([
    averageAuditScore(scope),
    audienceTotals(scope),
    topLandingPages(scope),
    contentGaps(scope),
    probe.check(),
    audienceSeries(scope, ["views", "organic"]),
  ]);
  return {
    overallScore,
    organicTraffic: audience.searchViews,
    technicalSeo: { pagespeedScore: null, mobileOptimization: null, coreWebVitals: null, sitemap: technical.sitemap, structuredData: technical.structuredData },
    keywordRankings: null,
    topLandingPages: landing,
    contentGaps: gaps,
    series,
  };
}
