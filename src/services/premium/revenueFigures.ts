import type { DataSource } from "typeorm";
import { InvoicePayment } from "../../entities/InvoicePayment.js";
import { MemberSubscription } from "../../entities/MemberSubscription.js";
import { SubscriptionChange } from "../../entities/SubscriptionChange.js";
import { toDbDate } from "../../lib/time.js";
import type { PremiumPlan } from "../../schemas/constants.js";

/** Revenue is reported in US dollars: invoices and prices in other currencies are left out. */
const CURRENCY = "usd";
const dollars = (cents: number) => Math.round(cents) / 100;
const num = (v: unknown) => Number(v ?? 0) || 0;

export interface RevenueFigures {
  /** Sum of paid invoices in the window, dollars (invoice_payment.amount). */
  totalRevenue: number;
  /** Active subscriptions' monthly-equivalent price, dollars (member_subscription.monthlyAmount, status active). */
  mrr: number;
  activeNow: number;
  /** Subscriptions running at the window's start (member_subscription.startedAt/endedAt). */
  activeAtStart: number;
  /** Subscriptions that changed to canceled in the window (subscription_change). */
  cancellations: number;
  /** Subscriptions whose first paid invoice falls in the window (invoice_payment). */
  paidSignups: number;
  planMix: { plan: PremiumPlan; activePlans: number; monthlyRecurring: number }[];
  /** Paid invoices per range, dollars. */
  daily: number[];
}

/** Revenue figures computed from recorded Stripe payments and subscription changes only. */
export class RevenueFiguresService {
  constructor(private readonly ds: DataSource) {}

  async figures(from: Date, to: Date, ranges: [Date, Date][]): Promise<RevenueFigures> {
    const [total, active, atStart, cancellations, paidSignups, daily] = await Promise.all([
      this.paidBetween(from, to),
      this.activeByPlan(),
      this.activeAt(from),
      this.cancellationsBetween(from, to),
      this.paidSignupsBetween(from, to),
      Promise.all(ranges.map(([start, end]) => this.paidBetween(start, end))),
    ]);
    const planMix = (["monthly", "annual"] as PremiumPlan[]).map((plan) => {
      const row = active.find((r) => r.plan === plan);
      return { plan, activePlans: num(row?.n), monthlyRecurring: dollars(num(row?.monthly)) };
    });
    return {
      totalRevenue: dollars(total),
      mrr: dollars(active.reduce((sum, r) => sum + num(r.monthly), 0)),
      activeNow: active.reduce((sum, r) => sum + num(r.n), 0),
      activeAtStart: atStart,
      cancellations,
      paidSignups,
      planMix,
      daily: daily.map(dollars),
    };
  }

  /** Cents of invoices paid in [from, to). */
  private async paidBetween(from: Date, to: Date): Promise<number> {
    const row = await this.ds
      .getRepository(InvoicePayment)
      .createQueryBuilder("i")
      .select("COALESCE(SUM(i.amount), 0)", "cents")
      .where("i.currency = :currency", { currency: CURRENCY })
      .andWhere("i.paidAt >= :from AND i.paidAt < :to", { from: toDbDate(from), to: toDbDate(to) })
      .getRawOne<{ cents: unknown }>();
    return num(row?.cents);
  }

  private activeByPlan(): Promise<{ plan: string; n: unknown; monthly: unknown }[]> {
    return this.ds
      .getRepository(MemberSubscription)
      .createQueryBuilder("s")
      .select("s.plan", "plan")
      .addSelect("COUNT(*)", "n")
      .addSelect("COALESCE(SUM(s.monthlyAmount), 0)", "monthly")
      .where("s.status = :active", { active: "active" })
      .andWhere("s.endedAt IS NULL")
      .andWhere("s.currency = :currency", { currency: CURRENCY })
      .groupBy("s.plan")
      .getRawMany();
  }

  /** Subscriptions started by `at` and not ended by then (never-paid ones left out). */
  private async activeAt(at: Date): Promise<number> {
    const at_ = toDbDate(at);
    return this.ds
      .getRepository(MemberSubscription)
      .createQueryBuilder("s")
      .where("s.startedAt <= :at", { at: at_ })
      .andWhere("(s.endedAt IS NULL OR s.endedAt > :at)", { at: at_ })
      .andWhere("s.status NOT IN (:...unpaid)", { unpaid: ["incomplete", "incomplete_expired"] })
      .getCount();
  }

  private async cancellationsBetween(from: Date, to: Date): Promise<number> {
    const row = await this.ds
      .getRepository(SubscriptionChange)
      .createQueryBuilder("c")
      .select("COUNT(DISTINCT c.stripeSubscriptionId)", "n")
      .where("c.toStatus = :canceled", { canceled: "canceled" })
      .andWhere("c.occurredAt >= :from AND c.occurredAt < :to", { from: toDbDate(from), to: toDbDate(to) })
      .getRawOne<{ n: unknown }>();
    return num(row?.n);
  }

  private async paidSignupsBetween(from: Date, to: Date): Promise<number> {
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
