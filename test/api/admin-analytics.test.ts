// The six analytics endpoints: admin-only, with their documented shapes; figures computed from stored data.
import { createTestApp, type TestApp } from "../helpers/testApp.js";

let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_NEWSLETTER: "1000" });
  cookie = await t.login();
});
afterAll(() => t.close());

const numberOrNull = (v: unknown) => v === null || (typeof v === "number" && Number.isFinite(v));

const ENDPOINTS: [string, string, (body: any) => void][] = [
  ["/api/admin/revenue-analytics", "revenue", (b) => {
    for (const k of ["totalRevenue", "subscriptionGrowth", "monthlyRecurring", "churnRate", "lifetimeValue"]) expect([k, numberOrNull(b[k])]).toEqual([k, true]);
    expect(typeof b.revenueByCategory).toBe("object");
    for (const v of Object.values(b.revenueByCategory)) expect(typeof v).toBe("number");
    expect(numberOrNull(b.conversionFunnel.visitors)).toBe(true);
    expect(numberOrNull(b.conversionFunnel.conversionRate)).toBe(true);
  }],
  ["/api/admin/seo-analytics", "seo", (b) => {
    expect(numberOrNull(b.overallScore)).toBe(true);
    expect(numberOrNull(b.organicTraffic)).toBe(true);
    for (const k of ["pagespeedScore", "mobileOptimization", "coreWebVitals", "sitemap", "structuredData"]) expect(b.technicalSeo).toHaveProperty(k);
    expect(b.keywordRankings === null || typeof b.keywordRankings === "object").toBe(true);
    expect(Array.isArray(b.topLandingPages)).toBe(true);
    for (const p of b.topLandingPages) expect(Object.keys(p)).toEqual(expect.arrayContaining(["title", "url", "sessions", "bounceRate"]));
    expect(Array.isArray(b.contentGaps)).toBe(true);
  }],
  ["/api/newsletter/stats", "newsletter", (b) => {
    for (const k of ["activeSubscribers", "totalSubscribers"]) expect(Number.isInteger(b[k])).toBe(true);
    for (const k of ["growthRate", "openRate", "clickRate"]) expect([k, numberOrNull(b[k])]).toEqual([k, true]);
    expect(b.lastSent === null || typeof b.lastSent === "string").toBe(true);
  }],
  ["/api/admin/monetization-insights", "monetization", (b) => {
    expect(Array.isArray(b.optimizationRecommendations)).toBe(true);
    expect(Array.isArray(b.marketOpportunities)).toBe(true);
  }],
  ["/api/growth/metrics", "growth", (b) => {
    expect(numberOrNull(b.totalGrowthScore)).toBe(true);
    for (const k of ["totalReach", "engagementRate", "clickThroughRate", "viralCoefficient"]) expect([k, numberOrNull(b.traffic[k])]).toEqual([k, true]);
    expect(numberOrNull(b.viral.averageViralScore)).toBe(true);
    expect(Number.isInteger(b.viral.totalViralPosts)).toBe(true);
    expect(Array.isArray(b.viral.topPerformingCategories)).toBe(true);
    expect(Array.isArray(b.viral.trendingTopics)).toBe(true);
  }],
  ["/api/revenue/dashboard", "revenueDashboard", (b) => {
    for (const k of ["dailyRevenue", "monthlyProjection", "adOptimizationScore", "directAdvertiserLeads"]) expect([k, numberOrNull(b[k])]).toEqual([k, true]);
    expect(Array.isArray(b.topPerformingContent)).toBe(true);
  }],
];

test.each(ENDPOINTS)("%s: 401 without a session, the documented shape with one (REST and caller alike)", async (url, procedure, checkShape) => {
  const anonymous = await t.api("GET", url);
  expect(anonymous.status).toBe(401);
  expect(anonymous.body.message).toBe("Authentication required");
  const res = await t.api("GET", url, { cookie });
  expect(res.status).toBe(200);
  checkShape(res.body);
  expect(res.headers.get("cache-control")).toContain("private");
  const viaCaller = await ((await t.caller(true)).analytics as any)[procedure]();
  checkShape(viaCaller);
  await expect(((await t.caller()).analytics as any)[procedure]()).rejects.toMatchObject({ code: "UNAUTHORIZED" });
});

test("newsletter stats count the stored subscribers (a repeat counts once; active only once confirmed)", async () => {
  const before = (await t.api("GET", "/api/newsletter/stats", { cookie })).body;
  for (const email of ["one@example.com", "two@example.com", "one@example.com"]) {
    expect((await t.api("POST", "/api/newsletter/subscribe", { body: { email } })).status).toBe(200);
  }
  const pending = (await t.api("GET", "/api/newsletter/stats", { cookie })).body;
  expect(pending.totalSubscribers).toBe(before.totalSubscribers + 2);
  expect(pending.activeSubscribers).toBe(before.activeSubscribers);
  for (const email of ["one@example.com", "two@example.com"]) await t.services.newsletter.confirm(await t.services.newsletter.confirmToken(email));
  const after = (await t.api("GET", "/api/newsletter/stats", { cookie })).body;
  expect(after.totalSubscribers).toBe(before.totalSubscribers + 2);
  expect(after.activeSubscribers).toBe(before.activeSubscribers + 2);
});
