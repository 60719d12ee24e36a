import { z } from "zod";

const pct = (what: string) => z.number().nullable().describe(`${what}, in percent (3.2 means 3.2 %); null when unknown`);
const usd = (what: string) => z.number().nullable().describe(`${what}, in US dollars; null when unknown`);
const count = (what: string) => z.number().int().nullable().describe(`${what}, a count; null when unknown`);

export const seriesSchema = z
  .array(
    z.object({
      key: z.string().describe("views | visitors | subscribers | revenue | shares | …"),
      label: z.string(),
      unit: z.enum(["count", "usd", "percent"]),
      points: z.array(z.object({ date: z.string().describe("YYYY-MM-DD in SITE_TIMEZONE"), value: z.number() })),
    }),
  )
  .describe("Daily series for the last 30 days, oldest first, for charts");

export const revenueAnalyticsSchema = z.object({
  totalRevenue: usd("Sum of the Stripe invoices paid in the last 30 days (invoice_payment)"),
  subscriptionGrowth: pct("Active subscriptions now against those running 30 days ago"),
  monthlyRecurring: usd("Active subscriptions' monthly-equivalent price as Stripe bills it (annual price / 12)"),
  churnRate: pct("Subscriptions cancelled in the last 30 days against those running at its start"),
  lifetimeValue: usd("ARPU (MRR / active subscriptions) divided by the churn rate; null when churn is 0"),
  revenueByCategory: z.record(z.string(), z.number()).describe("Category to US dollars per month, from premium articles' share of views"),
  conversionFunnel: z.object({
    visitors: count("Visits in the last 30 days (unique visitors per day, summed)"),
    conversionRate: pct("Paid sign-ups (subscriptions whose first invoice was paid) per visit, last 30 days"),
  }),
  planMix: z
    .array(z.object({ plan: z.string(), activePlans: z.number().int().describe("Active plans, a count"), monthlyRecurring: z.number().describe("Their monthly recurring revenue, US dollars") }))
    .describe("Active premium plans by plan (monthly, annual)"),
  series: seriesSchema.optional(),
});

export const seoAnalyticsSchema = z.object({
  overallScore: z.number().nullable().describe("0-100 audit score of published articles; null with no articles"),
  organicTraffic: count("Page views referred by search engines in the last 30 days"),
  technicalSeo: z.object({
    pagespeedScore: z.number().nullable().describe("0-100; null until a page-speed source is connected"),
    mobileOptimization: z.number().nullable().describe("0-100; null until measured"),
    coreWebVitals: z.string().nullable().describe("good | needs-improvement | poor; null until measured"),
    sitemap: z.boolean().nullable().describe("A sitemap is served at /sitemap.xml; null when the site could not be reached"),
    structuredData: z.boolean().nullable().describe("Articles carry NewsArticle JSON-LD; null when the site could not be reached or no article is published"),
  }),
  keywordRankings: z.record(z.string(), z.number()).nullable().describe("Keyword to search rank; null: no search-console source"),
  topLandingPages: z.array(
    z.object({
      title: z.string(),
      url: z.string(),
      sessions: z.number().int().describe("Sessions that started on the page, last 30 days"),
      bounceRate: z.number().nullable().describe("Percent of those sessions with a single page view"),
    }),
  ),
  contentGaps: z.array(z.string()).describe("Categories with the fewest articles in the last 30 days, fewest first"),
  series: seriesSchema.optional(),
});

export const newsletterStatsSchema = z.object({
  activeSubscribers: z.number().int().describe("Confirmed subscribers (double opt-in) who have not unsubscribed and whose address does not bounce"),
  totalSubscribers: z.number().int().describe("Every address ever signed up, pending confirmations, unsubscribed and bouncing ones included"),
  growthRate: pct("Confirmed sign-ups in the last 30 days against the 30 days before"),
  openRate: pct("Recipients who opened (unique opens by people, bots and prefetchers excluded) per delivered mail, last 30 days; null when nothing was delivered"),
  clickRate: pct("Recipients who clicked a link (unique clickers, bots and link scanners excluded) per delivered mail, last 30 days; null when nothing was delivered"),
  lastSent: z.string().nullable().describe("ISO-8601 time the last issue was sent; null before the first"),
  series: seriesSchema.optional(),
});

export const recommendationSchema = z.object({
  title: z.string(),
  detail: z.string(),
  basedOn: z.string().describe("The figure the recommendation is derived from, e.g. 'newsletter.growthRate'"),
  value: z.number().nullable().describe("That figure's current value"),
});
export const monetizationInsightsSchema = z.object({
  optimizationRecommendations: z.array(recommendationSchema),
  marketOpportunities: z.array(recommendationSchema),
});

export const growthMetricsSchema = z.object({
  totalGrowthScore: z.number().nullable().describe("0-100 score combining reach, engagement and virality; null with no data"),
  traffic: z.object({
    totalReach: count("Visits in the last 30 days (unique visitors per day, summed: the visitor hash changes daily)"),
    engagementRate: pct("Visits with more than one page view, last 30 days"),
    clickThroughRate: pct("Share clicks per article view, last 30 days"),
    viralCoefficient: z.number().nullable().describe("Visits referred by social networks per share click, last 30 days (a ratio, not percent); null without shares"),
    sources: z
      .array(z.object({ source: z.string(), views: z.number().int().describe("Page views, a count") }))
      .describe("Page views of the last 30 days by where they came from: search engines, social networks, direct and other sites"),
  }),
  viral: z.object({
    averageViralScore: z.number().nullable().describe("0-100 average over shared articles of 100 × (shares + social-referred visits) / views, capped at 100; null without shares"),
    totalViralPosts: z.number().int().describe("Articles shared at least once in the last 30 days"),
    topPerformingCategories: z.array(z.string()).describe("Categories by views, last 30 days"),
    trendingTopics: z.array(z.string()).describe("Article titles whose views rose most over the previous week"),
    sharesByNetwork: z
      .array(z.object({ network: z.string(), clicks: z.number().int().describe("Share clicks, a count") }))
      .describe("Share clicks of the last 30 days by network (x, facebook, linkedin, email, copy), most first"),
    mostSharedArticles: z
      .array(z.object({ title: z.string(), clicks: z.number().int().describe("Share clicks, a count"), views: z.number().int().describe("Page views, a count") }))
      .describe("The five articles with the most share clicks in the last 30 days"),
  }),
  targets: z.record(z.string(), z.number()).optional().describe("The administrator's targets, from settings"),
  series: seriesSchema.optional(),
  push: z
    .object({
      subscribers: z.number().int().describe("Browsers subscribed to alerts now, a count"),
      alerts: z.number().int().describe("Alerts sent in the last 30 days, a count"),
      delivered: z.number().int().describe("Alert deliveries the push services accepted in the last 30 days, a count"),
      clicks: z.number().int().describe("Alerts opened (each delivery counted once) in the last 30 days, a count"),
      clickRate: pct("Clicks per delivered alert, last 30 days"),
    })
    .describe("Breaking-news web push"),
});

export const revenueDashboardSchema = z.object({
  dailyRevenue: usd("Average per day of the invoices paid in the last 30 days"),
  monthlyProjection: usd("Monthly recurring revenue of active subscriptions"),
  adOptimizationScore: z.number().nullable().describe("0-100; null: no ad-network source connected"),
  directAdvertiserLeads: count("Direct advertising enquiries; null: no source"),
  topPerformingContent: z.array(z.string()).describe("Titles of the most viewed articles, last 30 days"),
  revenueSplit: z
    .object({ adNetwork: z.number(), directAdvertising: z.number(), premiumSubscriptions: z.number() })
    .optional()
    .describe("The administrator's target revenue split, in percent (settings)"),
  series: seriesSchema.optional(),
});

export type RevenueAnalytics = z.infer<typeof revenueAnalyticsSchema>;
export type SeoAnalytics = z.infer<typeof seoAnalyticsSchema>;
export type NewsletterStats = z.infer<typeof newsletterStatsSchema>;
export type MonetizationInsights = z.infer<typeof monetizationInsightsSchema>;
export type GrowthMetrics = z.infer<typeof growthMetricsSchema>;
export type RevenueDashboard = z.infer<typeof revenueDashboardSchema>;
export type Series = z.infer<typeof seriesSchema>;
