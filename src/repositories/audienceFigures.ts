// The dashboards' reads of the audience: the daily roll-up (audience_page_day), joined to articles where a figure
// names them, and the share events. Each reads the days [from, to] (YYYY-MM-DD in the site's zone).
import { In, type DataSource } from "typeorm";
import { Article } from "../entities/Article.js";
import { AudienceEvent } from "../entities/AudienceEvent.js";
import { AudiencePageDay } from "../entities/AudiencePageDay.js";
import { toDbDate } from "../lib/time.js";

/** A number read raw from either database (MySQL sums arrive as strings, missing rows as undefined). */
const num = (v: unknown) => Number(v ?? 0) || 0;

export interface AudienceTotals {
  views: number;
  shares: number;
  searchViews: number;
  socialViews: number;
  /** Visits = unique visitors per day, summed (the visitor hash changes every day). */
  visits: number;
  engaged: number;
  articleViews: number;
}
export interface AudienceDay {
  views: number;
  visitors: number;
  shares: number;
  organic: number;
}

export class AudienceFigures {
  constructor(private readonly ds: DataSource) {}

  /** The roll-up rows of the days, aliased `p`. */
  private pageDays(from: string, to: string) {
    return this.ds.createQueryBuilder().from(AudiencePageDay, "p").where("p.day >= :from AND p.day <= :to", { from, to });
  }

  /** The roll-up rows of the days joined to their article (`a`). */
  private articlePageDays(from: string, to: string) {
    return this.pageDays(from, to).innerJoin(Article, "a", "a.id = p.articleId");
  }

  async totals(from: string, to: string): Promise<AudienceTotals> {
    const row = await this.pageDays(from, to)
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
      visits: num(row?.visits),
      engaged: num(row?.engaged),
      articleViews: num(row?.articleViews),
    };
  }

  /** Each day's sums, by day (days without a row left out). */
  async perDay(from: string, to: string): Promise<Map<string, AudienceDay>> {
    const rows = await this.pageDays(from, to)
      .select("p.day", "day")
      .addSelect("SUM(p.views)", "views")
      .addSelect("SUM(p.entries)", "visitors")
      .addSelect("SUM(p.shares)", "shares")
      .addSelect("SUM(p.searchViews)", "organic")
      .groupBy("p.day")
      .getRawMany<{ day: string; views: unknown; visitors: unknown; shares: unknown; organic: unknown }>();
    return new Map(rows.map((r) => [r.day, { views: num(r.views), visitors: num(r.visitors), shares: num(r.shares), organic: num(r.organic) }]));
  }

  /** Share clicks since `since` by network, most first: one aggregate over the share events (indexed by time). */
  async sharesByNetwork(since: Date): Promise<{ network: string; clicks: number }[]> {
    const rows = await this.ds
      .createQueryBuilder()
      .from(AudienceEvent, "e")
      .select("e.network", "network")
      .addSelect("COUNT(*)", "clicks")
      .where("e.occurredAt >= :since AND e.type = 'share' AND e.network IS NOT NULL", { since: toDbDate(since) })
      .groupBy("e.network")
      .orderBy("clicks", "DESC")
      .addOrderBy("e.network")
      .getRawMany<{ network: string; clicks: unknown }>();
    return rows.map((r) => ({ network: r.network, clicks: num(r.clicks) }));
  }

  /** The articles with the most share clicks. */
  async mostShared(from: string, to: string, limit: number): Promise<{ title: string; clicks: number; views: number }[]> {
    const rows = await this.articlePageDays(from, to)
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

  /** Titles of the most viewed articles. */
  async mostViewedTitles(from: string, to: string, limit: number): Promise<string[]> {
    const rows = await this.articlePageDays(from, to)
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

  /** Views per category, most viewed first; `premiumOnly` counts premium articles only. */
  async viewsByCategory(from: string, to: string, premiumOnly: boolean): Promise<{ category: string; views: number }[]> {
    const qb = this.articlePageDays(from, to).select("a.category", "category").addSelect("SUM(p.views)", "views");
    if (premiumOnly) qb.andWhere("a.isPremium = :premium", { premium: true });
    const rows = await qb
      .groupBy("a.category")
      .having("SUM(p.views) > 0")
      .orderBy("views", "DESC")
      .addOrderBy("a.category")
      .getRawMany<{ category: string; views: unknown }>();
    return rows.map((r) => ({ category: r.category, views: num(r.views) }));
  }

  /** Per shared article: 100 × (shares + share-referred visits) / views, capped at 100; how many, and their average. */
  async viralScores(from: string, to: string): Promise<{ posts: number; score: number }> {
    const row = await this.ds
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
    return { posts: num(row?.posts), score: num(row?.score) };
  }

  /** Published articles whose views in the week from `weekStart` to `today` rose most against the week before (from `twoWeeks`). */
  async trendingTitles(twoWeeks: string, weekStart: string, today: string, limit: number): Promise<string[]> {
    const rows = await this.ds
      .createQueryBuilder()
      .from(AudiencePageDay, "p")
      .innerJoin(Article, "a", "a.id = p.articleId")
      .select("a.title", "title")
      .where("p.day >= :twoWeeks AND p.day <= :today AND a.status = 'published'", { twoWeeks, today, weekStart })
      .groupBy("a.id")
      .addGroupBy("a.title")
      .having("SUM(CASE WHEN p.day >= :weekStart THEN p.views ELSE 0 END) > SUM(CASE WHEN p.day < :weekStart THEN p.views ELSE 0 END)")
      .orderBy("SUM(CASE WHEN p.day >= :weekStart THEN p.views ELSE 0 END) - SUM(CASE WHEN p.day < :weekStart THEN p.views ELSE 0 END)", "DESC")
      .addOrderBy("a.id", "DESC")
      .limit(limit)
      .getRawMany<{ title: string }>();
    return rows.map((r) => r.title);
  }

  /** The paths where most visits started, with their engaged visits and the article's title (when the path is one). */
  async landingPages(from: string, to: string, limit: number): Promise<{ url: string; title: string | null; sessions: number; engaged: number }[]> {
    const pages = await this.pageDays(from, to)
      .select("p.path", "url")
      .addSelect("MAX(p.articleId)", "articleId")
      .addSelect("SUM(p.entries)", "sessions")
      .addSelect("SUM(p.engagedEntries)", "engaged")
      .groupBy("p.path")
      .having("SUM(p.entries) > 0")
      .orderBy("sessions", "DESC")
      .addOrderBy("p.path")
      .limit(limit)
      .getRawMany<{ url: string; articleId: unknown; sessions: unknown; engaged: unknown }>();
    const ids = pages.map((p) => num(p.articleId)).filter((id) => id > 0);
    const articles = ids.length ? await this.ds.getRepository(Article).find({ select: { id: true, title: true }, where: { id: In(ids) } }) : [];
    const titles = new Map(articles.map((a) => [a.id, a.title]));
    return pages.map((p) => ({ url: p.url, title: titles.get(num(p.articleId)) ?? null, sessions: num(p.sessions), engaged: num(p.engaged) }));
  }
}
