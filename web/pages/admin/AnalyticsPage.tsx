import { categoryLabel } from "../../../src/schemas/constants.js";
import { Block, BarList, ExtraFields, Figure, NotConnected, RevenueSplit, SeriesCharts, TitleList } from "../../components/admin/figures.js";
import { AdminLayout } from "./AdminLayout.js";
import { NewsletterIssues } from "../../components/admin/NewsletterIssues.js";
import { trpc } from "../../trpc.js";
import { useSiteTime } from "../../components/admin/zonedTime.js";
import { Card, LandingPages, Recommendations, TopCategories } from "../../components/admin/FigureCards.js";
import { REVENUE_DASHBOARD_FIELDS, revenueActuals, useFigures } from "./useFigures.js";

/** /analytics: revenue, SEO, newsletter, growth and revenue-dashboard cards, all from the API. */
export function AnalyticsPage() {
  return (
    <AdminLayout title="Analytics">
      <Analytics />
    </AdminLayout>
  );
}


function Analytics() {
  const { revenue, seo, newsletter, monetization, growth, revenueDashboard } = useFigures();
  const issues = trpc.newsletterAdmin.issues.useQuery(undefined, { staleTime: 5 * 60_000, refetchInterval: 5 * 60_000 });
  const { format } = useSiteTime();
  const r = revenue.data;
  const s = seo.data;
  const n = newsletter.data;
  const g = growth.data;
  const d = revenueDashboard.data;
  const m = monetization.data;
  return (
    <div className="admin-figure-grid">
      <Card title="Revenue" query={revenue} refresh="every 5 min">
        {r && (
          <>
            <dl className="admin-figures">
              <Figure label="Total revenue" value={r.totalRevenue} unit="usd" field="totalRevenue" />
              <Figure label="Monthly recurring" value={r.monthlyRecurring} unit="usd" field="monthlyRecurring" />
              <Figure label="Subscription growth" value={r.subscriptionGrowth} unit="percent" field="subscriptionGrowth" />
              <Figure label="Churn rate" value={r.churnRate} unit="percent" field="churnRate" />
              <Figure label="Lifetime value" value={r.lifetimeValue} unit="usd" field="lifetimeValue" />
              <Figure label="Visitors (30 days)" value={r.conversionFunnel.visitors} field="visitors" />
              <Figure label="Premium conversion" value={r.conversionFunnel.conversionRate} unit="percent" field="conversionRate" />
            </dl>
            <Block title="Revenue by category (per month)">
              <BarList data={Object.fromEntries(Object.entries(r.revenueByCategory).map(([k, v]) => [categoryLabel(k), v]))} unit="usd" empty="No premium revenue recorded yet." />
            </Block>
            <ExtraFields data={r} known={["totalRevenue", "monthlyRecurring", "subscriptionGrowth", "churnRate", "lifetimeValue", "conversionFunnel", "revenueByCategory"]} />
            <SeriesCharts series={r.series} />
          </>
        )}
      </Card>

      <Card title="Revenue Dashboard" query={revenueDashboard} refresh="every 60 s">
        {d && (
          <>
            <dl className="admin-figures">
              <Figure label="Daily revenue" value={d.dailyRevenue} unit="usd" field="dailyRevenue" />
              <Figure label="Monthly projection" value={d.monthlyProjection} unit="usd" field="monthlyProjection" />
              <Figure label="Ad optimisation score" value={d.adOptimizationScore} unit="score" field="adOptimizationScore" />
              <Figure label="Direct advertiser leads" value={d.directAdvertiserLeads} field="directAdvertiserLeads" />
            </dl>
            <Block title="Top performing content (30 days)">
              <TitleList items={d.topPerformingContent} empty="No article views recorded yet." />
            </Block>
            {d.revenueSplit && (
              <Block title="Revenue split: target against actual">
                <RevenueSplit target={d.revenueSplit} actual={revenueActuals(d.monthlyProjection)} />
              </Block>
            )}
            <ExtraFields data={d} known={REVENUE_DASHBOARD_FIELDS} />
            <SeriesCharts series={d.series} />
          </>
        )}
      </Card>

      <Card title="SEO" query={seo} refresh="every 5 min">
        {s && (
          <>
            <dl className="admin-figures">
              <Figure label="Overall score" value={s.overallScore} unit="score" field="overallScore" />
              <Figure label="Organic traffic (30 days)" value={s.organicTraffic} field="organicTraffic" />
              <Figure label="Page speed" value={s.technicalSeo.pagespeedScore} unit="score" field="pagespeedScore" />
              <Figure label="Mobile optimisation" value={s.technicalSeo.mobileOptimization} unit="score" field="mobileOptimization" />
              <Figure label="Core Web Vitals" value={s.technicalSeo.coreWebVitals} field="coreWebVitals" />
              <Figure label="Sitemap" value={s.technicalSeo.sitemap} field="sitemap" />
              <Figure label="Structured data" value={s.technicalSeo.structuredData} field="structuredData" />
            </dl>
            <Block title="Keyword rankings">
              {s.keywordRankings === null ? (
                <NotConnected field="keywordRankings" />
              ) : (
                <ol className="admin-list">
                  {Object.entries(s.keywordRankings)
                    .sort((a, b) => a[1] - b[1])
                    .map(([k, rank]) => (
                      <li key={k}>
                        {k} — #{rank}
                      </li>
                    ))}
                </ol>
              )}
            </Block>
            <LandingPages pages={s.topLandingPages} />
            <Block title="Content gaps (fewest articles, 30 days)">
              {s.contentGaps.length ? <p>{s.contentGaps.map(categoryLabel).join(", ")}</p> : <p className="admin-muted admin-small">No gaps.</p>}
            </Block>
            <ExtraFields data={s} known={["overallScore", "organicTraffic", "technicalSeo", "keywordRankings", "topLandingPages", "contentGaps"]} />
            <SeriesCharts series={s.series} />
          </>
        )}
      </Card>

      <Card title="Newsletter" query={newsletter} refresh="every 5 min">
        {n && (
          <>
            <dl className="admin-figures">
              <Figure label="Active subscribers" value={n.activeSubscribers} field="activeSubscribers" />
              <Figure label="Total subscribers" value={n.totalSubscribers} field="totalSubscribers" />
              <Figure label="Growth rate (30 days)" value={n.growthRate} unit="percent" field="growthRate" />
              <Figure label="Open rate" value={n.openRate} unit="percent" field="openRate" />
              <Figure label="Click rate" value={n.clickRate} unit="percent" field="clickRate" />
              <Figure label="Last sent" value={n.lastSent ? format(n.lastSent) : null} field="lastSent" />
            </dl>
            <ExtraFields data={n} known={["activeSubscribers", "totalSubscribers", "growthRate", "openRate", "clickRate", "lastSent"]} />
            <Block title="Last issues">
              <NewsletterIssues issues={issues.data ?? []} limit={5} />
            </Block>
            <SeriesCharts series={n.series} />
          </>
        )}
      </Card>

      <Card title="Growth" query={growth} refresh="every 30 s">
        {g && (
          <>
            <dl className="admin-figures">
              <Figure label="Growth score" value={g.totalGrowthScore} unit="score" field="totalGrowthScore" />
              <Figure label="Total reach (30 days)" value={g.traffic.totalReach} field="totalReach" />
              <Figure label="Engagement rate" value={g.traffic.engagementRate} unit="percent" field="engagementRate" />
              <Figure label="Share click-through" value={g.traffic.clickThroughRate} unit="percent" field="clickThroughRate" />
              <Figure label="Viral coefficient" value={g.traffic.viralCoefficient} unit="ratio" field="viralCoefficient" />
              <Figure label="Average viral score" value={g.viral.averageViralScore} unit="score" field="averageViralScore" />
              <Figure label="Shared articles (30 days)" value={g.viral.totalViralPosts} field="totalViralPosts" />
            </dl>
            <TopCategories categories={g.viral.topPerformingCategories} />
            <Block title="Trending">
              <TitleList items={g.viral.trendingTopics} empty="Nothing rising this week." />
            </Block>
            <SeriesCharts series={g.series} />
          </>
        )}
      </Card>

      <Card title="Monetization Insights" query={monetization} refresh="every 5 min">
        {m && <Recommendations m={m} />}
      </Card>
    </div>
  );
}
