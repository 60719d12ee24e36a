import { z } from "zod";
import {
  growthMetricsSchema,
  monetizationInsightsSchema,
  newsletterStatsSchema,
  revenueAnalyticsSchema,
  revenueDashboardSchema,
  seoAnalyticsSchema,
} from "../../schemas/analytics.js";
import { adminProcedure, router } from "../trpc.js";

const tags = ["analytics"];

export const analyticsRouter = router({
  revenue: adminProcedure
    .meta({ openapi: { method: "GET", path: "/admin/revenue-analytics", tags, summary: "Revenue figures from active premium plans" } })
    .input(z.void())
    .output(revenueAnalyticsSchema)
    .query(({ ctx }) => ctx.analytics.revenueAnalytics()),
  seo: adminProcedure
    .meta({ openapi: { method: "GET", path: "/admin/seo-analytics", tags, summary: "SEO audit, organic traffic and content gaps" } })
    .input(z.void())
    .output(seoAnalyticsSchema)
    .query(({ ctx }) => ctx.analytics.seoAnalytics()),
  newsletter: adminProcedure
    .meta({ openapi: { method: "GET", path: "/newsletter/stats", tags, summary: "Newsletter subscriber figures" } })
    .input(z.void())
    .output(newsletterStatsSchema)
    .query(({ ctx }) => ctx.analytics.newsletterStats()),
  monetization: adminProcedure
    .meta({ openapi: { method: "GET", path: "/admin/monetization-insights", tags, summary: "Recommendations derived from the figures, each naming its source figure" } })
    .input(z.void())
    .output(monetizationInsightsSchema)
    .query(({ ctx }) => ctx.analytics.monetizationInsights()),
  growth: adminProcedure
    .meta({ openapi: { method: "GET", path: "/growth/metrics", tags, summary: "Reach, engagement and virality" } })
    .input(z.void())
    .output(growthMetricsSchema)
    .query(({ ctx }) => ctx.analytics.growthMetrics()),
  revenueDashboard: adminProcedure
    .meta({ openapi: { method: "GET", path: "/revenue/dashboard", tags, summary: "Daily revenue, projection and top content" } })
    .input(z.void())
    .output(revenueDashboardSchema)
    .query(({ ctx }) => ctx.analytics.revenueDashboard()),
});
