import type { PaymentFigures } from "../../repositories/paymentFigures.js";
import type { PremiumPlan } from "../../schemas/constants.js";

/** Revenue is reported in US dollars: invoices and prices in other currencies are left out. */
const CURRENCY = "usd";
const dollars = (cents: number) => Math.round(cents) / 100;

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
  constructor(private readonly payments: PaymentFigures) {}

  async figures(from: Date, to: Date, ranges: [Date, Date][]): Promise<RevenueFigures> {
    const [total, active, atStart, cancellations, paidSignups, daily] = await Promise.all([
      this.payments.paidBetween(CURRENCY, from, to),
      this.payments.activeByPlan(CURRENCY),
      this.payments.activeAt(from),
      this.payments.cancellationsBetween(from, to),
      this.payments.paidSignupsBetween(from, to),
      Promise.all(ranges.map(([start, end]) => this.payments.paidBetween(CURRENCY, start, end))),
    ]);
    const planMix = (["monthly", "annual"] as PremiumPlan[]).map((plan) => {
      const row = active.find((r) => r.plan === plan);
      return { plan, activePlans: row?.n ?? 0, monthlyRecurring: dollars(row?.monthly ?? 0) };
    });
    return {
      totalRevenue: dollars(total),
      mrr: dollars(active.reduce((sum, r) => sum + r.monthly, 0)),
      activeNow: active.reduce((sum, r) => sum + r.n, 0),
      activeAtStart: atStart,
      cancellations,
      paidSignups,
      planMix,
      daily: daily.map(dollars),
    };
  }
}
