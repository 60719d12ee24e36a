import type { DataSource } from "typeorm";
import type { NewsletterSender } from "./newsletterSender.js";
import type { Config } from "../config.js";
import { addDays, dayStart, lastDays } from "../lib/days.js";
import { DAY, toDbDate } from "../lib/time.js";
import type {
  GrowthMetrics,
  MonetizationInsights,
  NewsletterStats,
  RevenueAnalytics,
  RevenueDashboard,
  SeoAnalytics,
  Series,
} from "../schemas/analytics.js";
import { CATEGORIES, categoryLabel } from "../schemas/constants.js";
import { RevenueFiguresService } from "./premium/revenueFigures.js";
import type { SiteSettingsService } from "./siteSettings.js";
import type { SiteProbe } from "./siteProbe.js";

const WINDOW_DAYS = 30;
const round = (n: number, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits;
const num = (v: unknown) => Number(v ?? 0) || 0;
/** Part of a whole in percent, or null when the whole is zero (nothing to compare with). */
const percentOf = (part: number, whole: number) => (whole > 0 ? round((part / whole) * 100, 1) : null);
/** Growth in percent of `current` over `previous`; null when there is nothing to compare with. */
export const growthPercent = (current: number, previous: number) => (previous === 0 ? (current === 0 ? 0 : null) : round(((current - previous) / previous) * 100, 1));

/**
 * Every dashboard figure, computed from recorded data: the audience roll-up (audience_page_day),
 * newsletter subscribers, premium sign-ups and the stored SEO audits. Each figure is one aggregate
 * query or a roll-up read. What the product cannot know is null.
 */
export class AnalyticsService {
  constructor(
    private readonly ds: DataSource,
    private readonly config: Config,
    private readonly settings: SiteSettingsService,
    private readonly probe: SiteProbe,
    private readonly newsletterSender: NewsletterSender,
  ) {}

  private query<T = Record<string, unknown>>(sql: string, params: unknown[] = []): Promise<T[]> {
    return this.ds.query(sql, params);
  }

  /** The last 30 days in SITE_TIMEZONE, oldest first. */
  private window(now = new Date()) {
    const days = lastDays(WINDOW_DAYS, this.config.siteTimezone, now);
    return { days, from: days[0], to: days[days.length - 1] };
  }

  // ---------- audience roll-up reads ----------

  /** Totals of the last 30 days from the daily roll-up. */
  private async audienceTotals() {
    const { from, to } = this.window();
    const [row] = await this.query(
      "SELECT COALESCE(SUM(views),0) views, COALESCE(SUM(shares),0) shares, COALESCE(SUM(searchViews),0) searchViews, COALESCE(SUM(socialViews),0) socialViews, " +
        "COALESCE(SUM(entries),0) visits, COALESCE(SUM(engagedEntries),0) engaged, COALESCE(SUM(CASE WHEN articleId IS NOT NULL THEN views ELSE 0 END),0) articleViews " +
        "FROM audience_page_day WHERE day >= ? AND day <= ?",
      [from, to],
    );
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

  /** Daily audience series (views, visitors, shares, organic views) for the last 30 days. */
  private async audienceSeries(keys: ("views" | "visitors" | "shares" | "organic")[]): Promise<Series> {
    const { days, from, to } = this.window();
    const rows = await this.query<{ day: string; views: unknown; visitors: unknown; shares: unknown; organic: unknown }>(
      "SELECT day, SUM(views) views, SUM(entries) visitors, SUM(shares) shares, SUM(searchViews) organic FROM audience_page_day WHERE day >= ? AND day <= ? GROUP BY day",
      [from, to],
    );
    const byDay = new Map(rows.map((r) => [r.day, r]));
    const labels = { views: "Page views", visitors: "Unique visitors", shares: "Share clicks", organic: "Search-engine visits" };
    return keys.map((key) => ({ key, label: labels[key], unit: "count" as const, points: days.map((date) => ({ date, value: num(byDay.get(date)?.[key]) })) }));
  }

  /** Share clicks of the last 30 days by network: one aggregate over the share events (indexed by time). */
  private async sharesByNetwork() {
    const rows = await this.query<{ network: string; clicks: unknown }>(
      "SELECT network, COUNT(*) clicks FROM audience_event WHERE occurredAt >= ? AND type = 'share' AND network IS NOT NULL GROUP BY network ORDER BY clicks DESC, network",
      [toDbDate(new Date(Date.now() - WINDOW_DAYS * DAY))],
    );
    return rows.map((r) => ({ network: r.network, clicks: num(r.clicks) }));
  }

  /** The articles with the most share clicks in the last 30 days, from the daily roll-up. */
  private async mostSharedArticles(limit = 5) {
    const { from, to } = this.window();
    const rows = await this.query<{ title: string; clicks: unknown; views: unknown }>(
      "SELECT a.title title, SUM(p.shares) clicks, SUM(p.views) views FROM audience_page_day p JOIN article a ON a.id = p.articleId " +
        "WHERE p.day >= ? AND p.day <= ? GROUP BY a.id, a.title HAVING SUM(p.shares) > 0 ORDER BY clicks DESC, a.id DESC LIMIT " + Number(limit),
      [from, to],
    );
    return rows.map((r) => ({ title: r.title, clicks: num(r.clicks), views: num(r.views) }));
  }

  /** Articles by views in the last 30 days. */
  private async topArticles(limit: number) {
    const { from, to } = this.window();
    return this.query<{ title: string; views: unknown }>(
      "SELECT a.title title, SUM(p.views) views FROM audience_page_day p JOIN article a ON a.id = p.articleId " +
        "WHERE p.day >= ? AND p.day <= ? GROUP BY a.id, a.title HAVING SUM(p.views) > 0 ORDER BY views DESC, a.id DESC LIMIT " + Number(limit),
      [from, to],
    );
  }

  /** Views per category in the last 30 days, most viewed first; `premiumOnly` limits to premium articles. */
  private async viewsByCategory(premiumOnly = false) {
    const { from, to } = this.window();
    const rows = await this.query<{ category: string; views: unknown }>(
      "SELECT a.category category, SUM(p.views) views FROM audience_page_day p JOIN article a ON a.id = p.articleId " +
        `WHERE p.day >= ? AND p.day <= ?${premiumOnly ? " AND a.isPremium = 1" : ""} GROUP BY a.category HAVING SUM(p.views) > 0 ORDER BY views DESC, a.category`,
      [from, to],
    );
    return rows.map((r) => ({ category: r.category, views: num(r.views) }));
  }

  // ---------- newsletter ----------

  /** Counts of rows created in each of the given [start, end) ranges, in one query. */
  private async countInRanges(table: "newsletter_subscriber" | "premium_signup", column: string, ranges: [Date, Date][], where = "1=1") {
    const selects = ranges.map((_, i) => `SUM(CASE WHEN ${column} >= ? AND ${column} < ? THEN 1 ELSE 0 END) r${i}`).join(", ");
    const [row] = await this.query(`SELECT ${selects} FROM ${table} WHERE ${where}`, ranges.flatMap(([a, b]) => [toDbDate(a), toDbDate(b)]));
    return ranges.map((_, i) => num(row?.[`r${i}`]));
  }

  /** [start, end) of each day of the window in SITE_TIMEZONE. */
  private dayRanges(): [Date, Date][] {
    const tz = this.config.siteTimezone;
    return this.window().days.map((d) => [dayStart(d, tz), dayStart(addDays(d, -1), tz)]);
  }

  async newsletterStats(): Promise<NewsletterStats> {
    const now = new Date();
    // Growth counts confirmed sign-ups (double opt-in), not addresses merely typed into the form.
    const [[row], perDay, engagement] = await Promise.all([
      this.query(
        "SELECT COUNT(*) total, COALESCE(SUM(CASE WHEN status = 'active' THEN 1 ELSE 0 END),0) active, " +
          "COALESCE(SUM(CASE WHEN confirmedAt >= ? THEN 1 ELSE 0 END),0) last30, COALESCE(SUM(CASE WHEN confirmedAt >= ? AND confirmedAt < ? THEN 1 ELSE 0 END),0) previous30 FROM newsletter_subscriber",
        [toDbDate(new Date(now.getTime() - 30 * DAY)), toDbDate(new Date(now.getTime() - 60 * DAY)), toDbDate(new Date(now.getTime() - 30 * DAY))],
      ),
      this.countInRanges("newsletter_subscriber", "confirmedAt", this.dayRanges()),
      this.newsletterSender.engagement(),
    ]);
    const days = this.window().days;
    return {
      activeSubscribers: num(row?.active),
      totalSubscribers: num(row?.total),
      growthRate: growthPercent(num(row?.last30), num(row?.previous30)),
      ...engagement,
      series: [{ key: "subscribers", label: "New confirmed subscribers", unit: "count", points: days.map((date, i) => ({ date, value: perDay[i] })) }],
    };
  }

  // ---------- premium revenue (from recorded Stripe payments: src/services/premium/revenueFigures.ts) ----------

  private revenueFigures() {
    const now = new Date();
    return new RevenueFiguresService(this.ds).figures(new Date(now.getTime() - WINDOW_DAYS * DAY), now, this.dayRanges());
  }

  private revenueSeries(daily: number[]): Series[number] {
    return { key: "revenue", label: "Revenue", unit: "usd", points: this.window().days.map((date, i) => ({ date, value: daily[i] ?? 0 })) };
  }

  async revenueAnalytics(): Promise<RevenueAnalytics> {
    const [p, audience, premiumViews] = await Promise.all([this.revenueFigures(), this.audienceTotals(), this.viewsByCategory(true)]);
    const churnRate = percentOf(p.cancellations, p.activeAtStart);
    const arpu = p.activeNow > 0 ? p.mrr / p.activeNow : 0;
    const totalPremiumViews = premiumViews.reduce((sum, c) => sum + c.views, 0);
    return {
      totalRevenue: p.totalRevenue,
      subscriptionGrowth: growthPercent(p.activeNow, p.activeAtStart),
      monthlyRecurring: p.mrr,
      churnRate,
      lifetimeValue: churnRate ? round(arpu / (churnRate / 100)) : null,
      revenueByCategory: Object.fromEntries(premiumViews.map((c) => [c.category, round((p.mrr * c.views) / totalPremiumViews)])),
      conversionFunnel: { visitors: audience.visits, conversionRate: percentOf(p.paidSignups, audience.visits) },
      planMix: p.planMix,
      series: [this.revenueSeries(p.daily)],
    };
  }

  async revenueDashboard(): Promise<RevenueDashboard> {
    const [p, top, views, settings] = await Promise.all([this.revenueFigures(), this.topArticles(5), this.audienceSeries(["views"]), this.settings.get()]);
    return {
      dailyRevenue: round(p.totalRevenue / WINDOW_DAYS),
      monthlyProjection: p.mrr,
      adOptimizationScore: null,
      directAdvertiserLeads: null,
      topPerformingContent: top.map((t) => t.title),
      revenueSplit: settings.revenueSplit,
      series: [this.revenueSeries(p.daily), ...views],
    };
  }

  // ---------- SEO ----------

  /** Categories with fewer articles than the best-covered one in the last 30 days, fewest first (all of them when nothing was published). */
  private async contentGaps(): Promise<string[]> {
    const rows = await this.query<{ category: string; n: unknown }>(
      "SELECT category, COUNT(*) n FROM article WHERE status = 'published' AND publishedAt >= ? AND publishedAt <= ? GROUP BY category",
      [toDbDate(new Date(Date.now() - 30 * DAY)), toDbDate(new Date())],
    );
    const counts = new Map(rows.map((r) => [r.category, num(r.n)]));
    const all = CATEGORIES.map((category, order) => ({ category, order, count: counts.get(category) ?? 0 }));
    const most = Math.max(...all.map((c) => c.count));
    const gaps = most === 0 ? all : all.filter((c) => c.count < most);
    return gaps.sort((a, b) => a.count - b.count || a.order - b.order).map((c) => c.category);
  }

  async seoAnalytics(): Promise<SeoAnalytics> {
    const { from, to } = this.window();
    const [[audit], audience, landing, gaps, technical, series] = await Promise.all([
      this.query(
        "SELECT COUNT(*) n, AVG(s.score) score FROM article_seo_audit s JOIN article a ON a.id = s.articleId WHERE a.status = 'published' AND a.publishedAt <= ?",
        [toDbDate(new Date())],
      ),
      this.audienceTotals(),
      this.query<{ url: string; title: string | null; sessions: unknown; engaged: unknown }>(
        "SELECT t.path url, a.title title, t.sessions sessions, t.engaged engaged FROM (" +
          "SELECT path, MAX(articleId) articleId, SUM(entries) sessions, SUM(engagedEntries) engaged FROM audience_page_day WHERE day >= ? AND day <= ? GROUP BY path HAVING SUM(entries) > 0 ORDER BY sessions DESC, path LIMIT 10" +
          ") t LEFT JOIN article a ON a.id = t.articleId ORDER BY t.sessions DESC, t.path",
        [from, to],
      ),
      this.contentGaps(),
      this.probe.check(),
      this.audienceSeries(["views", "organic"]),
    ]);
    return {
      overallScore: num(audit?.n) > 0 ? round(num(audit?.score), 1) : null,
      organicTraffic: audience.searchViews,
      technicalSeo: { pagespeedScore: null, mobileOptimization: null, coreWebVitals: null, sitemap: technical.sitemap, structuredData: technical.structuredData },
      keywordRankings: null,
      topLandingPages: landing.map((l) => ({
        title: l.title ?? (l.url === "/" ? "Home" : l.url),
        url: l.url,
        sessions: num(l.sessions),
        bounceRate: percentOf(num(l.sessions) - num(l.engaged), num(l.sessions)),
      })),
      contentGaps: gaps,
      series,
    };
  }

  // ---------- growth ----------

  /** Per shared article: 100 × (shares + share-referred visits) / views, capped at 100; averaged in SQL. */
  private async viralFigures() {
    const { from, to } = this.window();
    const [row] = await this.query(
      "SELECT COUNT(*) posts, AVG(CASE WHEN score > 100 THEN 100 ELSE score END) score FROM (" +
        "SELECT articleId, 100.0 * (SUM(shares) + SUM(socialViews)) / (CASE WHEN SUM(views) > 0 THEN SUM(views) ELSE 1 END) score " +
        "FROM audience_page_day WHERE day >= ? AND day <= ? AND articleId IS NOT NULL GROUP BY articleId HAVING SUM(shares) > 0) t",
      [from, to],
    );
    return { posts: num(row?.posts), averageScore: num(row?.posts) > 0 ? round(num(row?.score), 1) : null };
  }

  /** Articles whose views in the last 7 days rose most against the 7 days before. */
  private async trendingTitles(limit = 5) {
    const today = this.window().to;
    const weekStart = addDays(today, 6);
    const rows = await this.query<{ title: string }>(
      "SELECT a.title title, SUM(CASE WHEN p.day >= ? THEN p.views ELSE 0 END) recent, SUM(CASE WHEN p.day < ? THEN p.views ELSE 0 END) prior " +
        "FROM audience_page_day p JOIN article a ON a.id = p.articleId WHERE p.day >= ? AND p.day <= ? AND a.status = 'published' " +
        "GROUP BY a.id, a.title HAVING SUM(CASE WHEN p.day >= ? THEN p.views ELSE 0 END) > SUM(CASE WHEN p.day < ? THEN p.views ELSE 0 END) " +
        "ORDER BY SUM(CASE WHEN p.day >= ? THEN p.views ELSE 0 END) - SUM(CASE WHEN p.day < ? THEN p.views ELSE 0 END) DESC, a.id DESC LIMIT " + Number(limit),
      [weekStart, weekStart, addDays(today, 13), today, weekStart, weekStart, weekStart, weekStart],
    );
    return rows.map((r) => r.title);
  }

  async growthMetrics(): Promise<GrowthMetrics> {
    const [audience, viral, categories, trending, settings, series, byNetwork, mostShared] = await Promise.all([
      this.audienceTotals(),
      this.viralFigures(),
      this.viewsByCategory(),
      this.trendingTitles(),
      this.settings.get(),
      this.audienceSeries(["views", "visitors", "shares"]),
      this.sharesByNetwork(),
      this.mostSharedArticles(),
    ]);
    const engagementRate = percentOf(audience.engaged, audience.visits);
    const clickThroughRate = percentOf(audience.shares, audience.articleViews);
    const viralCoefficient = audience.shares > 0 ? round(audience.socialViews / audience.shares, 2) : null;
    const t = settings.targets;
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

  // ---------- monetization ----------

  /** Recommendations derived from the figures above; each names the figure and its value. */
  async monetizationInsights(): Promise<MonetizationInsights> {
    const [revenue, growth, newsletter, seo, settings] = await Promise.all([this.revenueAnalytics(), this.growthMetrics(), this.newsletterStats(), this.seoAnalytics(), this.settings.get()]);
    const optimization: MonetizationInsights["optimizationRecommendations"] = [];
    const opportunities: MonetizationInsights["marketOpportunities"] = [];
    const { conversionRate, visitors } = revenue.conversionFunnel;
    if (conversionRate !== null) {
      optimization.push(
        conversionRate < 1
          ? { title: "Raise premium conversion", detail: `${conversionRate}% of ${visitors} visits led to a paid premium sign-up in 30 days: show the plan on premium articles and in the newsletter.`, basedOn: "revenue.conversionFunnel.conversionRate", value: conversionRate }
          : { title: "Premium conversion is working", detail: `${conversionRate}% of visits led to a paid premium sign-up: keep the offer where readers meet it.`, basedOn: "revenue.conversionFunnel.conversionRate", value: conversionRate },
      );
    }
    if (revenue.churnRate !== null && revenue.churnRate > 5) {
      optimization.push({ title: "Reduce premium churn", detail: `${revenue.churnRate}% of plans active 30 days ago were cancelled: ask leaving subscribers why and offer the annual plan.`, basedOn: "revenue.churnRate", value: revenue.churnRate });
    }
    const engagement = growth.traffic.engagementRate;
    if (engagement !== null && engagement < settings.targets.engagementRate) {
      optimization.push({ title: "Keep readers for a second page", detail: `${engagement}% of visits go beyond one page (target ${settings.targets.engagementRate}%): add related articles and in-text links.`, basedOn: "growth.traffic.engagementRate", value: engagement });
    }
    if (seo.overallScore !== null && seo.overallScore < 80) {
      optimization.push({ title: "Fix the SEO audit's findings", detail: `Published articles score ${seo.overallScore}/100: check titles, descriptions, image alt text, headings and internal links.`, basedOn: "seo.overallScore", value: seo.overallScore });
    }
    if (newsletter.growthRate === null || newsletter.growthRate <= 0) {
      optimization.push({
        title: "Grow the newsletter",
        detail: newsletter.growthRate === null ? "Nobody subscribed in the 30 days before the last 30, so there is no growth rate yet: promote the sign-up form on article pages." : `Sign-ups changed by ${newsletter.growthRate}% against the previous 30 days: promote the sign-up form on article pages.`,
        basedOn: "newsletter.growthRate",
        value: newsletter.growthRate,
      });
    }
    const top = growth.viral.topPerformingCategories[0];
    if (top) {
      opportunities.push({ title: `Expand ${categoryLabel(top)} coverage`, detail: `${categoryLabel(top)} drew the most views in the last 30 days: sponsors and premium reports fit there first.`, basedOn: "growth.viral.topPerformingCategories", value: null });
    }
    const premiumTop = Object.entries(revenue.revenueByCategory).sort((a, b) => b[1] - a[1])[0];
    if (premiumTop) {
      opportunities.push({ title: `More premium analysis on ${categoryLabel(premiumTop[0])}`, detail: `Premium readers of ${categoryLabel(premiumTop[0])} account for $${premiumTop[1]} of monthly recurring revenue.`, basedOn: "revenue.revenueByCategory", value: premiumTop[1] });
    }
    if (seo.contentGaps.length) {
      opportunities.push({ title: `Cover ${seo.contentGaps.slice(0, 3).map(categoryLabel).join(", ")}`, detail: "These categories had the fewest new articles in the last 30 days.", basedOn: "seo.contentGaps", value: seo.contentGaps.length });
    }
    const mrrTarget = settings.targets.monthlyRecurringRevenue;
    if (mrrTarget > 0 && revenue.monthlyRecurring !== null) {
      const reached = round((revenue.monthlyRecurring / mrrTarget) * 100, 1);
      opportunities.push({ title: "Premium revenue against its target", detail: `Monthly recurring revenue is $${revenue.monthlyRecurring}, ${reached}% of the $${mrrTarget} target (premium subscriptions are meant to be ${settings.revenueSplit.premiumSubscriptions}% of revenue).`, basedOn: "revenue.monthlyRecurring", value: revenue.monthlyRecurring });
    }
    return { optimizationRecommendations: optimization, marketOpportunities: opportunities };
  }
}
