import type { DataSource } from "typeorm";
import type { Config } from "../config.js";
import { Article } from "../entities/Article.js";
import { NewsletterSubscriber } from "../entities/NewsletterSubscriber.js";
import { PremiumSignup } from "../entities/PremiumSignup.js";
import { DAY, toDbDate } from "../lib/time.js";
import type {
  GrowthMetrics,
  MonetizationInsights,
  NewsletterStats,
  RevenueAnalytics,
  RevenueDashboard,
  SeoAnalytics,
} from "../schemas/analytics.js";
import { CATEGORIES, PREMIUM_PLANS } from "../schemas/constants.js";

const round = (n: number, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits;
/** Growth in percent of `current` over `previous`; null when there is nothing to compare with. */
export const growthPercent = (current: number, previous: number) => (previous === 0 ? (current === 0 ? 0 : null) : round(((current - previous) / previous) * 100, 1));

/** Figures computed from recorded data; what the product cannot know is null. */
export class AnalyticsService {
  constructor(
    private readonly ds: DataSource,
    private readonly config: Config,
  ) {}

  private async countSince(entity: typeof NewsletterSubscriber | typeof PremiumSignup, from: Date, to: Date, where = "1=1") {
    return this.ds
      .getRepository(entity)
      .createQueryBuilder("x")
      .where(where)
      .andWhere("x.createdAt >= :from AND x.createdAt < :to", { from: toDbDate(from), to: toDbDate(to) })
      .getCount();
  }

  async newsletterStats(): Promise<NewsletterStats> {
    const now = new Date();
    const repo = this.ds.getRepository(NewsletterSubscriber);
    const [active, total, last30, previous30] = await Promise.all([
      repo.countBy({ status: "active" }),
      repo.count(),
      this.countSince(NewsletterSubscriber, new Date(now.getTime() - 30 * DAY), now),
      this.countSince(NewsletterSubscriber, new Date(now.getTime() - 60 * DAY), new Date(now.getTime() - 30 * DAY)),
    ]);
    return { activeSubscribers: active, totalSubscribers: total, growthRate: growthPercent(last30, previous30), openRate: null, clickRate: null, lastSent: null };
  }

  private async activePlans() {
    const rows: { plan: string; n: string | number }[] = await this.ds
      .getRepository(PremiumSignup)
      .createQueryBuilder("p")
      .select("p.plan", "plan")
      .addSelect("COUNT(*)", "n")
      .where("p.status = 'active'")
      .groupBy("p.plan")
      .getRawMany();
    const counts = Object.fromEntries(rows.map((r) => [r.plan, Number(r.n)]));
    return { monthly: counts.monthly ?? 0, annual: counts.annual ?? 0 };
  }

  private mrr(plans: { monthly: number; annual: number }) {
    return round(plans.monthly * PREMIUM_PLANS.monthly.price + (plans.annual * PREMIUM_PLANS.annual.price) / 12);
  }

  async revenueAnalytics(): Promise<RevenueAnalytics> {
    const plans = await this.activePlans();
    return {
      totalRevenue: null,
      subscriptionGrowth: null,
      monthlyRecurring: this.mrr(plans),
      churnRate: null,
      lifetimeValue: null,
      revenueByCategory: {},
      conversionFunnel: { visitors: null, conversionRate: null },
    };
  }

  async revenueDashboard(): Promise<RevenueDashboard> {
    const mrr = this.mrr(await this.activePlans());
    return {
      dailyRevenue: round(mrr / 30),
      monthlyProjection: mrr,
      adOptimizationScore: null,
      directAdvertiserLeads: null,
      topPerformingContent: [],
    };
  }

  private async publishedCountsByCategory(since: Date) {
    const rows: { category: string; n: string | number }[] = await this.ds
      .getRepository(Article)
      .createQueryBuilder("a")
      .select("a.category", "category")
      .addSelect("COUNT(*)", "n")
      .where("a.status = 'published' AND a.publishedAt >= :since AND a.publishedAt <= :now", { since: toDbDate(since), now: toDbDate(new Date()) })
      .groupBy("a.category")
      .getRawMany();
    const counts = Object.fromEntries(rows.map((r) => [r.category, Number(r.n)]));
    return CATEGORIES.map((category) => ({ category, count: counts[category] ?? 0 }));
  }

  async seoAnalytics(): Promise<SeoAnalytics> {
    const counts = await this.publishedCountsByCategory(new Date(Date.now() - 30 * DAY));
    const fewest = Math.min(...counts.map((c) => c.count));
    return {
      overallScore: null,
      organicTraffic: null,
      technicalSeo: { pagespeedScore: null, mobileOptimization: null, coreWebVitals: null, sitemap: true, structuredData: true },
      keywordRankings: null,
      topLandingPages: [],
      contentGaps: counts.filter((c) => c.count === fewest).map((c) => c.category),
    };
  }

  async monetizationInsights(): Promise<MonetizationInsights> {
    return { optimizationRecommendations: [], marketOpportunities: [] };
  }

  async growthMetrics(): Promise<GrowthMetrics> {
    return {
      totalGrowthScore: null,
      traffic: { totalReach: null, engagementRate: null, clickThroughRate: null, viralCoefficient: null },
      viral: { averageViralScore: null, totalViralPosts: 0, topPerformingCategories: [], trendingTopics: [] },
    };
  }
}
