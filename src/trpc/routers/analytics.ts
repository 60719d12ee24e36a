import { z } from "zod";
import {
  growthMetricsSchema,
  monetizationInsightsSchema,
  newsletterStatsSchema,
  revenueAnalyticsSchema,
  revenueDashboardSchema,
  seoAnalyticsSchema,
} from "../../schemas/analytics.js";
import { router, scopedProcedure } from "../trpc.js";

const tags = ["analytics"];

export const analyticsRouter = router({
  revenue: scopedProcedure("analytics:read", "analytics:read")
    .meta({ openapi: { method: "GET", path: "/admin/revenue-analytics", tags, summary: "Revenue figures from active premium plans" } })
    .input(z.void())
    .output(revenueAnalyticsSchema)
    .query(({ ctx }) => ctx.analytics.revenueAnalytics()),
  seo: scopedProcedure("analytics:read", "analytics:read")
    .meta({ openapi: { method: "GET", path: "/admin/seo-analytics", tags, summary: "SEO audit, organic traffic and content gaps" } })
    .input(z.void())
    .output(seoAnalyticsSchema)
    .query(({ ctx }) => ctx.analytics.seoAnalytics()),
  newsletter: scopedProcedure("analytics:read", "analytics:read")
    .meta({ openapi: { method: "GET", path: "/newsletter/stats", tags, summary: "Newsletter subscriber figures" } })
    .input(z.void())
    .output(newsletterStatsSchema)
    .query(({ ctx }) => ctx.analytics.newsletterStats()),
  monetization: scopedProcedure("analytics:read", "analytics:read")
    .meta({ openapi: { method: "GET", path: "/admin/monetization-insights", tags, summary: "Recommendations derived from the figures, each naming its source figure" } })
    .input(z.void())
    .output(monetizationInsightsSchema)
    .query(({ ctx }) => ctx.analytics.monetizationInsights()),
  growth: scopedProcedure("analytics:read", "analytics:read")
    .meta({ openapi: { method: "GET", path: "/growth/metrics", tags, summary: "Reach, engagement and virality" } })
    .input(z.void())
    .output(growthMetricsSchema)
    .query(({ ctx }) => ctx.analytics.growthMetrics()),
  revenueDashboard: scopedProcedure("analytics:read", "analytics:read")
    .meta({ openapi: { method: "GET", path: "/revenue/dashboard", tags, summary: "Daily revenue, projection and top content" } })
    .input(z.void())
    .output(revenueDashboardSchema)
    .query(({ ctx }) => ctx.analytics.revenueDashboard()),
});
