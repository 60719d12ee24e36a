import { trpc } from "../../trpc.js";
import { useExpireOnUnauthorized } from "./AdminLayout.js";

// Refresh intervals: analytics every 5 minutes, growth every 30 s, revenue dashboard every 60 s.
export const REFRESH = { analytics: 5 * 60_000, growth: 30_000, revenue: 60_000 } as const;
const every = (ms: number) => ({ refetchInterval: ms, staleTime: 0 });

/** The six analytics answers the figures screens draw from. */
export function useFigures() {
  const revenue = trpc.analytics.revenue.useQuery(undefined, every(REFRESH.analytics));
  const seo = trpc.analytics.seo.useQuery(undefined, every(REFRESH.analytics));
  const newsletter = trpc.analytics.newsletter.useQuery(undefined, every(REFRESH.analytics));
  const monetization = trpc.analytics.monetization.useQuery(undefined, every(REFRESH.analytics));
  const growth = trpc.analytics.growth.useQuery(undefined, every(REFRESH.growth));
  const revenueDashboard = trpc.analytics.revenueDashboard.useQuery(undefined, every(REFRESH.revenue));
  useExpireOnUnauthorized(revenue.error ?? seo.error ?? newsletter.error ?? monetization.error ?? growth.error ?? revenueDashboard.error);
  return { revenue, seo, newsletter, monetization, growth, revenueDashboard };
}

/** Revenue per stream per month as far as the product knows it: premium plans only (no ad-network or direct-deal source). */
export const revenueActuals = (monthlyProjection: number | null | undefined) => ({ adNetwork: null, directAdvertising: null, premiumSubscriptions: monthlyProjection });
export const REVENUE_DASHBOARD_FIELDS = ["dailyRevenue", "monthlyProjection", "adOptimizationScore", "directAdvertiserLeads", "topPerformingContent", "revenueSplit"];
