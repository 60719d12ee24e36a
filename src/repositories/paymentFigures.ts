// The revenue figures' reads of recorded Stripe payments and subscription changes (in cents, of one currency).
import type { DataSource } from "typeorm";
import { InvoicePayment } from "../entities/InvoicePayment.js";
import { MemberSubscription } from "../entities/MemberSubscription.js";
import { SubscriptionChange } from "../entities/SubscriptionChange.js";
import { toDbDate } from "../lib/time.js";

const num = (v: unknown) => Number(v ?? 0) || 0;

export class PaymentFigures {
  constructor(private readonly ds: DataSource) {}

  /** Cents of invoices in `currency` paid in [from, to). */
  async paidBetween(currency: string, from: Date, to: Date): Promise<number> {
    const row = await this.ds
      .getRepository(InvoicePayment)
      .createQueryBuilder("i")
      .select("COALESCE(SUM(i.amount), 0)", "cents")
      .where("i.currency = :currency", { currency })
      .andWhere("i.paidAt >= :from AND i.paidAt < :to", { from: toDbDate(from), to: toDbDate(to) })
      .getRawOne<{ cents: unknown }>();
    return num(row?.cents);
  }

  /** Active, unended subscriptions in `currency` per plan: how many, and their monthly-equivalent cents. */
  async activeByPlan(currency: string): Promise<{ plan: string; n: number; monthly: number }[]> {
    const rows = await this.ds
      .getRepository(MemberSubscription)
      .createQueryBuilder("s")
      .select("s.plan", "plan")
      .addSelect("COUNT(*)", "n")
      .addSelect("COALESCE(SUM(s.monthlyAmount), 0)", "monthly")
      .where("s.status = :active", { active: "active" })
      .andWhere("s.endedAt IS NULL")
      .andWhere("s.currency = :currency", { currency })
      .groupBy("s.plan")
      .getRawMany<{ plan: string; n: unknown; monthly: unknown }>();
    return rows.map((r) => ({ plan: r.plan, n: num(r.n), monthly: num(r.monthly) }));
  }

  /** Subscriptions started by `at` and not ended by then (never-paid ones left out). */
  activeAt(at: Date): Promise<number> {
    const at_ = toDbDate(at);
    return this.ds
      .getRepository(MemberSubscription)
      .createQueryBuilder("s")
      .where("s.startedAt <= :at", { at: at_ })
      .andWhere("(s.endedAt IS NULL OR s.endedAt > :at)", { at: at_ })
      .andWhere("s.status NOT IN (:...unpaid)", { unpaid: ["incomplete", "incomplete_expired"] })
      .getCount();
  }

  /** Subscriptions that changed to canceled in [from, to). */
  async cancellationsBetween(from: Date, to: Date): Promise<number> {
    const row = await this.ds
      .getRepository(SubscriptionChange)
      .createQueryBuilder("c")
      .select("COUNT(DISTINCT c.stripeSubscriptionId)", "n")
      .where("c.toStatus = :canceled", { canceled: "canceled" })
      .andWhere("c.occurredAt >= :from AND c.occurredAt < :to", { from: toDbDate(from), to: toDbDate(to) })
      .getRawOne<{ n: unknown }>();
    return num(row?.n);
  }

  /** Subscriptions whose first paid invoice falls in [from, to). */
  async paidSignupsBetween(from: Date, to: Date): Promise<number> {
    const firsts = await this.ds
      .getRepository(InvoicePayment)
      .createQueryBuilder("i")
      .select("i.stripeSubscriptionId", "sub")
      .addSelect("MIN(i.paidAt)", "firstPaid")
      .where("i.stripeSubscriptionId IS NOT NULL")
      .groupBy("i.stripeSubscriptionId")
      .having("MIN(i.paidAt) >= :from AND MIN(i.paidAt) < :to", { from: toDbDate(from), to: toDbDate(to) })
      .getRawMany();
    return firsts.length;
  }
}
