// The six analytics endpoints: admin-only, the same answer over REST and tRPC; figures computed from stored data.
import { useTestApp } from "../../helpers/testApp.js";

const t = useTestApp({ RATE_LIMIT_NEWSLETTER: "1000" }, { signIn: true });

// Each endpoint with its procedure. Their answers' shapes are the output schemas' to enforce (a REST answer that
// broke its schema would be a 500); the figures themselves are checked against stored data in figures.test.ts.
const ENDPOINTS: [string, string][] = [
  ["/api/admin/revenue-analytics", "revenue"],
  ["/api/admin/seo-analytics", "seo"],
  ["/api/newsletter/stats", "newsletter"],
  ["/api/admin/monetization-insights", "monetization"],
  ["/api/growth/metrics", "growth"],
  ["/api/revenue/dashboard", "revenueDashboard"],
];

test.each(ENDPOINTS)("%s: 401 without a session; with one, a private answer that REST and the caller agree on", async (url, procedure) => {
  const anonymous = await t.api("GET", url);
  expect(anonymous.status).toBe(401);
  expect(anonymous.body.message).toBe("Authentication required");
  const res = await t.api("GET", url, { cookie: t.cookie });
  expect(res.status).toBe(200);
  expect(res.headers.get("cache-control")).toContain("private");
  const viaCaller = await ((await t.caller(true)).analytics as any)[procedure]();
  expect(JSON.parse(JSON.stringify(viaCaller))).toEqual(res.body);
  await expect(((await t.caller()).analytics as any)[procedure]()).rejects.toMatchObject({ code: "UNAUTHORIZED" });
});

test("newsletter stats count the stored subscribers (a repeat counts once; active only once confirmed)", async () => {
  const before = (await t.api("GET", "/api/newsletter/stats", { cookie: t.cookie })).body;
  for (const email of ["one@example.com", "two@example.com", "one@example.com"]) {
    expect((await t.api("POST", "/api/newsletter/subscribe", { body: { email } })).status).toBe(200);
  }
  const pending = (await t.api("GET", "/api/newsletter/stats", { cookie: t.cookie })).body;
  expect(pending.totalSubscribers).toBe(before.totalSubscribers + 2);
  expect(pending.activeSubscribers).toBe(before.activeSubscribers);
  for (const email of ["one@example.com", "two@example.com"]) await t.services.newsletter.confirm(await t.services.newsletter.confirmToken(email));
  const after = (await t.api("GET", "/api/newsletter/stats", { cookie: t.cookie })).body;
  expect(after.totalSubscribers).toBe(before.totalSubscribers + 2);
  expect(after.activeSubscribers).toBe(before.activeSubscribers + 2);
});
