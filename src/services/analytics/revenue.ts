// Revenue figures from recorded payments only (Stripe's paid invoices and subscription changes, through
// src/services/premium/revenueFigures.ts). Ad-network and direct-ad revenue are not connected: null.
import type { RevenueAnalytics, RevenueDashboard, Series } from "../../schemas/analytics.js";
import { RevenueFiguresService } from "../premium/revenueFigures.js";
import type { SiteSettingsService } from "../siteSettings.js";
import { audienceSeries, audienceTotals, topArticleTitles, viewsByCategory } from "./audienceMetrics.js";
import { DAY } from "../../lib/time.js";
import { WINDOW_DAYS, dayRanges, growthPercent, percentOf, round, windowDays, type FigureScope } from "./figures.js";

/** Paid invoices, subscriptions and cancellations of the window (the last 30 days), with revenue per day. */
export function premiumFigures(scope: FigureScope) {
  return new RevenueFiguresService(scope.repos.paymentFigures).figures(new Date(scope.now.getTime() - WINDOW_DAYS * DAY), scope.now, dayRanges(scope));
}
export type PremiumFigures = Awaited<ReturnType<typeof premiumFigures>>;

/** Revenue per day: the invoices paid on each day of the window. */
function revenueSeries(scope: FigureScope, daily: number[]): Series[number] {
  return { key: "revenue", label: "Revenue", unit: "usd", points: windowDays(scope).days.map((date, i) => ({ date, value: daily[i] ?? 0 })) };
}

/** Monthly recurring revenue split over categories by premium articles' share of views. */
export async function revenueByCategory(scope: FigureScope, mrr: number) {
  const premiumViews = await viewsByCategory(scope, true);
  const total = premiumViews.reduce((sum, c) => sum + c.views, 0);
  return Object.fromEntries(premiumViews.map((c) => [c.category, round((mrr * c.views) / total)]));
}

export async function revenueAnalytics(scope: FigureScope): Promise<RevenueAnalytics> {
  const p = await premiumFigures(scope);
  const [audience, byCategory] = await Promise.all([audienceTotals(scope), revenueByCategory(scope, p.mrr)]);
  const churnRate = percentOf(p.cancellations, p.activeAtStart);
  // Average revenue per member over churn; no churn, no lifetime to speak of.
  const arpu = p.activeNow > 0 ? p.mrr / p.activeNow : 0;
  return {
    totalRevenue: p.totalRevenue,
    subscriptionGrowth: growthPercent(p.activeNow, p.activeAtStart),
    monthlyRecurring: p.mrr,
    churnRate,
    lifetimeValue: churnRate ? round(arpu / (churnRate / 100)) : null,
    revenueByCategory: byCategory,
    conversionFunnel: { visitors: audience.visits, conversionRate: percentOf(p.paidSignups, audience.visits) },
    planMix: p.planMix,
    series: [revenueSeries(scope, p.daily)],
  };
}

export async function revenueDashboard(scope: FigureScope, settings: SiteSettingsService): Promise<RevenueDashboard> {
  const [p, top, views, site] = await Promise.all([premiumFigures(scope), topArticleTitles(scope, 5), audienceSeries(scope, ["views"]), settings.get()]);
  return {
    dailyRevenue: round(p.totalRevenue / WINDOW_DAYS),
    monthlyProjection: p.mrr,
    adOptimizationScore: null,
    directAdvertiserLeads: null,
    topPerformingContent: top,
    revenueSplit: site.revenueSplit,
    series: [revenueSeries(scope, p.daily), ...views],
  };
}
