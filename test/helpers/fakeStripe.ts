// A local fake of the parts of Stripe's API the product calls (Checkout Sessions, the billing portal,
// subscription cancellation), and builders of webhook events signed with the stripe library's test helper.
import http from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";
import type { TestApp } from "./testApp.js";

export const STRIPE_TEST_ENV = {
  STRIPE_SECRET_KEY: "sk_test_fake",
  STRIPE_WEBHOOK_SECRET: "whsec_test_secret",
  STRIPE_PRICE_MONTHLY: "price_monthly",
  STRIPE_PRICE_ANNUAL: "price_annual",
  OUTBOUND_ALLOW_LOCAL: "true",
};
export const PRICES = { monthly: { id: "price_monthly", amount: 1999, interval: "month" }, annual: { id: "price_annual", amount: 19999, interval: "year" } } as const;
/** A price of the same Stripe account that is not a premium plan: a $1 monthly "supporter" price. */
export const SUPPORTER_PRICE = { id: "price_supporter", amount: 100, interval: "month" } as const;
type Price = { id: string; amount: number; interval: string };

export interface FakeStripeCall {
  method: string;
  path: string;
  form: URLSearchParams;
  authorization: string | undefined;
}

/** Starts the fake; `delayMs` makes every answer slow (a slow Stripe), `fail` makes them 500. */
export async function startFakeStripe() {
  const calls: FakeStripeCall[] = [];
  const state = { delayMs: 0, fail: false };
  let n = 0;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", async () => {
      const form = new URLSearchParams(Buffer.concat(chunks).toString("utf8"));
      const path = (req.url ?? "").split("?")[0];
      calls.push({ method: req.method ?? "", path, form, authorization: req.headers.authorization });
      if (state.delayMs) await new Promise((r) => setTimeout(r, state.delayMs));
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { "content-type": "application/json", "request-id": `req_${++n}` });
        res.end(JSON.stringify(body));
      };
      if (state.fail) return send(500, { error: { type: "api_error", message: "fake failure" } });
      if (req.method === "POST" && path === "/v1/checkout/sessions") {
        const id = `cs_test_${++n}`;
        return send(200, { id, object: "checkout.session", mode: form.get("mode"), customer_email: form.get("customer_email"), url: `${url}/checkout/${id}`, metadata: { plan: form.get("metadata[plan]") } });
      }
      if (req.method === "POST" && path === "/v1/billing_portal/sessions") return send(200, { id: `bps_${++n}`, object: "billing_portal.session", customer: form.get("customer"), url: `${url}/portal/${form.get("customer")}` });
      const cancel = /^\/v1\/subscriptions\/([\w-]+)$/.exec(path);
      if (req.method === "DELETE" && cancel) return send(200, { id: cancel[1], object: "subscription", status: "canceled" });
      if (req.method === "GET" && (path.startsWith("/checkout/") || path.startsWith("/portal/"))) {
        const title = path.startsWith("/checkout/") ? "Fake Stripe Checkout" : "Fake Stripe customer portal";
        res.writeHead(200, { "content-type": "text/html" });
        return res.end(`<!doctype html><title>${title}</title><h1>${title}</h1>`);
      }
      send(404, { error: { type: "invalid_request_error", code: "resource_missing", message: "No such resource" } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    calls,
    state,
    env: { ...STRIPE_TEST_ENV, STRIPE_API_URL: url },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>;

const stripe = new Stripe("sk_test_fake");
const seconds = (d: Date) => Math.floor(d.getTime() / 1000);
let eventCounter = 0;

/** A test event: the fields the webhook reads, typed as the SDK's event the server receives (its object still readable as a record). */
export type TestEvent = Stripe.Event & { data: { object: Record<string, unknown> } };

export function event(type: string, object: Record<string, unknown>, at = new Date(), id = `evt_test_${Date.now()}_${++eventCounter}`): TestEvent {
  return { id, object: "event", type, created: seconds(at), data: { object } } as unknown as TestEvent;
}

/** The body and Stripe-Signature header of an event, signed with the webhook secret (or another one). */
export function signed(e: TestEvent, secret = STRIPE_TEST_ENV.STRIPE_WEBHOOK_SECRET) {
  const payload = JSON.stringify(e);
  return { payload, header: stripe.webhooks.generateTestHeaderString({ payload, secret }) };
}

export function checkoutSession(o: { email: string; customer: string; subscription: string; plan: "monthly" | "annual" }) {
  return { id: `cs_${o.subscription}`, object: "checkout.session", mode: "subscription", customer: o.customer, customer_email: o.email, customer_details: { email: o.email }, subscription: o.subscription, payment_status: "paid", status: "complete", amount_total: PRICES[o.plan].amount, currency: "usd", metadata: { plan: o.plan } };
}

/** A subscription in the newer shape (period end on the item) or, with `legacy`, the older one. */
export function subscription(o: { id: string; customer: string; status: string; plan: "monthly" | "annual"; start: Date; periodEnd: Date; endedAt?: Date; legacy?: boolean; price?: Price }) {
  const of = o.price ?? PRICES[o.plan];
  const price = { id: of.id, object: "price", unit_amount: of.amount, currency: "usd", recurring: { interval: of.interval, interval_count: 1 } };
  const item = { id: `si_${o.id}`, price, ...(o.legacy ? {} : { current_period_end: seconds(o.periodEnd) }) };
  return {
    id: o.id,
    object: "subscription",
    customer: o.customer,
    status: o.status,
    start_date: seconds(o.start),
    created: seconds(o.start),
    ended_at: o.endedAt ? seconds(o.endedAt) : null,
    metadata: {},
    items: { object: "list", data: [item] },
    ...(o.legacy ? { current_period_end: seconds(o.periodEnd) } : {}),
  };
}

/** An invoice in the newer shape (subscription under parent) or, with `legacy`, the older one. */
export function invoice(o: { id: string; customer: string; subscription: string | null; plan: "monthly" | "annual"; paidAt: Date; periodEnd: Date; email?: string; amount?: number; legacy?: boolean; price?: Price }) {
  const price = o.price ?? PRICES[o.plan];
  const amount = o.amount ?? price.amount;
  return {
    id: o.id,
    object: "invoice",
    customer: o.customer,
    customer_email: o.email ?? null,
    amount_paid: amount,
    currency: "usd",
    status: "paid",
    status_transitions: { paid_at: seconds(o.paidAt) },
    lines: { object: "list", data: [{ amount, period: { start: seconds(o.paidAt), end: seconds(o.periodEnd) }, ...(o.legacy ? { price: { id: price.id } } : { pricing: { price_details: { price: price.id } } }) }] },
    ...(o.legacy || !o.subscription ? { subscription: o.subscription } : { parent: { type: "subscription_details", subscription_details: { subscription: o.subscription, metadata: {} } } }),
  };
}

const DAY = 86_400_000;
let subscriptions = 0;

/** Signed deliveries to a test app's webhook, and a reader's subscription as Stripe reports it. */
export function stripeWebhookClient(t: Pick<TestApp, "api">) {
  const deliver = (e: TestEvent, secret?: string) => {
    const { payload, header } = signed(e, secret);
    return t.api("POST", "/api/stripe/webhook", { body: payload, headers: { "stripe-signature": header } });
  };
  /** Delivers each event and fails unless Stripe would see it acknowledged. */
  const deliverAll = async (...events: TestEvent[]) => {
    for (const e of events) {
      const res = await deliver(e);
      if (res.status !== 200) throw new Error(`webhook answered ${res.status} to ${e.type}: ${res.text}`);
    }
  };
  /** A reader who subscribed: checkout completed, subscription created and first invoice paid. */
  async function subscribe(email: string, plan: "monthly" | "annual" = "monthly", ids = `${Date.now().toString(36)}-${++subscriptions}`) {
    const customer = `cus_${ids}`;
    const sub = `sub_${ids}`;
    const now = new Date();
    await deliverAll(
      event("checkout.session.completed", checkoutSession({ email, customer, subscription: sub, plan })),
      event("customer.subscription.created", subscription({ id: sub, customer, status: "active", plan, start: now, periodEnd: new Date(Date.now() + 30 * DAY) })),
      event("invoice.paid", invoice({ id: `in_${ids}`, customer, subscription: sub, plan, paidAt: now, periodEnd: new Date(Date.now() + 30 * DAY), email })),
    );
    return { customer, sub };
  }
  return { deliver, deliverAll, subscribe };
}
