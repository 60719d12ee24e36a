import type { Clock } from "../../lib/clock.js";
import type { GrowthMetrics, MonetizationInsights, NewsletterStats, RevenueAnalytics, RevenueDashboard, SeoAnalytics } from "../../schemas/analytics.js";
import type { NewsletterSender } from "../newsletterSender.js";
import type { PushAlerts } from "../push/alerts.js";
import type { SiteProbe } from "../siteProbe.js";
import type { SiteSettingsService } from "../siteSettings.js";
import type { FigureScope, FigureSources } from "./figures.js";
import { growthMetrics } from "./growth.js";
import { monetizationInsights } from "./insights.js";
import { revenueAnalytics, revenueDashboard } from "./revenue.js";
import { seoAnalytics } from "./seo.js";
import { newsletterStats } from "./subscribers.js";

/**
 * Every dashboard figure, computed from recorded data: the audience roll-up, newsletter
 * subscribers, premium plans and the stored SEO audits. What the product cannot know is null.
 */
export class AnalyticsService {
  constructor(
    private readonly repos: FigureSources,
    private readonly timeZone: string,
    private readonly clock: Clock,
    private readonly settings: SiteSettingsService,
    private readonly probe: SiteProbe,
    private readonly newsletterSender: NewsletterSender,
    private readonly push: Pick<PushAlerts, "figures">,
  ) {}

  private scope(): FigureScope {
    return { repos: this.repos, timeZone: this.timeZone, now: this.clock.now() };
  }

  revenueAnalytics(): Promise<RevenueAnalytics> {
    return revenueAnalytics(this.scope());
  }
  revenueDashboard(): Promise<RevenueDashboard> {
    return revenueDashboard(this.scope(), this.settings);
  }
  newsletterStats(): Promise<NewsletterStats> {
    return newsletterStats(this.scope(), this.newsletterSender);
  }
  seoAnalytics(): Promise<SeoAnalytics> {
    return seoAnalytics(this.scope(), this.probe);
  }
  async growthMetrics(): Promise<GrowthMetrics> {
    const [growth, push] = await Promise.all([growthMetrics(this.scope(), this.settings), this.push.figures()]);
    return { ...growth, push };
  }
  monetizationInsights(): Promise<MonetizationInsights> {
    return monetizationInsights(this.scope(), this.settings);
  }
}
