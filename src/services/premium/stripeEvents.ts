// Reads the fields the webhook needs from Stripe's event objects, in both of Stripe's shapes (older API
// versions put the period end on the subscription and the subscription on the invoice; newer ones on
// the subscription's items and at invoice.parent.subscription_details).
import type Stripe from "stripe";
import type { PremiumPlan } from "../../schemas/constants.js";

// Where older API versions put what the SDK's current types no longer declare.
/** A subscription's period end and plan (the price) before they moved to its items. */
type OlderSubscription = { current_period_end?: number | null; plan?: OlderPlan | null };
type OlderPlan = { id: string; amount?: number | null; interval?: string; interval_count?: number; currency?: string };
/** An invoice's subscription before it moved to parent.subscription_details; a line's price before line.pricing. */
type OlderInvoice = { subscription?: string | Stripe.Subscription | null };
type OlderLine = { price?: string | Stripe.Price | null };
/** A price in either shape. */
type AnyPrice = Partial<Stripe.Price> & Partial<OlderPlan>;

/** An id, whether Stripe sent it bare or expanded into its object. */
const str = (v: string | { id?: string } | null | undefined): string | null => (typeof v === "string" ? v || null : typeof v?.id === "string" ? v.id : null);
const seconds = (v: unknown): Date | null => (typeof v === "number" && Number.isFinite(v) ? new Date(v * 1000) : null);
const cents = (v: unknown): number => (typeof v === "number" && Number.isFinite(v) ? Math.round(v) : 0);

export interface PlanPrices {
  monthly: string;
  annual: string;
}

/** The plan a price grants: only the configured prices (STRIPE_PRICE_MONTHLY, STRIPE_PRICE_ANNUAL) are plans; any other
 *  price (a "supporter" price, a one-off product) grants nothing, whatever the event's metadata says. */
export function planOfPrice(prices: PlanPrices, priceId: string | null): PremiumPlan | null {
  if (priceId && priceId === prices.monthly) return "monthly";
  if (priceId && priceId === prices.annual) return "annual";
  return null;
}

export interface SubscriptionFacts {
  id: string;
  customerId: string;
  status: string;
  /** The price's id, as Stripe sent it. */
  priceId: string | null;
  /** The plan of the price, or null for a price that is not one of ours (it grants nothing). */
  plan: PremiumPlan | null;
  unitAmount: number;
  monthlyAmount: number;
  currency: string;
  currentPeriodEnd: Date | null;
  startedAt: Date | null;
  endedAt: Date | null;
}

export function subscriptionFacts(sub: Stripe.Subscription & OlderSubscription, prices: PlanPrices): SubscriptionFacts | null {
  const id = str(sub.id);
  const customerId = str(sub.customer);
  if (!id || !customerId) return null;
  const item: Partial<Stripe.SubscriptionItem> = sub.items?.data?.[0] ?? {};
  const price: AnyPrice = item.price ?? sub.plan ?? {};
  const priceId = str(price);
  const plan = planOfPrice(prices, priceId);
  const unitAmount = cents(price.unit_amount ?? price.amount);
  const interval = price.recurring?.interval ?? price.interval ?? (plan === "annual" ? "year" : "month");
  const count = Number(price.recurring?.interval_count ?? price.interval_count ?? 1) || 1;
  const months = (interval === "year" ? 12 : interval === "week" ? 12 / 52 : interval === "day" ? 12 / 365 : 1) * count;
  return {
    id,
    customerId,
    status: String(sub.status ?? "incomplete"),
    priceId,
    plan,
    unitAmount,
    monthlyAmount: Math.round(unitAmount / months),
    currency: (price.currency ?? sub.currency ?? "usd").toLowerCase().slice(0, 3),
    currentPeriodEnd: seconds(sub.current_period_end ?? item.current_period_end),
    startedAt: seconds(sub.start_date ?? sub.created),
    endedAt: seconds(sub.ended_at),
  };
}

export interface InvoiceFacts {
  id: string;
  customerId: string;
  subscriptionId: string | null;
  email: string | null;
  /** The plan of the invoice's price; null when it has no price or a price that is not one of ours. */
  plan: PremiumPlan | null;
  /** The invoice is for a price that is not one of the plans (a one-off product, a "supporter" price). */
  otherPrice: boolean;
  amount: number;
  currency: string;
  periodStart: Date | null;
  periodEnd: Date | null;
  paidAt: Date | null;
}

export function invoiceFacts(inv: Stripe.Invoice & OlderInvoice, prices: PlanPrices): InvoiceFacts | null {
  const id = str(inv.id);
  const customerId = str(inv.customer);
  if (!id || !customerId) return null;
  const line: Partial<Stripe.InvoiceLineItem> & OlderLine = inv.lines?.data?.[0] ?? {};
  const priceId = str(line.price ?? line.pricing?.price_details?.price);
  const plan = planOfPrice(prices, priceId);
  return {
    id,
    customerId,
    subscriptionId: str(inv.subscription) ?? str(inv.parent?.subscription_details?.subscription) ?? str(line.parent?.subscription_item_details?.subscription),
    email: typeof inv.customer_email === "string" ? inv.customer_email : null,
    plan,
    otherPrice: priceId !== null && plan === null,
    amount: cents(inv.amount_paid),
    currency: (inv.currency ?? "usd").toLowerCase().slice(0, 3),
    periodStart: seconds(line.period?.start ?? inv.period_start),
    periodEnd: seconds(line.period?.end ?? inv.period_end),
    paidAt: seconds(inv.status_transitions?.paid_at),
  };
}

export interface CheckoutFacts {
  email: string | null;
  customerId: string | null;
  paid: boolean;
}

/** A Checkout Session names no price in its event: it links the payer's account to the customer, never grants a plan. */
export function checkoutFacts(session: Stripe.Checkout.Session): CheckoutFacts {
  return {
    email: session.customer_details?.email ?? session.customer_email ?? null,
    customerId: str(session.customer),
    paid: session.payment_status === "paid" || session.payment_status === "no_payment_required",
  };
}
