import net from "node:net";
import type express from "express";
import { StripeWebhook } from "../../../src/services/premium/stripeWebhook.js";
import { PRICES, event, invoice, subscription } from "../../helpers/fakeStripe.js";
import { createTestApp, type TestApp } from "../../helpers/testApp.js";
import { createArticle } from "../../helpers/factories.js";
import { toDbDate } from "../../../src/lib/time.js";
import { dayKey } from "../../../src/schemas/zonedTime.js";

const DAY = 86_400_000;
const ago = (days: number, hours = 0) => new Date(Date.now() - days * DAY - hours * 3_600_000);
const ENDPOINTS = ["/api/admin/revenue-analytics", "/api/admin/seo-analytics", "/api/newsletter/stats", "/api/admin/monetization-insights", "/api/growth/metrics", "/api/revenue/dashboard"];
/** An origin nothing listens on: a port that was free a moment ago. */
const closedOrigin = async () => {
  const server = net.createServer().listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return `http://127.0.0.1:${port}`;
};
const UA = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36";

/** A site that serves a sitemap and NewsArticle JSON-LD, so the SEO probe has something real to find. */
const fakeSeoPages = (app: express.Express) => {
  app.get("/sitemap.xml", (_req, res) => {
    res.type("application/xml").send('<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"></urlset>');
  });
  app.get("/article/:slug", (_req, res) => {
    res.type("html").send('<html><head><script type="application/ld+json">{"@context":"https://schema.org","@type":"NewsArticle"}</script></head></html>');
  });
};

describe("with no data", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    t.services.siteProbe.origin = await closedOrigin();
  });
  afterAll(() => t.close());

  test("every endpoint is refused without a session (REST and tRPC)", async () => {
    for (const url of ENDPOINTS) expect((await t.api("GET", url)).status).toBe(401);
    const anonymous = await t.caller();
    await expect(anonymous.analytics.growth()).rejects.toMatchObject({ code: "UNAUTHORIZED" });
  });

  test("answers zeros and nulls, never an error", async () => {
    const cookie = await t.login();
    const get = async (url: string) => {
      const res = await t.api("GET", url, { cookie });
      expect(res.status).toBe(200);
      expect(res.headers.get("cache-control")).toContain("private");
      return res.body;
    };
    const zeros = () => expect.arrayContaining([expect.objectContaining({ points: expect.arrayContaining([expect.objectContaining({ value: 0 })]) })]);
    const revenue = await get("/api/admin/revenue-analytics");
    expect(revenue).toEqual({
      totalRevenue: 0,
      subscriptionGrowth: null, // nothing to compare with: not "0 % growth"
      monthlyRecurring: 0,
      churnRate: null,
      lifetimeValue: null,
      revenueByCategory: {},
      conversionFunnel: { visitors: 0, conversionRate: null },
      planMix: [
        { plan: "monthly", activePlans: 0, monthlyRecurring: 0 },
        { plan: "annual", activePlans: 0, monthlyRecurring: 0 },
      ],
      series: zeros(),
    });
    expect(revenue.series[0].points).toHaveLength(30);
    expect(revenue.series[0].points.every((p: { value: number }) => p.value === 0)).toBe(true);
    expect(await get("/api/admin/seo-analytics")).toEqual({
      overallScore: null,
      organicTraffic: 0,
      // The probe's origin does not answer: could not check, so null, not "No".
      technicalSeo: { pagespeedScore: null, mobileOptimization: null, coreWebVitals: null, sitemap: null, structuredData: null },
      keywordRankings: null,
      topLandingPages: [],
      contentGaps: ["land", "sea", "air", "intelligence", "security", "politics", "analysis"],
      series: zeros(),
    });
    expect(await get("/api/newsletter/stats")).toEqual({ activeSubscribers: 0, totalSubscribers: 0, growthRate: null, openRate: null, clickRate: null, lastSent: null, series: zeros() });
    const growth = await get("/api/growth/metrics");
    expect(growth).toMatchObject({
      totalGrowthScore: null,
      traffic: { totalReach: 0, engagementRate: null, clickThroughRate: null, viralCoefficient: null },
      viral: { averageViralScore: null, totalViralPosts: 0, topPerformingCategories: [], trendingTopics: [], sharesByNetwork: [], mostSharedArticles: [] },
    });
    expect(growth.traffic.sources.map((s: { views: number }) => s.views)).toEqual([0, 0, 0]);
    expect(growth.series.map((s: { key: string }) => s.key)).toEqual(["views", "visitors", "shares"]);
    expect(await get("/api/revenue/dashboard")).toMatchObject({ dailyRevenue: 0, monthlyProjection: 0, adOptimizationScore: null, directAdvertiserLeads: null, topPerformingContent: [] });
    const insights = await get("/api/admin/monetization-insights");
    // With nothing recorded, only figures that exist produce advice (content gaps, the premium target).
    for (const r of [...insights.optimizationRecommendations, ...insights.marketOpportunities]) expect(r.basedOn).toMatch(/^(revenue|seo|newsletter|growth)\./);
  });
});

describe("with recorded data", () => {
  let t: TestApp;
  let cookie: string;
  let alpha: { id: number; slug: string; title: string };
  let bravo: { id: number; slug: string; title: string };

  beforeAll(async () => {
    t = await createTestApp({}, [fakeSeoPages]);
    t.services.siteProbe.origin = t.baseUrl;
    cookie = await t.login();
    // Alpha passes all five SEO checks; Bravo and Charlie pass only "headings".
    alpha = await createArticle(t.services, {
      title: "Alpha: the new frigate programme explained in detail",
      excerpt: "A clear look at what the navy is buying, why it matters and what the frigates will cost over their lifetime.",
      content: "## Background\n\nSee [our earlier report](/article/older-report) for context.",
      imageUrl: "/images/frigate.jpg",
      imageAlt: "A frigate at sea",
      category: "land",
      isPremium: true,
    });
    bravo = await createArticle(t.services, { title: "Bravo short", category: "sea" });
    await createArticle(t.services, { title: "Charlie short", category: "air", isPremium: true });

    // Audience: today three visitors, eight days ago one visitor reading Bravo three times.
    const a = t.services.audience;
    const v1 = { address: "198.51.100.1", userAgent: UA };
    const v2 = { address: "198.51.100.2", userAgent: UA };
    const v3 = { address: "198.51.100.3", userAgent: UA };
    const today = new Date();
    const rows = await Promise.all([
      a.buildRow({ type: "pageview", path: `/article/${alpha.slug}`, articleId: alpha.id, referrer: "https://www.google.com/" }, v1, today),
      a.buildRow({ type: "pageview", path: `/article/${bravo.slug}`, articleId: bravo.id }, v1, today),
      a.buildRow({ type: "pageview", path: `/article/${alpha.slug}`, articleId: alpha.id, referrer: "https://t.co/xyz" }, v2, today),
      a.buildRow({ type: "pageview", path: `/article/${bravo.slug}`, articleId: bravo.id }, v3, today),
      a.buildRow({ type: "share", network: "x", path: `/article/${alpha.slug}`, articleId: alpha.id }, v1, today),
      a.buildRow({ type: "share", network: "facebook", path: `/article/${alpha.slug}`, articleId: alpha.id }, v2, today),
      ...[0, 1, 2].map(() => a.buildRow({ type: "pageview", path: `/article/${bravo.slug}`, articleId: bravo.id }, v1, ago(8))),
    ]);
    a.enqueue(rows);
    await a.flush();

    // Premium, as Stripe's webhook events record it: p1 monthly since 40 days (paid 40 and 10 days ago), p2 annual
    // since 10 days (paid then), p3 monthly since 50 days (paid 50 and 20 days ago) and cancelled 5 days ago,
    // p4 a checkout never paid (incomplete).
    const webhook = new StripeWebhook(t.services.transaction, t.services.repos.readers, t.services.repos.subscriptions, { monthly: PRICES.monthly.id, annual: PRICES.annual.id });
    const send = (e: ReturnType<typeof event>) => webhook.handle(e);
    const sub = (id: string, plan: "monthly" | "annual", start: Date, status = "active", endedAt?: Date) =>
      send(event(endedAt ? "customer.subscription.deleted" : "customer.subscription.created", subscription({ id, customer: `cus_${id}`, status, plan, start, periodEnd: ago(-20), endedAt }), endedAt ?? start));
    const paid = (id: string, sub: string, plan: "monthly" | "annual", at: Date) => send(event("invoice.paid", invoice({ id, customer: `cus_${sub}`, subscription: sub, plan, paidAt: at, periodEnd: ago(-20) }), at));
    await sub("p1", "monthly", ago(40));
    await paid("in_p1a", "p1", "monthly", ago(40));
    await paid("in_p1b", "p1", "monthly", ago(10));
    await sub("p2", "annual", ago(10));
    await paid("in_p2", "p2", "annual", ago(10));
    await sub("p3", "monthly", ago(50));
    await paid("in_p3a", "p3", "monthly", ago(50));
    await paid("in_p3b", "p3", "monthly", ago(20));
    await sub("p3", "monthly", ago(50), "canceled", ago(5));
    await sub("p4", "monthly", new Date(), "incomplete");

    // Newsletter: two confirmed in the last 30 days (one since unsubscribed), one 45 days ago.
    for (const [email, created, status] of [["n1@example.com", ago(0), "active"], ["n2@example.com", ago(10), "unsubscribed"], ["n3@example.com", ago(45), "active"]] as const) {
      await t.services.newsletter.subscribe(email);
      await t.ds.query("UPDATE newsletter_subscriber SET createdAt = ?, confirmedAt = ?, status = ? WHERE email = ?", [toDbDate(created), toDbDate(created), status, email]);
    }
  });
  afterAll(() => t.close());

  const get = async (url: string) => {
    const res = await t.api("GET", url, { cookie });
    expect(res.status).toBe(200);
    return res.body;
  };

  test("growth: reach, engagement, click-through, virality, categories and trending from the roll-up", async () => {
    const g = await get("/api/growth/metrics");
    // 4 visits (3 today, 1 eight days ago); 2 of them saw more than one page.
    expect(g.traffic).toEqual({
      totalReach: 4,
      engagementRate: 50,
      clickThroughRate: 28.6,
      viralCoefficient: 0.5,
      // 7 views: one from a search engine, one from a social network (t.co), five direct.
      sources: [
        { source: "Search engines", views: 1 },
        { source: "Social networks", views: 1 },
        { source: "Direct and other sites", views: 5 },
      ],
    });
    // Alpha: 2 shares + 1 social visit over 2 views → capped at 100; only Alpha was shared.
    expect(g.viral).toEqual({
      averageViralScore: 100,
      totalViralPosts: 1,
      topPerformingCategories: ["sea", "land"],
      trendingTopics: [alpha.title],
      sharesByNetwork: [
        { network: "facebook", clicks: 1 },
        { network: "x", clicks: 1 },
      ],
      mostSharedArticles: [{ title: alpha.title, clicks: 2, views: 2 }],
    });
    // Progress toward the default targets: reach 4/100000, engagement 50/40 (capped), virality 0.5/0.5.
    expect(g.totalGrowthScore).toBe(66.7);
    expect(g.targets).toMatchObject({ monthlyVisitors: 100000, engagementRate: 40, viralCoefficient: 0.5 });
    const series = Object.fromEntries(g.series.map((s: { key: string; points: { date: string; value: number }[] }) => [s.key, s.points]));
    const today = dayKey(new Date(), "UTC");
    const eightDaysAgo = dayKey(ago(8), "UTC");
    expect(series.views.at(-1)).toEqual({ date: today, value: 4 });
    expect(series.visitors.at(-1)).toEqual({ date: today, value: 3 });
    expect(series.shares.at(-1)).toEqual({ date: today, value: 2 });
    expect(series.views.find((p: { date: string }) => p.date === eightDaysAgo)).toEqual({ date: eightDaysAgo, value: 3 });
    expect(series.views.reduce((sum: number, p: { value: number }) => sum + p.value, 0)).toBe(7);
  });

  test("revenue: MRR, revenue received, growth, churn, lifetime value, revenue by category and conversion, from payments", async () => {
    const r = await get("/api/admin/revenue-analytics");
    expect(r.monthlyRecurring).toBe(36.66); // 19.99 + 199.99 / 12 (rounded to the cent)
    expect(r.totalRevenue).toBe(239.97); // invoices paid in the last 30 days: p1 19.99, p2 199.99, p3 19.99
    expect(r.subscriptionGrowth).toBe(0); // 2 active now, 2 running 30 days ago (p1, p3)
    expect(r.churnRate).toBe(50); // p3 of the 2 running 30 days ago
    expect(r.lifetimeValue).toBe(36.66); // ARPU 36.66 / 2 over 50 %
    expect(r.revenueByCategory).toEqual({ land: 36.66 }); // the only premium article viewed is Alpha (land)
    expect(r.conversionFunnel).toEqual({ visitors: 4, conversionRate: 25 }); // one paid sign-up (p2) in 30 days / 4 visits
    expect(r.planMix).toEqual([
      { plan: "monthly", activePlans: 1, monthlyRecurring: 19.99 },
      { plan: "annual", activePlans: 1, monthlyRecurring: 16.67 },
    ]);
    const points = r.series[0].points;
    expect(points.reduce((sum: number, p: { value: number }) => sum + p.value, 0)).toBeCloseTo(239.97, 2);
    expect(points.find((p: { date: string }) => p.date === dayKey(ago(10), "UTC")).value).toBe(219.98);
    expect(points.at(-1).value).toBe(0);
  });

  test("revenue dashboard: daily revenue, projection, top content and the split from settings", async () => {
    const d = await get("/api/revenue/dashboard");
    expect(d.dailyRevenue).toBe(8); // 239.97 over 30 days
    expect(d.monthlyProjection).toBe(36.66);
    expect(d.topPerformingContent).toEqual([bravo.title, alpha.title]);
    expect(d.revenueSplit).toEqual({ adNetwork: 70, directAdvertising: 25, premiumSubscriptions: 5 });
  });

  test("newsletter: active and total, growth against the 30 days before", async () => {
    const n = await get("/api/newsletter/stats");
    expect(n).toMatchObject({ activeSubscribers: 2, totalSubscribers: 3, growthRate: 100, openRate: null, clickRate: null, lastSent: null });
    expect(n.series[0].points.at(-1).value).toBe(1);
    expect(n.series[0].points.reduce((s: number, p: { value: number }) => s + p.value, 0)).toBe(2);
  });

  test("SEO: stored audits, organic traffic, landing pages with bounce rates, content gaps, sitemap and structured data", async () => {
    const s = await get("/api/admin/seo-analytics");
    expect(s.overallScore).toBe(46.7); // (100 + 20 + 20) / 3
    expect(s.organicTraffic).toBe(1);
    expect(s.keywordRankings).toBeNull();
    expect(s.technicalSeo).toEqual({ pagespeedScore: null, mobileOptimization: null, coreWebVitals: null, sitemap: true, structuredData: true });
    expect(s.topLandingPages).toHaveLength(2);
    expect(s.topLandingPages).toEqual(
      expect.arrayContaining([
        { title: alpha.title, url: `/article/${alpha.slug}`, sessions: 2, bounceRate: 50 },
        { title: bravo.title, url: `/article/${bravo.slug}`, sessions: 2, bounceRate: 50 },
      ]),
    );
    expect(s.contentGaps).toEqual(["intelligence", "security", "politics", "analysis"]);
    const [audit] = await t.ds.query("SELECT score, issues FROM article_seo_audit WHERE articleId = ?", [bravo.id]);
    expect(audit.score).toBe(20);
    expect(JSON.parse(audit.issues)).toEqual(expect.arrayContaining([expect.stringContaining("Title is 11 characters"), "No image"]));
  });

  test("an article's audit is stored again when it is saved", async () => {
    // A draft of its own: the published articles the other figures count stay as they are.
    const draft = await createArticle(t.services, { title: "Delta short", category: "sea", status: "draft" });
    const score = async () => (await t.ds.query("SELECT score FROM article_seo_audit WHERE articleId = ?", [draft.id]))[0].score;
    expect(await score()).toBe(20);
    const caller = await t.caller(true);
    await caller.articles.update({ id: draft.id, imageUrl: "/images/x.jpg", imageAlt: "A ship" });
    expect(await score()).toBe(40);
  });

  test("monetization insights name the figure each recommendation comes from, with its value", async () => {
    const [m, r, g, s] = await Promise.all([get("/api/admin/monetization-insights"), get("/api/admin/revenue-analytics"), get("/api/growth/metrics"), get("/api/admin/seo-analytics")]);
    const all = [...m.optimizationRecommendations, ...m.marketOpportunities];
    const by = (basedOn: string) => all.find((x: { basedOn: string }) => x.basedOn === basedOn);
    expect(by("revenue.conversionFunnel.conversionRate")).toMatchObject({ value: r.conversionFunnel.conversionRate, title: "Premium conversion is working" });
    expect(by("revenue.churnRate")).toMatchObject({ value: 50, title: "Reduce premium churn" });
    expect(by("seo.overallScore")).toMatchObject({ value: s.overallScore });
    expect(by("growth.viral.topPerformingCategories").title).toBe("Expand Naval Operations coverage");
    expect(by("revenue.revenueByCategory")).toMatchObject({ value: 36.66 });
    expect(by("seo.contentGaps")).toMatchObject({ value: 4 });
    expect(by("revenue.monthlyRecurring")).toMatchObject({ value: 36.66 });
    // Engagement (50 %) is above its target (40 %): no engagement advice.
    expect(g.traffic.engagementRate).toBe(50);
    expect(by("growth.traffic.engagementRate")).toBeUndefined();
  });
});
