// SEO figures: the stored article audits, organic traffic, landing pages and content gaps.
import { In } from "typeorm";
import { Article } from "../../entities/Article.js";
import { ArticleSeoAudit } from "../../entities/ArticleSeoAudit.js";
import { AudiencePageDay } from "../../entities/AudiencePageDay.js";
import { DAY, toDbDate } from "../../lib/time.js";
import type { SeoAnalytics } from "../../schemas/analytics.js";
import { CATEGORIES } from "../../schemas/constants.js";
import type { SiteProbe } from "../siteProbe.js";
import { audienceSeries, audienceTotals } from "./audience.js";
import { num, percentOf, round, windowDays, type FigureScope } from "./figures.js";

/** Average audit score of the published articles, or null when none is published. */
export async function averageAuditScore(scope: FigureScope): Promise<number | null> {
  const row = await scope.ds
    .createQueryBuilder()
    .from(ArticleSeoAudit, "s")
    .innerJoin(Article, "a", "a.id = s.articleId")
    .select("COUNT(*)", "n")
    .addSelect("AVG(s.score)", "score")
    .where("a.status = 'published' AND a.publishedAt <= :now", { now: toDbDate(scope.now) })
    .getRawOne<{ n: unknown; score: unknown }>();
  return num(row?.n) > 0 ? round(num(row?.score), 1) : null;
}

/** Categories with fewer articles than the best-covered one in the last 30 days, fewest first (all of them when nothing was published). */
export async function contentGaps(scope: FigureScope): Promise<string[]> {
  const rows = await scope.ds
    .createQueryBuilder()
    .from(Article, "a")
    .select("a.category", "category")
    .addSelect("COUNT(*)", "n")
    .where("a.status = 'published' AND a.publishedAt >= :since AND a.publishedAt <= :now", { since: toDbDate(new Date(scope.now.getTime() - 30 * DAY)), now: toDbDate(scope.now) })
    .groupBy("a.category")
    .getRawMany<{ category: string; n: unknown }>();
  const counts = new Map(rows.map((r) => [r.category, num(r.n)]));
  const all = CATEGORIES.map((category, order) => ({ category, order, count: counts.get(category) ?? 0 }));
  const most = Math.max(...all.map((c) => c.count));
  const gaps = most === 0 ? all : all.filter((c) => c.count < most);
  return gaps.sort((a, b) => a.count - b.count || a.order - b.order).map((c) => c.category);
}

/** The ten paths where most visits started in the window, with their bounce rate and the article's title. */
async function topLandingPages(scope: FigureScope) {
  const { from, to } = windowDays(scope);
  const pages = await scope.ds
    .createQueryBuilder()
    .from(AudiencePageDay, "p")
    .select("p.path", "url")
    .addSelect("MAX(p.articleId)", "articleId")
    .addSelect("SUM(p.entries)", "sessions")
    .addSelect("SUM(p.engagedEntries)", "engaged")
    .where("p.day >= :from AND p.day <= :to", { from, to })
    .groupBy("p.path")
    .having("SUM(p.entries) > 0")
    .orderBy("sessions", "DESC")
    .addOrderBy("p.path")
    .limit(10)
    .getRawMany<{ url: string; articleId: unknown; sessions: unknown; engaged: unknown }>();
  const ids = pages.map((p) => num(p.articleId)).filter((id) => id > 0);
  const articles = ids.length ? await scope.ds.getRepository(Article).find({ select: { id: true, title: true }, where: { id: In(ids) } }) : [];
  const titles = new Map(articles.map((a) => [a.id, a.title]));
  return pages.map((p) => ({
    title: titles.get(num(p.articleId)) ?? (p.url === "/" ? "Home" : p.url),
    url: p.url,
    sessions: num(p.sessions),
    bounceRate: percentOf(num(p.sessions) - num(p.engaged), num(p.sessions)),
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
