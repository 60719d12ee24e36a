import type Stripe from "stripe";
import type { EntityManager } from "typeorm";
import type { TransactionRunner } from "../../db.js";
import { InvoicePayment } from "../../entities/InvoicePayment.js";
import { MemberSubscription } from "../../entities/MemberSubscription.js";
import { Reader } from "../../entities/Reader.js";
import { StripeEvent } from "../../entities/StripeEvent.js";
import { SubscriptionChange } from "../../entities/SubscriptionChange.js";
import { isUniqueViolation } from "../../lib/errors.js";
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
    private readonly prices: PlanPrices,
    private readonly logger?: Pick<Logger, "warn">,
  ) {}

  async handle(event: Stripe.Event): Promise<WebhookOutcome> {
    const id = String(event.id ?? "").slice(0, 255);
    if (!id) return "ignored";
    try {
      return await this.transaction(async (m) => {
        try {
          await m.getRepository(StripeEvent).insert({ id, type: String(event.type).slice(0, 100) });
        } catch (error) {
          throw isUniqueViolation(error) ? new DuplicateEvent() : error;
        }
        return this.apply(m, event);
      });
    } catch (error) {
      if (error instanceof DuplicateEvent) return "duplicate";
      throw error;
    }
  }

  private async apply(m: EntityManager, event: Stripe.Event): Promise<WebhookOutcome> {
    const at = new Date((Number(event.created) || Date.now() / 1000) * 1000);
    switch (event.type) {
      case "checkout.session.completed":
        return this.checkoutCompleted(m, event.data.object);
      case "customer.subscription.created":
      case "customer.subscription.updated":
      case "customer.subscription.deleted": {
        const facts = subscriptionFacts(event.data.object, this.prices);
        if (!facts) return "ignored";
        const plan = facts.plan;
        if (!plan) return this.otherPrice(m, facts, event, at);
        if (event.type === "customer.subscription.deleted") {
          facts.status = "canceled";
          facts.endedAt ??= at;
        }
        await this.upsertSubscription(m, { ...facts, plan }, event.id, at);
        return "processed";
      }
      case "invoice.paid":
        return this.invoicePaid(m, event.data.object, at, event.id);
      case "invoice.payment_failed":
        return this.paymentFailed(m, event.data.object, at);
      default:
        return "ignored";
    }
  }

  /**
   * A paid checkout: the account of its address (created when there is none) becomes the customer's. The session's
   * event names no price, so it grants nothing itself: the subscription's own events (which carry the price) do.
   */
  private async checkoutCompleted(m: EntityManager, session: Stripe.Checkout.Session): Promise<WebhookOutcome> {
    const facts = checkoutFacts(session);
    if (!facts.email || !facts.customerId || !facts.paid) return "ignored";
    const reader = await this.readerFor(m, facts.customerId, facts.email);
    if (!reader) return "ignored";
    const subs = m.getRepository(MemberSubscription);
    await subs.createQueryBuilder().update().set({ readerId: reader.id }).where("stripeCustomerId = :customer AND readerId IS NULL", { customer: facts.customerId }).execute();
    await m.getRepository(InvoicePayment).createQueryBuilder().update().set({ readerId: reader.id }).where("stripeCustomerId = :customer AND readerId IS NULL", { customer: facts.customerId }).execute();
    return "processed";
  }

  /**
   * A subscription to a price that is not one of the plans (a "supporter" price, another product): recorded (its
   * event id) and logged, never a membership. A premium subscription moved to such a price stops being one: its
   * premium run ends now, so it no longer counts as a member nor in the recurring revenue.
   */
  private async otherPrice(m: EntityManager, facts: SubscriptionFacts, event: Stripe.Event, at: Date): Promise<WebhookOutcome> {
    this.logger?.warn({ event: event.id, type: event.type, subscription: facts.id, price: facts.priceId }, "stripe webhook: a subscription to a price that is not a premium plan grants nothing");
    const repo = m.getRepository(MemberSubscription);
    const existing = await repo.findOneBy({ stripeSubscriptionId: facts.id });
    if (!existing) return "ignored";
    if (!existing.endedAt) await repo.update({ id: existing.id }, { endedAt: at, graceUntil: null });
    return "processed";
  }

  /** The customer's reader; with an address, the address's reader (created when missing) is linked to the customer. */
  private async readerFor(m: EntityManager, customerId: string, email?: string | null): Promise<Reader | null> {
    const readers = m.getRepository(Reader);
    const linked = await readers.findOneBy({ stripeCustomerId: customerId });
    if (linked || !email) return linked;
    const address = normaliseEmail(email);
    let reader = await readers.findOneBy({ email: address });
    if (!reader) {
      await readers.insert({ email: address, stripeCustomerId: customerId, lastSignInAt: null });
      return readers.findOneBy({ email: address });
    }
    if (!reader.stripeCustomerId) {
      await readers.update({ id: reader.id }, { stripeCustomerId: customerId });
      reader = { ...reader, stripeCustomerId: customerId };
    }
    return reader;
  }

  private async upsertSubscription(m: EntityManager, facts: SubscriptionFacts & { plan: PremiumPlan }, eventId: string, at: Date) {
    const repo = m.getRepository(MemberSubscription);
    const existing = await repo.findOneBy({ stripeSubscriptionId: facts.id });
    // Stripe never revives an ended subscription: a late, out-of-order event cannot make it active again.
    if (existing && TERMINAL.includes(existing.status) && !TERMINAL.includes(facts.status)) return;
    const reader = existing?.readerId ? null : await this.readerFor(m, facts.customerId);
    const fromStatus = existing?.status ?? null;
    const row = existing ?? repo.create({ stripeSubscriptionId: facts.id, startedAt: facts.startedAt ?? at, graceUntil: null, endedAt: null });
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
    await repo.save(row);
    if (fromStatus !== facts.status) {
      await m.getRepository(SubscriptionChange).insert({ stripeSubscriptionId: facts.id, fromStatus, toStatus: facts.status, plan, eventId, occurredAt: at });
    }
  }

  private async invoicePaid(m: EntityManager, invoice: Stripe.Invoice, at: Date, eventId: string): Promise<WebhookOutcome> {
    const facts = invoiceFacts(invoice, this.prices);
    if (!facts) return "ignored";
    // The money is recorded (it is revenue), but an invoice for another price never keeps a membership running.
    if (facts.otherPrice) this.logger?.warn({ event: eventId, invoice: facts.id, subscription: facts.subscriptionId }, "stripe webhook: a payment for a price that is not a premium plan grants nothing");
    const payments = m.getRepository(InvoicePayment);
    if (await payments.findOneBy({ stripeInvoiceId: facts.id })) return "processed";
    const reader = await this.readerFor(m, facts.customerId, facts.email);
    const sub = facts.subscriptionId && !facts.otherPrice ? await m.getRepository(MemberSubscription).findOneBy({ stripeSubscriptionId: facts.subscriptionId }) : null;
    await payments.insert({
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
      await m.getRepository(MemberSubscription).save(sub);
    }
    return "processed";
  }

  private async paymentFailed(m: EntityManager, invoice: Stripe.Invoice, at: Date): Promise<WebhookOutcome> {
    const facts = invoiceFacts(invoice, this.prices);
    if (!facts?.subscriptionId) return "ignored";
    const repo = m.getRepository(MemberSubscription);
    const sub = await repo.findOneBy({ stripeSubscriptionId: facts.subscriptionId });
    if (!sub) return "ignored";
    if (!sub.graceUntil) {
      sub.graceUntil = new Date(at.getTime() + GRACE_PERIOD);
      await repo.save(sub);
    }
    return "processed";
  }
}
