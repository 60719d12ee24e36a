// Members' subscriptions and paid invoices as Stripe's webhook events recorded them, with the events themselves
// (each processed once) and every status change (the churn figures read them).
import type { DataSource } from "typeorm";
import { InvoicePayment } from "../entities/InvoicePayment.js";
import { MemberSubscription } from "../entities/MemberSubscription.js";
import { StripeEvent } from "../entities/StripeEvent.js";
import { SubscriptionChange } from "../entities/SubscriptionChange.js";
import { isUniqueViolation } from "../lib/errors.js";
import { managerOf, type Tx } from "./transaction.js";

export type NewPayment = Omit<InvoicePayment, "id" | "createdAt">;
export type NewSubscriptionChange = Omit<SubscriptionChange, "id">;

export class SubscriptionRepository {
  constructor(private readonly ds: DataSource) {}

  private subscriptions(tx?: Tx) {
    return managerOf(this.ds, tx).getRepository(MemberSubscription);
  }
  private payments(tx?: Tx) {
    return managerOf(this.ds, tx).getRepository(InvoicePayment);
  }

  /** Records a Stripe event's id in the transaction that applies it: false when it was recorded already (a duplicate). */
  async claimEvent(tx: Tx, id: string, type: string): Promise<boolean> {
    try {
      await managerOf(this.ds, tx).getRepository(StripeEvent).insert({ id, type });
      return true;
    } catch (error) {
      if (isUniqueViolation(error)) return false;
      throw error;
    }
  }

  /** The reader's newest subscriptions (by last change). */
  recentOf(readerId: number, limit: number): Promise<MemberSubscription[]> {
    return this.subscriptions().find({ where: { readerId }, order: { updatedAt: "DESC", id: "DESC" }, take: limit });
  }

  allOf(readerId: number): Promise<MemberSubscription[]> {
    return this.subscriptions().find({ where: { readerId } });
  }

  findByStripeId(tx: Tx | undefined, stripeSubscriptionId: string): Promise<MemberSubscription | null> {
    return this.subscriptions(tx).findOneBy({ stripeSubscriptionId });
  }

  /** A new subscription row (not stored until `save`). */
  build(fields: Partial<MemberSubscription>): MemberSubscription {
    return this.subscriptions().create(fields);
  }

  save(tx: Tx, subscription: MemberSubscription): Promise<MemberSubscription> {
    return this.subscriptions(tx).save(subscription);
  }

  async update(tx: Tx, id: number, fields: Partial<Pick<MemberSubscription, "status" | "endedAt" | "graceUntil">>): Promise<void> {
    await this.subscriptions(tx).update({ id }, fields);
  }

  async recordChange(tx: Tx, change: NewSubscriptionChange): Promise<void> {
    await managerOf(this.ds, tx).getRepository(SubscriptionChange).insert(change);
  }

  /** Gives the customer's subscriptions and payments that have no reader yet to this reader. */
  async linkCustomer(tx: Tx, stripeCustomerId: string, readerId: number): Promise<void> {
    for (const repo of [this.subscriptions(tx), this.payments(tx)]) {
      await repo.createQueryBuilder().update().set({ readerId }).where("stripeCustomerId = :customer AND readerId IS NULL", { customer: stripeCustomerId }).execute();
    }
  }

  /** A deleted account: its paid invoices stay for the books without the address, its subscriptions without the reader. */
  async detachReader(tx: Tx, readerId: number): Promise<void> {
    await this.payments(tx).update({ readerId }, { email: null, readerId: null });
    await this.subscriptions(tx).update({ readerId }, { readerId: null });
  }

  findPayment(tx: Tx, stripeInvoiceId: string): Promise<InvoicePayment | null> {
    return this.payments(tx).findOneBy({ stripeInvoiceId });
  }

  async addPayment(tx: Tx, payment: NewPayment): Promise<void> {
    await this.payments(tx).insert(payment);
  }

  /** The newest subscriptions (by start) and the newest payments, for the administrator. */
  latest(limit: number): Promise<[MemberSubscription[], InvoicePayment[]]> {
    return Promise.all([
      this.subscriptions().find({ order: { startedAt: "DESC", id: "DESC" }, take: limit }),
      this.payments().find({ order: { paidAt: "DESC", id: "DESC" }, take: limit }),
    ]);
  }
}
