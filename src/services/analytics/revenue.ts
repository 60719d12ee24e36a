// Revenue figures from premium plans at list price (plans the administrator activated once paid).
import { PremiumSignup } from "../../entities/PremiumSignup.js";
import { isMysqlSource } from "../../db.js";
import { fromDbDate } from "../../lib/days.js";
import { DAY, toDbDate } from "../../lib/time.js";
import type { RevenueAnalytics, RevenueDashboard, Series } from "../../schemas/analytics.js";
import { PREMIUM_PLANS } from "../../schemas/constants.js";
import type { SiteSettingsService } from "../siteSettings.js";
import { audienceSeries, audienceTotals, topArticleTitles, viewsByCategory } from "./audience.js";
import { dayRanges, growthPercent, num, percentOf, round, windowDays, type FigureScope } from "./figures.js";

/** Revenue per day of one plan: monthly plans bill 12 times a year, annual plans once. */
const DAILY_PRICE = { monthly: (PREMIUM_PLANS.monthly.price * 12) / 365, annual: PREMIUM_PLANS.annual.price / 365 };

/** Revenue received so far: every started billing period of an activated plan, until its cancellation or now. */
const RECEIVED = {
  mysql:
    "COALESCE(SUM(CASE WHEN s.activatedAt IS NULL THEN 0 " +
    "WHEN s.plan = 'monthly' THEN (FLOOR((TIMESTAMPDIFF(SECOND, s.activatedAt, COALESCE(s.cancelledAt, :now)) / 86400) / 30.436875) + 1) * :monthlyPrice " +
    "ELSE (FLOOR((TIMESTAMPDIFF(SECOND, s.activatedAt, COALESCE(s.cancelledAt, :now)) / 86400) / 365.2425) + 1) * :annualPrice END),0)",
  sqlite:
    "COALESCE(SUM(CASE WHEN s.activatedAt IS NULL THEN 0 " +
    "WHEN s.plan = 'monthly' THEN (CAST((julianday(COALESCE(s.cancelledAt, :now)) - julianday(s.activatedAt)) / 30.436875 AS INTEGER) + 1) * :monthlyPrice " +
    "ELSE (CAST((julianday(COALESCE(s.cancelledAt, :now)) - julianday(s.activatedAt)) / 365.2425 AS INTEGER) + 1) * :annualPrice END),0)",
};

/** Active plans now and 30 days ago, cancellations in the last 30 days, revenue received so far and requests in 30 days: one query. */
export async function premiumFigures(scope: FigureScope) {
  const now = toDbDate(scope.now);
  const start = toDbDate(new Date(scope.now.getTime() - 30 * DAY));
  const row = await scope.ds
    .createQueryBuilder()
    .from(PremiumSignup, "s")
    // A plan counts as active at an instant when it was activated before and not cancelled by then.
    .select("COALESCE(SUM(CASE WHEN s.plan = 'monthly' AND s.activatedAt <= :now AND (s.cancelledAt IS NULL OR s.cancelledAt > :now) THEN 1 ELSE 0 END),0)", "monthlyNow")
    .addSelect("COALESCE(SUM(CASE WHEN s.plan = 'annual' AND s.activatedAt <= :now AND (s.cancelledAt IS NULL OR s.cancelledAt > :now) THEN 1 ELSE 0 END),0)", "annualNow")
    .addSelect("COALESCE(SUM(CASE WHEN s.activatedAt <= :start AND (s.cancelledAt IS NULL OR s.cancelledAt > :start) THEN 1 ELSE 0 END),0)", "activeAtStart")
    .addSelect("COALESCE(SUM(CASE WHEN s.cancelledAt IS NOT NULL AND s.activatedAt IS NOT NULL AND s.cancelledAt >= :start AND s.cancelledAt <= :now THEN 1 ELSE 0 END),0)", "cancelled30")
    .addSelect("COALESCE(SUM(CASE WHEN s.createdAt >= :start THEN 1 ELSE 0 END),0)", "requests30")
    .addSelect(isMysqlSource(scope.ds) ? RECEIVED.mysql : RECEIVED.sqlite, "received")
    .where("s.status IN (:...statuses)", { statuses: ["requested", "active", "cancelled", "refused"] })
    .setParameters({ now, start, monthlyPrice: PREMIUM_PLANS.monthly.price, annualPrice: PREMIUM_PLANS.annual.price })
    .getRawOne<Record<string, unknown>>();
  const monthly = num(row?.monthlyNow);
  const annual = num(row?.annualNow);
  return {
    monthly,
    annual,
    active: monthly + annual,
    activeAtStart: num(row?.activeAtStart),
    cancelled30: num(row?.cancelled30),
    requests30: num(row?.requests30),
    received: round(num(row?.received)),
    mrr: round(monthly * PREMIUM_PLANS.monthly.price + (annual * PREMIUM_PLANS.annual.price) / 12),
    daily: round(monthly * DAILY_PRICE.monthly + annual * DAILY_PRICE.annual),
  };
}
export type PremiumFigures = Awaited<ReturnType<typeof premiumFigures>>;

/** Revenue per day from the plans active during each day of the window. */
async function revenueSeries(scope: FigureScope): Promise<Series[number]> {
  const ranges = dayRanges(scope);
  const plans = await scope.ds
    .createQueryBuilder()
    .from(PremiumSignup, "s")
    .select("s.plan", "plan")
    .addSelect("s.activatedAt", "activatedAt")
    .addSelect("s.cancelledAt", "cancelledAt")
    .where("s.activatedAt IS NOT NULL AND s.activatedAt < :end AND (s.cancelledAt IS NULL OR s.cancelledAt > :start)", {
      start: toDbDate(ranges[0][0]),
      end: toDbDate(ranges[ranges.length - 1][1]),
    })
    .getRawMany<{ plan: string; activatedAt: unknown; cancelledAt: unknown }>();
  const spans = plans.map((p) => ({ daily: p.plan === "monthly" ? DAILY_PRICE.monthly : DAILY_PRICE.annual, from: fromDbDate(p.activatedAt)!.getTime(), until: fromDbDate(p.cancelledAt)?.getTime() ?? Infinity }));
  const { days } = windowDays(scope);
  const points = ranges.map(([start, end], i) => ({
    date: days[i],
    value: round(spans.filter((s) => s.from < end.getTime() && s.until > start.getTime()).reduce((sum, s) => sum + s.daily, 0)),
  }));
  return { key: "revenue", label: "Revenue", unit: "usd", points };
}

/** Monthly recurring revenue split over categories by premium articles' share of views. */
export async function revenueByCategory(scope: FigureScope, mrr: number) {
  const premiumViews = await viewsByCategory(scope, true);
  const total = premiumViews.reduce((sum, c) => sum + c.views, 0);
  return Object.fromEntries(premiumViews.map((c) => [c.category, round((mrr * c.views) / total)]));
}

export async function revenueAnalytics(scope: FigureScope): Promise<RevenueAnalytics> {
  const p = await premiumFigures(scope);
  const [audience, byCategory, revenue] = await Promise.all([audienceTotals(scope), revenueByCategory(scope, p.mrr), revenueSeries(scope)]);
  const churnRate = percentOf(p.cancelled30, p.activeAtStart);
  return {
    totalRevenue: p.received,
    subscriptionGrowth: growthPercent(p.active, p.activeAtStart),
    monthlyRecurring: p.mrr,
    churnRate,
    lifetimeValue: p.active > 0 && churnRate ? round(p.mrr / p.active / (churnRate / 100)) : null,
    revenueByCategory: byCategory,
    conversionFunnel: { visitors: audience.visits, conversionRate: percentOf(p.requests30, audience.visits) },
    planMix: [
      { plan: "monthly", activePlans: p.monthly, monthlyRecurring: round(p.monthly * PREMIUM_PLANS.monthly.price) },
      { plan: "annual", activePlans: p.annual, monthlyRecurring: round((p.annual * PREMIUM_PLANS.annual.price) / 12) },
    ],
    series: [revenue],
  };
}

export async function revenueDashboard(scope: FigureScope, settings: SiteSettingsService): Promise<RevenueDashboard> {
  const [p, top, revenue, views, site] = await Promise.all([premiumFigures(scope), topArticleTitles(scope, 5), revenueSeries(scope), audienceSeries(scope, ["views"]), settings.get()]);
  return {
    dailyRevenue: p.daily,
    monthlyProjection: p.mrr,
    adOptimizationScore: null,
    directAdvertiserLeads: null,
    topPerformingContent: top,
    revenueSplit: site.revenueSplit,
    series: [revenue, ...views],
  };
}
