import { createTestApp, type TestApp } from "../../helpers/testApp.js";
import { createArticle, createPayment } from "../../helpers/factories.js";
import { toDbDate } from "../../../src/lib/time.js";
import type { FigureScope } from "../../../src/services/analytics/figures.js";
import { newsletterStats } from "../../../src/services/analytics/subscribers.js";
import { revenueAnalytics } from "../../../src/services/analytics/revenue.js";
import { audienceTotals, viewsByCategory } from "../../../src/services/analytics/audienceMetrics.js";
import { contentGaps } from "../../../src/services/analytics/seo.js";

// India is UTC+5:30: day boundaries fall on the half hour, which hour buckets would get wrong.
const TZ = "Asia/Kolkata";
const NOW = new Date("2026-11-23T06:30:00.000Z"); // 12:00 on 23 November in India
let t: TestApp;
let scope: FigureScope;

beforeAll(async () => {
  t = await createTestApp({ SITE_TIMEZONE: TZ });
  scope = { repos: t.services.repos, timeZone: TZ, now: NOW };
});
afterAll(() => t.close());

const pointOn = (points: { date: string; value: number }[], date: string) => points.find((p) => p.date === date)?.value;

test("subscribers: confirmations are counted on the local day they happened, across a half-hour offset", async () => {
  for (const [email, confirmedAt] of [
    ["late@example.com", "2026-11-20T18:29:00.000Z"], // 23:59 on 20 November in India
    ["early@example.com", "2026-11-20T18:31:00.000Z"], // 00:01 on 21 November in India
  ]) {
    await t.services.newsletter.subscribe(email);
    await t.ds.query("UPDATE newsletter_subscriber SET status = 'active', confirmedAt = ? WHERE email = ?", [toDbDate(new Date(confirmedAt)), email]);
  }
  const stats = await newsletterStats(scope, t.services.newsletterSender);
  const points = stats.series![0].points;
  expect(points.at(-1)!.date).toBe("2026-11-23");
  expect([pointOn(points, "2026-11-20"), pointOn(points, "2026-11-21"), pointOn(points, "2026-11-22")]).toEqual([1, 1, 0]);
  expect(stats).toMatchObject({ activeSubscribers: 2, totalSubscribers: 2, growthRate: null });
});

test("revenue: each paid invoice counts on the local day it was paid, across a half-hour offset; MRR only from active subscriptions", async () => {
  const invoice = (id: string, amount: number, paidAt: string, currency = "usd") => createPayment(t.ds, { stripeInvoiceId: id, stripeCustomerId: "cus_modules", amount, currency, paidAt: new Date(paidAt) });
  await invoice("in_late", 1999, "2026-11-20T18:29:00.000Z"); // 23:59 on 20 November in India
  await invoice("in_early", 19999, "2026-11-20T18:31:00.000Z"); // 00:01 on 21 November in India
  await invoice("in_euro", 5000, "2026-11-22T06:30:00.000Z", "eur"); // another currency: not summed with dollars
  await invoice("in_old", 1999, "2026-09-01T06:30:00.000Z"); // before the window
  const revenue = await revenueAnalytics(scope);
  const points = revenue.series![0].points;
  expect([pointOn(points, "2026-11-20"), pointOn(points, "2026-11-21"), pointOn(points, "2026-11-22")]).toEqual([19.99, 199.99, 0]);
  expect(revenue.totalRevenue).toBe(219.98);
  expect(revenue.monthlyRecurring).toBe(0); // invoices alone make no active subscription
  expect(revenue.lifetimeValue).toBeNull(); // no churn to divide by
});

test("audience: totals and views by category come from the roll-up of the window only", async () => {
  const article = await createArticle(t.services, { title: "Roll-up subject", category: "sea", isPremium: true });
  await t.ds.query("INSERT INTO audience_page_day (day, path, articleId, views, shares, searchViews, socialViews, entries, engagedEntries) VALUES (?,?,?,?,?,?,?,?,?), (?,?,?,?,?,?,?,?,?)", [
    "2026-11-22", `/article/${article.slug}`, article.id, 5, 1, 2, 1, 3, 1,
    "2026-10-01", `/article/${article.slug}`, article.id, 100, 0, 0, 0, 50, 0, // before the window
  ]);
  expect(await audienceTotals(scope)).toEqual({ views: 5, shares: 1, searchViews: 2, socialViews: 1, visits: 3, engaged: 1, articleViews: 5 });
  expect(await viewsByCategory(scope)).toEqual([{ category: "sea", views: 5 }]);
  expect(await viewsByCategory(scope, true)).toEqual([{ category: "sea", views: 5 }]);
});

test("SEO: content gaps list the categories covered less than the best-covered one, fewest first", async () => {
  await createArticle(t.services, { title: "Air one", category: "air", publishedAt: "2026-11-22T00:00:00.000Z" });
  const gaps = await contentGaps(scope);
  expect(gaps).not.toContain("air");
  expect(gaps[0]).toBe("land");
});
