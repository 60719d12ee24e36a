// Paid premium end to end over HTTP (sign-in by mailed link: readers/sign-in.test.ts): Stripe Checkout through a local fake of Stripe's API,
// signed webhook events (duplicates, forgeries, concurrency), the paywall on every door, cancellation, failed
// payments, account deletion and revenue figures from the invoices sent.
import { installFeeds } from "../../../src/ssr/feeds.js";
import { parseConfig } from "../../../src/config.js";
import { createArticle } from "../../helpers/factories.js";
import { checkoutSession, event, invoice, signed, startFakeStripe, stripeWebhookClient, subscription, type FakeStripe } from "../../helpers/fakeStripe.js";
import { signInReader } from "../../helpers/readerSignIn.js";
import { createTestApp, type TestApp } from "../../helpers/testApp.js";

const DAY = 86_400_000;
const GATED = "GATED-SENTENCE-only-members-read-this";
const PREMIUM_BODY = `First free paragraph about the programme.\n\n## Costs\n\nSecond free paragraph with figures.\n\nThird paragraph: ${GATED} in detail.\n\n## Outlook\n\nFourth paragraph, ${GATED} again.`;

let stripe: FakeStripe;
let t: TestApp;
let admin: string;
let premium: { id: number; slug: string };
let n = 0;
const uniq = (p: string) => `${p}-${Date.now().toString(36)}-${++n}`;

beforeAll(async () => {
  stripe = await startFakeStripe();
  t = await createTestApp({ ...stripe.env, TRUST_PROXY: "1", RATE_LIMIT_SIGN_IN: "6", RATE_LIMIT_NEWSLETTER: "1000" }, (services) => [(app) => installFeeds(app, services)]);
  admin = await t.login();
  premium = await createArticle(t.services, { title: "Premium programme analysis", excerpt: "What the programme costs.", content: PREMIUM_BODY, isPremium: true, category: "air" });
});
afterAll(async () => {
  await t.close();
  await stripe.close();
});

const ip = () => ({ "x-forwarded-for": `203.0.113.${(n % 200) + 1}` });
const deliver: ReturnType<typeof stripeWebhookClient>["deliver"] = (...args) => stripeWebhookClient(t).deliver(...args);
const subscribe: ReturnType<typeof stripeWebhookClient>["subscribe"] = (...args) => stripeWebhookClient(t).subscribe(...args);

describe("configuration", () => {
  test("a partial Stripe configuration stops the start, naming what is missing; plain http needs OUTBOUND_ALLOW_LOCAL", () => {
    expect(() => parseConfig({ STRIPE_SECRET_KEY: "sk_x" })).toThrow(/STRIPE_WEBHOOK_SECRET, STRIPE_PRICE_MONTHLY, STRIPE_PRICE_ANNUAL must be set/);
    const { OUTBOUND_ALLOW_LOCAL: _, ...noLocal } = stripe.env;
    expect(() => parseConfig(noLocal)).toThrow(/STRIPE_API_URL must be https/);
    expect(parseConfig({}).stripe).toBeNull();
  });
});

describe("subscribing", () => {
  test("Subscribe creates a Checkout Session for the plan and the address and answers its URL", async () => {
    const res = await t.api("POST", "/api/premium/subscribe", { body: { email: "Buyer@Example.com", plan: "annual" }, headers: ip() });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, status: "checkout", plan: "annual", url: expect.stringMatching(new RegExp(`^${stripe.url}/checkout/cs_test_`)) });
    const call = stripe.calls.filter((c) => c.path === "/v1/checkout/sessions").at(-1)!;
    expect(call.authorization).toBe("Bearer sk_test_fake");
    expect(Object.fromEntries(call.form)).toMatchObject({
      mode: "subscription",
      customer_email: "buyer@example.com",
      "line_items[0][price]": "price_annual",
      "metadata[plan]": "annual",
      success_url: `${t.config.siteUrl}/account?checkout=success`,
    });
    expect(await t.ds.query("SELECT id FROM premium_signup")).toEqual([]);
  });

  test("Stripe failing gives an error without a stack trace", async () => {
    stripe.state.fail = true;
    try {
      const res = await t.api("POST", "/api/premium/subscribe", { body: { email: "x@example.com", plan: "monthly" }, headers: ip() });
      expect(res.status).toBeGreaterThanOrEqual(500);
      expect(res.text).not.toMatch(/at .*\.(ts|js):\d+/);
    } finally {
      stripe.state.fail = false;
    }
  });
});

describe("webhook", () => {
  test("a missing, forged or stale signature is a 400 and stores nothing", async () => {
    const e = event("invoice.paid", invoice({ id: "in_forged", customer: "cus_forged", subscription: "sub_forged", plan: "monthly", paidAt: new Date(), periodEnd: new Date() }));
    const { payload, header } = signed(e);
    expect((await t.api("POST", "/api/stripe/webhook", { body: payload })).status).toBe(400);
    expect((await deliver(e, "whsec_wrong")).status).toBe(400);
    expect((await t.api("POST", "/api/stripe/webhook", { body: payload.replace("1999", "9999"), headers: { "stripe-signature": header } })).status).toBe(400);
    expect((await t.api("POST", "/api/stripe/webhook", { body: "not json", headers: { "stripe-signature": header } })).status).toBe(400);
    expect(await t.ds.query("SELECT id FROM invoice_payment WHERE stripeInvoiceId = 'in_forged'")).toEqual([]);
    expect(await t.ds.query("SELECT id FROM stripe_event WHERE id = ?", [e.id])).toEqual([]);
  });

  test("a paid checkout for an unknown address creates the account; the event is processed once even when delivered again", async () => {
    const email = `${uniq("newbuyer")}@example.com`;
    const e = event("checkout.session.completed", checkoutSession({ email, customer: `cus_${uniq("c")}`, subscription: `sub_${uniq("s")}`, plan: "monthly" }));
    const first = await deliver(e);
    expect(first.body).toMatchObject({ received: true, outcome: "processed" });
    expect((await deliver(e)).body).toMatchObject({ received: true, outcome: "duplicate" });
    expect(await t.ds.query("SELECT email FROM reader WHERE email = ?", [email])).toEqual([{ email }]);
  });

  test("concurrent duplicate deliveries of one paid invoice record it once", async () => {
    const { customer, sub } = await subscribe(`${uniq("dup")}@example.com`);
    const e = event("invoice.paid", invoice({ id: `in_${uniq("conc")}`, customer, subscription: sub, plan: "monthly", paidAt: new Date(), periodEnd: new Date(Date.now() + 60 * DAY) }));
    const results = await Promise.all(Array.from({ length: 8 }, () => deliver(e)));
    expect(results.map((r) => r.status)).toEqual(Array(8).fill(200));
    expect(results.filter((r) => r.body.outcome === "processed")).toHaveLength(1);
    const rows = await t.ds.query("SELECT amount FROM invoice_payment WHERE stripeInvoiceId = ?", [e.data.object.id]);
    expect(rows).toHaveLength(1);
  });

  test("events of unknown types are acknowledged and change nothing", async () => {
    const res = await deliver(event("customer.created", { id: "cus_other" }));
    expect(res.body).toMatchObject({ outcome: "ignored" });
  });
});

describe("the paywall holds on every door", () => {
  let member: string;
  let free: string;
  beforeAll(async () => {
    const memberEmail = `${uniq("member")}@example.com`;
    member = await signInReader(t, memberEmail, ip());
    await subscribe(memberEmail, "annual");
    free = await signInReader(t, `${uniq("free")}@example.com`, ip());
  });

  const doors = (slug: string, id: number) => [
    `/api/articles`,
    `/api/articles?category=air`,
    `/api/articles?q=${encodeURIComponent("GATED")}`,
    `/api/articles/slug/${slug}`,
    `/api/articles/${id}`,
    `/api/article-cards?q=GATED`,
    `/api/trpc/articles.bySlug?input=${encodeURIComponent(JSON.stringify({ slug }))}`,
    `/api/trpc/articles.list?input=${encodeURIComponent(JSON.stringify({ category: "air" }))}`,
    `/rss.xml`,
    `/category/air/rss.xml`,
  ];

  test("anonymous readers and signed-in non-members get the title, excerpt and first two paragraphs only", async () => {
    for (const cookie of [undefined, free, "reader_session=forged"]) {
      for (const url of doors(premium.slug, premium.id)) {
        const res = await t.api("GET", url, { cookie });
        expect([url, res.status]).toEqual([url, 200]);
        expect([url, res.text.includes(GATED)]).toEqual([url, false]);
      }
      const a = (await t.api("GET", `/api/articles/slug/${premium.slug}`, { cookie })).body;
      expect(a).toMatchObject({ title: "Premium programme analysis", excerpt: "What the programme costs.", gated: true, isPremium: true });
      expect(a.content).toBe("First free paragraph about the programme.\n\n## Costs\n\nSecond free paragraph with figures.");
      expect(a.contentHtml).toContain("Second free paragraph");
      expect(a.headings.map((h: { text: string }) => h.text)).toEqual(["Costs"]);
    }
    const caller = await t.caller();
    expect(JSON.stringify(await caller.articles.bySlug({ slug: premium.slug }))).not.toContain(GATED);
  });

  test("members and the administrator read everything, privately; the gated part is marked", async () => {
    for (const cookie of [member, admin]) {
      const res = await t.api("GET", `/api/articles/slug/${premium.slug}`, { cookie });
      expect(res.body.content).toBe(PREMIUM_BODY);
      expect(res.body.gated).toBe(false);
      expect(res.body.contentHtml).toMatch(/<div class="paywalled-content">[\s\S]*GATED-SENTENCE[\s\S]*<\/div>$/);
      expect(res.headers.get("cache-control")).toContain("private");
      const list = await t.api("GET", "/api/articles?category=air", { cookie });
      expect(list.text).toContain(GATED);
      expect(list.headers.get("cache-control")).toContain("private");
    }
    // Feeds stay the preview, whoever asks.
    expect((await t.api("GET", "/rss.xml", { cookie: member })).text).not.toContain(GATED);
  });

  test("a member's answers never land in the shared cache: anonymous reads after a member's stay previews", async () => {
    const url = `/api/articles/slug/${premium.slug}`;
    const m = await t.api("GET", url, { cookie: member });
    expect(m.text).toContain(GATED);
    expect(["HIT", "MISS", "STALE"]).not.toContain(m.headers.get("x-cache"));
    const states: (string | null)[] = [];
    for (let i = 0; i < 2; i++) {
      const anon = await t.api("GET", url);
      expect(anon.text).not.toContain(GATED);
      states.push(anon.headers.get("x-cache"));
    }
    expect(states.at(-1)).toBe("HIT");
    // A member's read after the anonymous one is not served from the shared cache either.
    expect((await t.api("GET", url, { cookie: member })).text).toContain(GATED);
  });

  test("cancellation and a failed payment past its grace period end access; a payment within grace keeps it", async () => {
    const email = `${uniq("leaver")}@example.com`;
    const cookie = await signInReader(t, email, ip());
    const { customer, sub } = await subscribe(email, "monthly");
    const read = async () => (await t.api("GET", `/api/articles/slug/${premium.slug}`, { cookie })).text.includes(GATED);
    expect(await read()).toBe(true);
    const account = (await t.api("GET", "/api/account", { cookie })).body;
    expect(account).toMatchObject({ email, plan: "monthly", status: "active", member: true, renewsAt: expect.any(String) });

    // Payment failed just now: past_due, within the grace period.
    const start = new Date(Date.now() - 40 * DAY);
    await deliver(event("invoice.payment_failed", invoice({ id: `in_${uniq("f")}`, customer, subscription: sub, plan: "monthly", paidAt: new Date(), periodEnd: new Date() })));
    await deliver(event("customer.subscription.updated", subscription({ id: sub, customer, status: "past_due", plan: "monthly", start, periodEnd: new Date() })));
    expect(await read()).toBe(true);
    // The grace period ran out (the failure was eight days ago).
    await t.ds.query("UPDATE member_subscription SET graceUntil = ? WHERE stripeSubscriptionId = ?", ["2000-01-01 00:00:00.000", sub]);
    expect(await read()).toBe(false);
    expect((await t.api("GET", "/api/account", { cookie })).body).toMatchObject({ status: "past_due", member: false, renewsAt: null });
    // Paid after all: active again.
    await deliver(event("customer.subscription.updated", subscription({ id: sub, customer, status: "active", plan: "monthly", start, periodEnd: new Date(Date.now() + 30 * DAY), legacy: true })));
    expect(await read()).toBe(true);
    // Cancelled.
    await deliver(event("customer.subscription.deleted", subscription({ id: sub, customer, status: "canceled", plan: "monthly", start, periodEnd: new Date(), endedAt: new Date() })));
    expect(await read()).toBe(false);
    expect((await t.api("GET", "/api/account", { cookie })).body).toMatchObject({ status: "canceled", member: false });
    // A late "updated: active" delivered after the cancellation does not bring access back.
    await deliver(event("customer.subscription.updated", subscription({ id: sub, customer, status: "active", plan: "monthly", start, periodEnd: new Date(Date.now() + 30 * DAY) }), new Date(Date.now() - 60_000)));
    expect(await read()).toBe(false);
  });
});

describe("account", () => {
  test("the billing portal opens for a paying reader; 400 for one who never paid", async () => {
    const email = `${uniq("portal")}@example.com`;
    const cookie = await signInReader(t, email, ip());
    expect((await t.api("POST", "/api/account/billing-portal", { cookie })).status).toBe(400);
    const { customer } = await subscribe(email);
    const res = await t.api("POST", "/api/account/billing-portal", { cookie });
    expect(res.status).toBe(200);
    expect(res.body.url).toBe(`${stripe.url}/portal/${customer}`);
  });

  test("sign out ends the session", async () => {
    const cookie = await signInReader(t, `${uniq("out")}@example.com`, ip());
    const res = await t.api("POST", "/api/account/sign-out", { cookie });
    expect(res.headers.get("set-cookie")).toMatch(/^reader_session=; Max-Age=0/);
    expect((await t.api("GET", "/api/account", { cookie })).status).toBe(401);
  });

  test("delete my account: cancels at Stripe, removes the account and its sessions, keeps invoices without the address", async () => {
    const email = `${uniq("gone")}@example.com`;
    const cookie = await signInReader(t, email, ip());
    const { sub } = await subscribe(email, "annual");
    const res = await t.api("DELETE", "/api/account", { cookie });
    expect(res.status).toBe(200);
    expect(stripe.calls.some((c) => c.method === "DELETE" && c.path === `/v1/subscriptions/${sub}`)).toBe(true);
    expect((await t.api("GET", "/api/account", { cookie })).status).toBe(401);
    expect(await t.ds.query("SELECT id FROM reader WHERE email = ?", [email])).toEqual([]);
    const invoices = await t.ds.query("SELECT email, readerId, amount FROM invoice_payment WHERE stripeSubscriptionId = ?", [sub]);
    expect(invoices).toEqual([{ email: null, readerId: null, amount: 19999 }]);
    expect(JSON.stringify(await t.ds.query("SELECT * FROM invoice_payment"))).not.toContain(email);
    // The subscription counts as cancelled at once; Stripe's own event for it changes nothing more.
    const [row] = await t.ds.query("SELECT status, readerId FROM member_subscription WHERE stripeSubscriptionId = ?", [sub]);
    expect(row).toEqual({ status: "canceled", readerId: null });
    const deleted = event("customer.subscription.deleted", subscription({ id: sub, customer: `cus_${sub.slice(4)}`, status: "canceled", plan: "annual", start: new Date(), periodEnd: new Date(), endedAt: new Date() }));
    expect((await deliver(deleted)).status).toBe(200);
    const changes = await t.ds.query("SELECT toStatus FROM subscription_change WHERE stripeSubscriptionId = ? AND toStatus = 'canceled'", [sub]);
    expect(changes).toHaveLength(1);
  });

  test("when Stripe cannot cancel, the account stays", async () => {
    const email = `${uniq("stays")}@example.com`;
    const cookie = await signInReader(t, email, ip());
    await subscribe(email);
    stripe.state.fail = true;
    try {
      expect((await t.api("DELETE", "/api/account", { cookie })).status).toBeGreaterThanOrEqual(500);
    } finally {
      stripe.state.fail = false;
    }
    expect((await t.api("GET", "/api/account", { cookie })).status).toBe(200);
  });
});

describe("revenue from payments", () => {
  test("total revenue equals the sum of the invoices sent; MRR the active subscriptions' monthly price; members and payments listed for the administrator", async () => {
    const before = (await t.api("GET", "/api/admin/revenue-analytics", { cookie: admin })).body;
    await subscribe(`${uniq("rev")}@example.com`, "monthly");
    await subscribe(`${uniq("rev")}@example.com`, "annual");
    const after = (await t.api("GET", "/api/admin/revenue-analytics", { cookie: admin })).body;
    expect(Math.round((after.totalRevenue - before.totalRevenue) * 100)).toBe(1999 + 19999);
    expect(Math.round((after.monthlyRecurring - before.monthlyRecurring) * 100)).toBe(1999 + 1667);
    const [sum] = await t.ds.query("SELECT SUM(amount) AS cents FROM invoice_payment");
    expect(Math.round(after.totalRevenue * 100)).toBe(Number(sum.cents));
    const overview = await t.api("GET", "/api/admin/premium/payments", { cookie: admin });
    expect(overview.status).toBe(200);
    expect(overview.body.connected).toBe(true);
    expect(overview.body.payments.length).toBeGreaterThan(2);
    expect(overview.body.members[0]).toMatchObject({ plan: "annual", status: "active", monthlyAmount: 16.67 });
    expect((await t.api("GET", "/api/admin/premium/payments")).status).toBe(401);
  });
});
