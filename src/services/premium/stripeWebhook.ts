import type Stripe from "stripe";
import type { InvoicePayment } from "../../entities/InvoicePayment.js";
import type { Reader } from "../../entities/Reader.js";
import type { ReaderRepository } from "../../repositories/readerRepository.js";
import type { SubscriptionRepository } from "../../repositories/subscriptionRepository.js";
import type { TransactionRunner, Tx } from "../../repositories/transaction.js";
import type { Logger } from "../../lib/logger.js";
import { DAY } from "../../lib/time.js";
import { checkoutFacts, invoiceFacts, subscriptionFacts, type PlanPrices, type SubscriptionFacts } from "./stripeEvents.js";
import { normaliseEmail } from "./readerAccounts.js";
import type { PremiumPlan } from "../../schemas/constants.js";

/** How long a reader keeps access after a failed payment (while Stripe retries it). */
export const GRACE_PERIOD = 7 * DAY;
const TERMINAL = ["canceled", "incomplete_expired"];

class DuplicateEvent extends Error {}

export type WebhookOutcome = "processed" | "duplicate" | "ignored";

/**
 * Applies Stripe's webhook events to accounts, subscriptions and payments, without calling Stripe back.
 * Each event is processed once: its id is inserted first, in the same transaction as its effects, so a
 * concurrent duplicate waits on the key and is then refused, and a failed processing leaves no trace.
 */
export class StripeWebhook {
  constructor(
    private readonly transaction: TransactionRunner,
    private readonly readers: ReaderRepository,
    private readonly subscriptions: SubscriptionRepository,
    private readonly prices: PlanPrices,
    private readonly logger?: Pick<Logger, "warn">,
  ) {}

  async handle(event: Stripe.Event): Promise<WebhookOutcome> {
    const id = String(event.id ?? "").slice(0, 255);
    if (!id) return "ignored";
    try {
      return await this.transaction(async (tx) => {
        if (!(await this.subscriptions.claimEvent(tx, id, String(event.type).slice(0, 100)))) throw new DuplicateEvent();
        return this.apply(tx, event);
      });
    } catch (error) {
      if (error instanceof DuplicateEvent) return "duplicate";
      throw error;
    }
  }

  private async apply(tx: Tx, event: Stripe.Event): Promise<WebhookOutcome> {
    const at = new Date((Number(event.created) || Date.now() / 1000) * 1000);
    switch (event.type) {
      case "checkout.session.completed":
        return this.checkoutCompleted(tx, event.data.object);
      case "customer.subscription.created":
      case "customer.subscription.updated":
      case "customer.subscription.deleted": {
        const facts = subscriptionFacts(event.data.object, this.prices);
        if (!facts) return "ignored";
        const plan = facts.plan;
        if (!plan) return this.otherPrice(tx, facts, event, at);
        if (event.type === "customer.subscription.deleted") {
          facts.status = "canceled";
          facts.endedAt ??= at;
        }
        await this.upsertSubscription(tx, { ...facts, plan }, event.id, at);
        return "processed";
      }
      case "invoice.paid":
        return this.invoicePaid(tx, event.data.object, at, event.id);
      case "invoice.payment_failed":
        return this.paymentFailed(tx, event.data.object, at);
      default:
        return "ignored";
    }
  }

  /**
   * A paid checkout: the account of its address (created when there is none) becomes the customer's. The session's
   * event names no price, so it grants nothing itself: the subscription's own events (which carry the price) do.
   */
  private async checkoutCompleted(tx: Tx, session: Stripe.Checkout.Session): Promise<WebhookOutcome> {
    const facts = checkoutFacts(session);
    if (!facts.email || !facts.customerId || !facts.paid) return "ignored";
    const reader = await this.readerFor(tx, facts.customerId, facts.email);
    if (!reader) return "ignored";
    await this.subscriptions.linkCustomer(tx, facts.customerId, reader.id);
    return "processed";
  }

  /**
   * A subscription to a price that is not one of the plans (a "supporter" price, another product): recorded (its
   * event id) and logged, never a membership. A premium subscription moved to such a price stops being one: its
   * premium run ends now, so it no longer counts as a member nor in the recurring revenue.
   */
  private async otherPrice(tx: Tx, facts: SubscriptionFacts, event: Stripe.Event, at: Date): Promise<WebhookOutcome> {
    this.logger?.warn({ event: event.id, type: event.type, subscription: facts.id, price: facts.priceId }, "stripe webhook: a subscription to a price that is not a premium plan grants nothing");
    const existing = await this.subscriptions.findByStripeId(tx, facts.id);
    if (!existing) return "ignored";
    if (!existing.endedAt) await this.subscriptions.update(tx, existing.id, { endedAt: at, graceUntil: null });
    return "processed";
  }

  /** The customer's reader; with an address, the address's reader (created when missing) is linked to the customer. */
  private async readerFor(tx: Tx, customerId: string, email?: string | null): Promise<Reader | null> {
    const linked = await this.readers.findByCustomer(customerId, tx);
    if (linked || !email) return linked;
    const address = normaliseEmail(email);
    let reader = await this.readers.findByEmail(address, tx);
    if (!reader) return this.readers.insert(tx, { email: address, stripeCustomerId: customerId });
    if (!reader.stripeCustomerId) {
      await this.readers.linkCustomer(tx, reader.id, customerId);
      reader = { ...reader, stripeCustomerId: customerId };
    }
    return reader;
  }

  private async upsertSubscription(tx: Tx, facts: SubscriptionFacts & { plan: PremiumPlan }, eventId: string, at: Date) {
    const existing = await this.subscriptions.findByStripeId(tx, facts.id);
    // Stripe never revives an ended subscription: a late, out-of-order event cannot make it active again.
    if (existing && TERMINAL.includes(existing.status) && !TERMINAL.includes(facts.status)) return;
    const reader = existing?.readerId ? null : await this.readerFor(tx, facts.customerId);
    const fromStatus = existing?.status ?? null;
    const row = existing ?? this.subscriptions.build({ stripeSubscriptionId: facts.id, startedAt: facts.startedAt ?? at, graceUntil: null, endedAt: null });
    const { plan } = facts;
    row.stripeCustomerId = facts.customerId;
    row.readerId = existing?.readerId ?? reader?.id ?? null;
    row.plan = plan;
    row.status = facts.status;
    if (facts.unitAmount > 0 || !existing) {
      row.unitAmount = facts.unitAmount;
      row.monthlyAmount = facts.monthlyAmount;
      row.currency = facts.currency;
    }
    row.currentPeriodEnd = facts.currentPeriodEnd ?? row.currentPeriodEnd ?? null;
    if (facts.status === "active" || facts.status === "trialing") row.graceUntil = null;
    // A subscription that falls behind keeps access for the grace period from its first failure.
    if ((facts.status === "past_due" || facts.status === "unpaid") && !row.graceUntil) row.graceUntil = new Date(at.getTime() + GRACE_PERIOD);
    // Ended: cancelled or expired; a subscription back on a plan after a move to another price runs again.
    row.endedAt = TERMINAL.includes(facts.status) ? (facts.endedAt ?? row.endedAt ?? at) : null;
    await this.subscriptions.save(tx, row);
    if (fromStatus !== facts.status) {
      await this.subscriptions.recordChange(tx, { stripeSubscriptionId: facts.id, fromStatus, toStatus: facts.status, plan, eventId, occurredAt: at });
    }
  }

  private async invoicePaid(tx: Tx, invoice: Stripe.Invoice, at: Date, eventId: string): Promise<WebhookOutcome> {
    const facts = invoiceFacts(invoice, this.prices);
    if (!facts) return "ignored";
    // The money is recorded (it is revenue), but an invoice for another price never keeps a membership running.
    if (facts.otherPrice) this.logger?.warn({ event: eventId, invoice: facts.id, subscription: facts.subscriptionId }, "stripe webhook: a payment for a price that is not a premium plan grants nothing");
    if (await this.subscriptions.findPayment(tx, facts.id)) return "processed";
    const reader = await this.readerFor(tx, facts.customerId, facts.email);
    const sub = facts.subscriptionId && !facts.otherPrice ? await this.subscriptions.findByStripeId(tx, facts.subscriptionId) : null;
    await this.subscriptions.addPayment(tx, {
      stripeInvoiceId: facts.id,
      stripeCustomerId: facts.customerId,
      stripeSubscriptionId: facts.subscriptionId,
      readerId: reader?.id ?? null,
      email: reader?.email ?? (facts.email ? normaliseEmail(facts.email) : null),
      plan: facts.plan ?? (sub?.plan as InvoicePayment["plan"]) ?? null,
      amount: facts.amount,
      currency: facts.currency,
      periodStart: facts.periodStart,
      periodEnd: facts.periodEnd,
      paidAt: facts.paidAt ?? at,
    });
    if (sub) {
      sub.graceUntil = null;
      if (facts.periodEnd && (!sub.currentPeriodEnd || facts.periodEnd > new Date(sub.currentPeriodEnd))) sub.currentPeriodEnd = facts.periodEnd;
      await this.subscriptions.save(tx, sub);
    }
    return "processed";
  }

  private async paymentFailed(tx: Tx, invoice: Stripe.Invoice, at: Date): Promise<WebhookOutcome> {
    const facts = invoiceFacts(invoice, this.prices);
    if (!facts?.subscriptionId) return "ignored";
    const sub = await this.subscriptions.findByStripeId(tx, facts.subscriptionId);
    if (!sub) return "ignored";
    if (!sub.graceUntil) {
      sub.graceUntil = new Date(at.getTime() + GRACE_PERIOD);
      await this.subscriptions.save(tx, sub);
    }
    return "processed";
  }
}
