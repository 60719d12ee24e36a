import { Link } from "react-router-dom";
import { useState } from "react";
import { Block, ExtraFields, Figure, RevenueSplit, SeriesCharts, TargetBar, TitleList, type Unit } from "../../components/admin/figures.js";
import { AdminLayout } from "./AdminLayout.js";
import { Card, LandingPages, Recommendations, TopCategories } from "../../components/admin/FigureCards.js";
import { REVENUE_DASHBOARD_FIELDS, revenueActuals, useFigures } from "./useFigures.js";

const TABS = ["Viral Engine", "Traffic Acceleration", "Revenue Optimization", "Growth Strategy"] as const;
type Tab = (typeof TABS)[number];

/** /growth: the growth command center, one tab per question, every number from the API. */
export function GrowthPage() {
  return (
    <AdminLayout title="Growth Command Center">
      <Growth />
    </AdminLayout>
  );
}

function Growth() {
  const [tab, setTab] = useState<Tab>("Viral Engine");
  const figures = useFigures();
  return (
    <div className="admin-stack">
      <div className="admin-tabs admin-tabs-large" role="tablist" aria-label="Growth areas">
        {TABS.map((t) => (
          <button key={t} type="button" role="tab" id={`tab-${t}`} aria-selected={tab === t} aria-controls="growth-panel" className={`admin-tab${tab === t ? " active" : ""}`} onClick={() => setTab(t)}>
            {t}
          </button>
        ))}
      </div>
      <div role="tabpanel" id="growth-panel" aria-labelledby={`tab-${tab}`}>
        {tab === "Viral Engine" && <ViralEngine f={figures} />}
        {tab === "Traffic Acceleration" && <TrafficAcceleration f={figures} />}
        {tab === "Revenue Optimization" && <RevenueOptimization f={figures} />}
        {tab === "Growth Strategy" && <GrowthStrategy f={figures} />}
      </div>
    </div>
  );
}

type Figures = ReturnType<typeof useFigures>;
const isShareSeries = (k: string) => /share|viral/i.test(k);
const isTrafficSeries = (k: string) => /view|visit|session|traffic|organic|reach/i.test(k);
const isRevenueSeries = (k: string) => /revenue|subscri|premium|plan|mrr|signup/i.test(k);

function ViralEngine({ f }: { f: Figures }) {
  const g = f.growth.data;
  return (
    <Card title="Viral Engine" query={f.growth} refresh="every 30 s">
      {g && (
        <>
          <dl className="admin-figures">
            <Figure label="Viral coefficient" value={g.traffic.viralCoefficient} unit="ratio" field="viralCoefficient" note="Share-referred visits per share click" />
            <Figure label="Share click-through" value={g.traffic.clickThroughRate} unit="percent" field="clickThroughRate" />
            <Figure label="Average viral score" value={g.viral.averageViralScore} unit="score" field="averageViralScore" />
            <Figure label="Articles shared (30 days)" value={g.viral.totalViralPosts} field="totalViralPosts" />
          </dl>
          {/* Shares by network and most-shared articles, as the API reports them. */}
          <ExtraFields data={g.viral} known={["averageViralScore", "totalViralPosts", "topPerformingCategories", "trendingTopics"]} />
          <Block title="Trending articles">
            <TitleList items={g.viral.trendingTopics} empty="Nothing rising this week." />
          </Block>
          <SeriesCharts series={g.series} only={isShareSeries} />
        </>
      )}
    </Card>
  );
}

function TrafficAcceleration({ f }: { f: Figures }) {
  const g = f.growth.data;
  const s = f.seo.data;
  return (
    <>
      <Card title="Traffic Acceleration" query={f.growth} refresh="every 30 s">
        {g && (
          <>
            <dl className="admin-figures">
              <Figure label="Visits (30 days)" value={g.traffic.totalReach} field="totalReach" />
              <Figure label="Engagement rate" value={g.traffic.engagementRate} unit="percent" field="engagementRate" />
              <Figure label="Organic traffic (30 days)" value={s?.organicTraffic} field="organicTraffic" />
            </dl>
            {/* Traffic sources and anything else the API adds about traffic. */}
            <ExtraFields data={g.traffic} known={["totalReach", "engagementRate", "clickThroughRate", "viralCoefficient"]} />
            <TopCategories categories={g.viral.topPerformingCategories} />
            <SeriesCharts series={[...(g.series ?? []), ...(s?.series ?? [])].filter((x, i, all) => all.findIndex((y) => y.key === x.key) === i)} only={isTrafficSeries} />
            {s && <LandingPages pages={s.topLandingPages} />}
          </>
        )}
      </Card>
      <Card title="Breaking-news Alerts" query={f.growth} refresh="every 30 s">
        {g?.push && (
          <>
            <dl className="admin-figures">
              <Figure label="Alert subscribers" value={g.push.subscribers} field="push.subscribers" />
              <Figure label="Alerts sent (30 days)" value={g.push.alerts} field="push.alerts" />
              <Figure label="Delivered (30 days)" value={g.push.delivered} field="push.delivered" />
              <Figure label="Opened (30 days)" value={g.push.clicks} field="push.clicks" />
              <Figure label="Open rate" value={g.push.clickRate ?? "No alert delivered yet"} unit="percent" field="push.clickRate" note="Opened per delivered alert" />
            </dl>
            <p className="admin-small admin-muted">
              Each alert's figures are on the <Link to="/alerts">Alerts</Link> screen.
            </p>
          </>
        )}
      </Card>
    </>
  );
}

function RevenueOptimization({ f }: { f: Figures }) {
  const r = f.revenue.data;
  const d = f.revenueDashboard.data;
  return (
    <>
      <Card title="Recurring Revenue" query={f.revenueDashboard} refresh="every 60 s">
        {d && (
          <dl className="admin-figures">
            <Figure label="Monthly recurring" value={r?.monthlyRecurring} unit="usd" field="monthlyRecurring" />
            <Figure label="Daily revenue" value={d.dailyRevenue} unit="usd" field="dailyRevenue" />
            <Figure label="Monthly projection" value={d.monthlyProjection} unit="usd" field="monthlyProjection" />
            <Figure label="Churn rate" value={r?.churnRate} unit="percent" field="churnRate" />
          </dl>
        )}
      </Card>
      <Card title="Revenue Split: Target against Actual" query={f.revenueDashboard} refresh="every 60 s">
        {d &&
          (d.revenueSplit ? (
            <>
              <RevenueSplit target={d.revenueSplit} actual={revenueActuals(d.monthlyProjection)} />
              <p className="admin-small admin-muted">
                Targets are set in <Link to="/settings">Settings</Link>.
              </p>
            </>
          ) : (
            <p className="admin-muted">No target split set yet.</p>
          ))}
      </Card>
      <Card title="Premium Conversion" query={f.revenue} refresh="every 5 min">
        {r && (
          <>
            <dl className="admin-figures">
              <Figure label="Visitors (30 days)" value={r.conversionFunnel.visitors} field="visitors" />
              <Figure label="Premium conversion" value={r.conversionFunnel.conversionRate} unit="percent" field="conversionRate" />
              <Figure label="Subscription growth" value={r.subscriptionGrowth} unit="percent" field="subscriptionGrowth" />
              <Figure label="Lifetime value" value={r.lifetimeValue} unit="usd" field="lifetimeValue" />
            </dl>
            {/* Plan mix, revenue split (target against actual) and other revenue facts the API reports. */}
            <ExtraFields data={r} known={["totalRevenue", "monthlyRecurring", "subscriptionGrowth", "churnRate", "lifetimeValue", "conversionFunnel", "revenueByCategory"]} />
            {d && <ExtraFields data={d} known={REVENUE_DASHBOARD_FIELDS} />}
            <SeriesCharts series={[...(r.series ?? []), ...(d?.series ?? [])].filter((x, i, all) => all.findIndex((y) => y.key === x.key) === i)} only={isRevenueSeries} />
          </>
        )}
      </Card>
    </>
  );
}

/** Which actual figure each growth target is measured against. */
function actualFor(key: string, f: Figures): { label: string; value: number | null | undefined; unit: Unit } {
  const g = f.growth.data;
  const table: Record<string, { label: string; value: number | null | undefined; unit: Unit }> = {
    monthlyVisitors: { label: "Monthly visitors", value: g?.traffic.totalReach, unit: "count" },
    engagementRate: { label: "Engagement rate", value: g?.traffic.engagementRate, unit: "percent" },
    viralCoefficient: { label: "Viral coefficient", value: g?.traffic.viralCoefficient, unit: "ratio" },
    newsletterSubscribers: { label: "Newsletter subscribers", value: f.newsletter.data?.activeSubscribers, unit: "count" },
    monthlyRecurringRevenue: { label: "Monthly recurring revenue", value: f.revenue.data?.monthlyRecurring, unit: "usd" },
  };
  return table[key] ?? { label: key.replace(/([a-z])([A-Z])/g, "$1 $2"), value: null, unit: "count" };
}

function GrowthStrategy({ f }: { f: Figures }) {
  const targets = f.growth.data?.targets;
  return (
    <>
      <Card title="Targets against Actuals" query={f.growth} refresh="every 30 s">
        {f.growth.data &&
          (targets && Object.keys(targets).length ? (
            <div className="admin-stack">
              {Object.entries(targets).map(([key, target]) => {
                const a = actualFor(key, f);
                return <TargetBar key={key} label={a.label} target={target} actual={a.value} unit={a.unit} field={key} />;
              })}
              <p className="admin-small admin-muted">
                Targets are set in <Link to="/settings">Settings</Link>.
              </p>
            </div>
          ) : (
            <p className="admin-muted">
              No targets set yet. Set them in <Link to="/settings">Settings</Link>.
            </p>
          ))}
      </Card>
      <Card title="Recommendations" query={f.monetization} refresh="every 5 min">
        {f.monetization.data && <Recommendations m={f.monetization.data} />}
      </Card>
    </>
  );
}
