// Who is a member, decided by one rule on every door: a failed payment's grace period and `unpaid`; only the
// configured prices make members (a "supporter" price, a one-off payment never); and an event whose processing
// fails leaves no trace, so Stripe's redelivery of it is processed in full.
import { MemberSubscription } from "../../../src/entities/MemberSubscription.js";
import { createArticle } from "../../helpers/factories.js";
import { checkoutSession, event, invoice, PRICES, startFakeStripe, stripeWebhookClient, subscription, SUPPORTER_PRICE, type FakeStripe } from "../../helpers/fakeStripe.js";
import { logSink } from "../../helpers/logSink.js";
import { signInReader } from "../../helpers/readerSignIn.js";
import { createTestApp, type TestApp } from "../../helpers/testApp.js";

const DAY = 86_400_000;
const GATED = "GATEDWORD";
const BODY = `First free paragraph.\n\nSecond free paragraph.\n\nThird paragraph, for members: ${GATED}zulu in detail.`;

let stripe: FakeStripe;
let t: TestApp;
let admin: string;
let premium: { id: number; slug: string };
let webhook: ReturnType<typeof stripeWebhookClient>;
const logs = logSink();
let n = 0;
const uniq = (p: string) => `${p}-${Date.now().toString(36)}-${++n}`;
const ip = () => ({ "x-forwarded-for": `198.51.100.${(n % 200) + 1}` });

beforeAll(async () => {
  stripe = await startFakeStripe();
  t = await createTestApp({ ...stripe.env, TRUST_PROXY: "1", RATE_LIMIT_SIGN_IN: "1000", LOG_LEVEL: "warn" }, [], { logDestination: logs.stream });
  admin = await t.login();
  webhook = stripeWebhookClient(t);
  premium = await createArticle(t.services, { title: "Premium entitlement analysis", excerpt: "What membership reads.", content: BODY, isPremium: true, category: "sea" });
});
afterAll(async () => {
  await t.close();
  await stripe.close();
});

/** Whether the reader of `cookie` gets the members-only text, door by door, and what the account says. */
async function doors(cookie: string) {
  const input = encodeURIComponent(JSON.stringify({ slug: premium.slug }));
  const reads = {
    rest: (await t.api("GET", `/api/articles/slug/${premium.slug}`, { cookie })).text.includes(GATED),
    restList: (await t.api("GET", "/api/articles?category=sea", { cookie })).text.includes(GATED),
    trpc: (await t.api("GET", `/api/trpc/articles.bySlug?input=${input}`, { cookie })).text.includes(GATED),
    member: (await t.api("GET", "/api/account", { cookie })).body.member as boolean,
  };
  return reads;
}
const everywhere = (value: boolean) => ({ rest: value, restList: value, trpc: value, member: value });
const account = async (cookie: string) => (await t.api("GET", "/api/account", { cookie })).body;

describe("one rule of membership", () => {
  test("a failed payment: past_due keeps access for the grace period; unpaid ends it on the very next request, on every door", async () => {
    const email = `${uniq("late")}@example.com`;
    const cookie = await signInReader(t, email, ip());
    const { customer, sub } = await webhook.subscribe(email, "monthly");
    expect(await doors(cookie)).toEqual(everywhere(true));
    const start = new Date(Date.now() - 35 * DAY);
    await webhook.deliverAll(
      event("invoice.payment_failed", invoice({ id: `in_${uniq("f")}`, customer, subscription: sub, plan: "monthly", paidAt: new Date(), periodEnd: new Date() })),
      event("customer.subscription.updated", subscription({ id: sub, customer, status: "past_due", plan: "monthly", start, periodEnd: new Date() })),
    );
    expect(await doors(cookie)).toEqual(everywhere(true));
    expect(await account(cookie)).toMatchObject({ status: "past_due", member: true });
    // Stripe's retries ran out: unpaid, though the grace period has days left.
    await webhook.deliverAll(event("customer.subscription.updated", subscription({ id: sub, customer, status: "unpaid", plan: "monthly", start, periodEnd: new Date() })));
    expect(await doors(cookie)).toEqual(everywhere(false));
    expect(await account(cookie)).toMatchObject({ status: "unpaid", member: false, renewsAt: null });
  });

  test("incomplete, paused and canceled subscriptions make no member", async () => {
    for (const status of ["incomplete", "paused", "canceled", "incomplete_expired"]) {
      const email = `${uniq(status)}@example.com`;
      const cookie = await signInReader(t, email, ip());
      const ids = uniq("s");
      await webhook.deliverAll(
        event("checkout.session.completed", checkoutSession({ email, customer: `cus_${ids}`, subscription: `sub_${ids}`, plan: "annual" })),
        event("customer.subscription.created", subscription({ id: `sub_${ids}`, customer: `cus_${ids}`, status, plan: "annual", start: new Date(), periodEnd: new Date(Date.now() + 365 * DAY) })),
      );
      expect([status, await doors(cookie)]).toEqual([status, everywhere(false)]);
    }
  });
});

describe("only the configured prices make members", () => {
  test("a subscription to another price (a $1 supporter price) is recorded and logged, and grants nothing", async () => {
    const email = `${uniq("supporter")}@example.com`;
    const cookie = await signInReader(t, email, ip());
    const ids = uniq("sup");
    const [customer, sub] = [`cus_${ids}`, `sub_${ids}`];
    const mrrBefore = (await t.api("GET", "/api/admin/revenue-analytics", { cookie: admin })).body.monthlyRecurring;
    const events = [
      // Even a session claiming one of our plans in its metadata: the checkout names no price, so it grants nothing.
      event("checkout.session.completed", checkoutSession({ email, customer, subscription: sub, plan: "monthly" })),
      event("customer.subscription.created", subscription({ id: sub, customer, status: "active", plan: "monthly", price: SUPPORTER_PRICE, start: new Date(), periodEnd: new Date(Date.now() + 30 * DAY) })),
      event("invoice.paid", invoice({ id: `in_${ids}`, customer, subscription: sub, plan: "monthly", price: SUPPORTER_PRICE, paidAt: new Date(), periodEnd: new Date(Date.now() + 30 * DAY), email })),
    ];
    await webhook.deliverAll(...events);
    expect(await doors(cookie)).toEqual(everywhere(false));
    expect(await account(cookie)).toMatchObject({ status: "free", plan: null, member: false });
    // Recorded: each event once, the payment for the books (no plan); logged; no premium subscription.
    const recorded = await t.ds.query(`SELECT id FROM stripe_event WHERE id IN (${events.map(() => "?").join(", ")})`, events.map((e) => e.id));
    expect(recorded).toHaveLength(3);
    expect(await t.ds.query("SELECT amount, plan FROM invoice_payment WHERE stripeInvoiceId = ?", [`in_${ids}`])).toEqual([{ amount: 100, plan: null }]);
    expect(await t.ds.query("SELECT id FROM member_subscription WHERE stripeSubscriptionId = ?", [sub])).toEqual([]);
    expect(logs.messages().filter((m) => /not a premium plan grants nothing/.test(m))).toHaveLength(2);
    expect((await t.api("GET", "/api/admin/revenue-analytics", { cookie: admin })).body.monthlyRecurring).toBe(mrrBefore);
  });

  test("a one-off payment grants nothing", async () => {
    const email = `${uniq("oneoff")}@example.com`;
    const cookie = await signInReader(t, email, ip());
    const customer = `cus_${uniq("one")}`;
    const session = { ...checkoutSession({ email, customer, subscription: "", plan: "annual" }), mode: "payment", subscription: null };
    const paid = invoice({ id: `in_${uniq("one")}`, customer, subscription: null, plan: "annual", price: { id: "price_report", amount: 4900, interval: "once" }, paidAt: new Date(), periodEnd: new Date(), email });
    await webhook.deliverAll(event("checkout.session.completed", session), event("invoice.paid", paid));
    expect(await doors(cookie)).toEqual(everywhere(false));
  });

  test("a member moved to another price stops being one at once; moved back to a plan, is one again", async () => {
    const email = `${uniq("mover")}@example.com`;
    const cookie = await signInReader(t, email, ip());
    const { customer, sub } = await webhook.subscribe(email, "annual");
    expect(await doors(cookie)).toEqual(everywhere(true));
    const moved = (price?: typeof SUPPORTER_PRICE) => event("customer.subscription.updated", subscription({ id: sub, customer, status: "active", plan: "annual", price, start: new Date(), periodEnd: new Date(Date.now() + 30 * DAY) }));
    await webhook.deliverAll(moved(SUPPORTER_PRICE));
    expect(await doors(cookie)).toEqual(everywhere(false));
    // A payment of the other price keeps nothing running either.
    await webhook.deliverAll(event("invoice.paid", invoice({ id: `in_${uniq("m")}`, customer, subscription: sub, plan: "annual", price: SUPPORTER_PRICE, paidAt: new Date(), periodEnd: new Date(Date.now() + 30 * DAY) })));
    expect(await doors(cookie)).toEqual(everywhere(false));
    await webhook.deliverAll(moved());
    expect(await doors(cookie)).toEqual(everywhere(true));
    expect(await account(cookie)).toMatchObject({ plan: "annual", status: "active" });
    expect(PRICES.annual.id).toBe(stripe.env.STRIPE_PRICE_ANNUAL);
  });
});

describe("an event whose processing fails", () => {
  /** Makes the database refuse any update of one subscription row: a real failure of the event's effects. */
  async function refuseUpdates(sub: string) {
    const sql = t.config.databaseUrl
      ? `CREATE TRIGGER refuse_sub_update BEFORE UPDATE ON member_subscription FOR EACH ROW BEGIN IF NEW.stripeSubscriptionId = '${sub}' THEN SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'injected failure'; END IF; END`
      : `CREATE TRIGGER refuse_sub_update BEFORE UPDATE ON member_subscription WHEN NEW.stripeSubscriptionId = '${sub}' BEGIN SELECT RAISE(ABORT, 'injected failure'); END`;
    await t.ds.query(sql);
    return () => t.ds.query("DROP TRIGGER refuse_sub_update");
  }

  test("leaves no trace and answers 5xx; Stripe's redelivery of the same event is then processed in full", async () => {
    const email = `${uniq("retry")}@example.com`;
    const cookie = await signInReader(t, email, ip());
    const { customer, sub } = await webhook.subscribe(email, "monthly");
    await webhook.deliverAll(event("invoice.payment_failed", invoice({ id: `in_${uniq("f")}`, customer, subscription: sub, plan: "monthly", paidAt: new Date(), periodEnd: new Date() })));
    const row = () => t.ds.getRepository(MemberSubscription).findOneByOrFail({ stripeSubscriptionId: sub });
    expect((await row()).graceUntil).not.toBeNull();
    // The retried payment succeeds: its invoice is recorded, then the subscription's update fails.
    const periodEnd = new Date(Date.now() + 60 * DAY);
    const paid = event("invoice.paid", invoice({ id: `in_${uniq("retry")}`, customer, subscription: sub, plan: "monthly", paidAt: new Date(), periodEnd, email }));
    const restore = await refuseUpdates(sub);
    try {
      const failed = await webhook.deliver(paid);
      expect(failed.status).toBeGreaterThanOrEqual(500);
      expect(failed.text).not.toContain("injected failure");
    } finally {
      await restore();
    }
    expect(await t.ds.query("SELECT id FROM stripe_event WHERE id = ?", [paid.id])).toEqual([]);
    expect(await t.ds.query("SELECT id FROM invoice_payment WHERE stripeInvoiceId = ?", [paid.data.object.id])).toEqual([]);
    // Stripe delivers the same event again.
    const again = await webhook.deliver(paid);
    expect(again.body).toEqual({ received: true, outcome: "processed" });
    const after = await row();
    expect(after.graceUntil).toBeNull();
    expect(new Date(after.currentPeriodEnd!).getTime()).toBe(Math.floor(periodEnd.getTime() / 1000) * 1000);
    expect(await t.ds.query("SELECT amount FROM invoice_payment WHERE stripeInvoiceId = ?", [paid.data.object.id])).toEqual([{ amount: 1999 }]);
    expect((await webhook.deliver(paid)).body).toEqual({ received: true, outcome: "duplicate" });
    expect((await account(cookie)).member).toBe(true);
  });
});
