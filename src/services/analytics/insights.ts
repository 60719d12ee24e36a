// Recommendations derived from the dashboard figures; each names the figure and its value.
import type { MonetizationInsights } from "../../schemas/analytics.js";
import { categoryLabel } from "../../schemas/constants.js";
import type { SiteSettingsService } from "../siteSettings.js";
import { audienceTotals, viewsByCategory } from "./audienceMetrics.js";
import { percentOf, round, type FigureScope } from "./figures.js";
import { premiumFigures, revenueByCategory } from "./revenue.js";
import { averageAuditScore, contentGaps } from "./seo.js";
import { subscriberGrowth } from "./subscribers.js";

/** Reads only the figures the advice is built from (no series, no site probe). */
async function insightFigures(scope: FigureScope, settings: SiteSettingsService) {
  const premium = await premiumFigures(scope);
  const [audience, byCategory, categories, auditScore, gaps, newsletterGrowth, site] = await Promise.all([
    audienceTotals(scope),
    revenueByCategory(scope, premium.mrr),
    viewsByCategory(scope),
    averageAuditScore(scope),
    contentGaps(scope),
    subscriberGrowth(scope),
    settings.get(),
  ]);
  return {
    visitors: audience.visits,
    conversionRate: percentOf(premium.paidSignups, audience.visits),
    churnRate: percentOf(premium.cancellations, premium.activeAtStart),
    monthlyRecurring: premium.mrr,
    revenueByCategory: byCategory,
    engagementRate: percentOf(audience.engaged, audience.visits),
    topCategory: categories[0]?.category,
    auditScore,
    contentGaps: gaps,
    newsletterGrowth,
    site,
  };
}

export async function monetizationInsights(scope: FigureScope, settings: SiteSettingsService): Promise<MonetizationInsights> {
  const f = await insightFigures(scope, settings);
  const { targets, revenueSplit } = f.site;
  const optimization: MonetizationInsights["optimizationRecommendations"] = [];
  const opportunities: MonetizationInsights["marketOpportunities"] = [];
  const { conversionRate, visitors } = f;
  if (conversionRate !== null) {
    optimization.push(
      conversionRate < 1
        ? { title: "Raise premium conversion", detail: `${conversionRate}% of ${visitors} visits led to a paid premium sign-up in 30 days: show the plan on premium articles and in the newsletter.`, basedOn: "revenue.conversionFunnel.conversionRate", value: conversionRate }
        : { title: "Premium conversion is working", detail: `${conversionRate}% of visits led to a paid premium sign-up: keep the offer where readers meet it.`, basedOn: "revenue.conversionFunnel.conversionRate", value: conversionRate },
    );
  }
  if (f.churnRate !== null && f.churnRate > 5) {
    optimization.push({ title: "Reduce premium churn", detail: `${f.churnRate}% of plans active 30 days ago were cancelled: ask leaving subscribers why and offer the annual plan.`, basedOn: "revenue.churnRate", value: f.churnRate });
  }
  if (f.engagementRate !== null && f.engagementRate < targets.engagementRate) {
    optimization.push({ title: "Keep readers for a second page", detail: `${f.engagementRate}% of visits go beyond one page (target ${targets.engagementRate}%): add related articles and in-text links.`, basedOn: "growth.traffic.engagementRate", value: f.engagementRate });
  }
  if (f.auditScore !== null && f.auditScore < 80) {
    optimization.push({ title: "Fix the SEO audit's findings", detail: `Published articles score ${f.auditScore}/100: check titles, descriptions, image alt text, headings and internal links.`, basedOn: "seo.overallScore", value: f.auditScore });
  }
  if (f.newsletterGrowth === null || f.newsletterGrowth <= 0) {
    optimization.push({
      title: "Grow the newsletter",
      detail: f.newsletterGrowth === null ? "Nobody subscribed in the 30 days before the last 30, so there is no growth rate yet: promote the sign-up form on article pages." : `Sign-ups changed by ${f.newsletterGrowth}% against the previous 30 days: promote the sign-up form on article pages.`,
      basedOn: "newsletter.growthRate",
      value: f.newsletterGrowth,
    });
  }
  if (f.topCategory) {
    opportunities.push({ title: `Expand ${categoryLabel(f.topCategory)} coverage`, detail: `${categoryLabel(f.topCategory)} drew the most views in the last 30 days: sponsors and premium reports fit there first.`, basedOn: "growth.viral.topPerformingCategories", value: null });
  }
  const premiumTop = Object.entries(f.revenueByCategory).sort((a, b) => b[1] - a[1])[0];
  if (premiumTop) {
    opportunities.push({ title: `More premium analysis on ${categoryLabel(premiumTop[0])}`, detail: `Premium readers of ${categoryLabel(premiumTop[0])} account for $${premiumTop[1]} of monthly recurring revenue.`, basedOn: "revenue.revenueByCategory", value: premiumTop[1] });
  }
  if (f.contentGaps.length) {
    opportunities.push({ title: `Cover ${f.contentGaps.slice(0, 3).map(categoryLabel).join(", ")}`, detail: "These categories had the fewest new articles in the last 30 days.", basedOn: "seo.contentGaps", value: f.contentGaps.length });
  }
  const mrrTarget = targets.monthlyRecurringRevenue;
  if (mrrTarget > 0) {
    const reached = round((f.monthlyRecurring / mrrTarget) * 100, 1);
    opportunities.push({ title: "Premium revenue against its target", detail: `Monthly recurring revenue is $${f.monthlyRecurring}, ${reached}% of the $${mrrTarget} target (premium subscriptions are meant to be ${revenueSplit.premiumSubscriptions}% of revenue).`, basedOn: "revenue.monthlyRecurring", value: f.monthlyRecurring });
  }
  return { optimizationRecommendations: optimization, marketOpportunities: opportunities };
}
