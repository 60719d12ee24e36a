import { iso } from "../../lib/time.js";
import type { ReaderRepository } from "../../repositories/readerRepository.js";
import type { SubscriptionRepository } from "../../repositories/subscriptionRepository.js";
import type { PremiumPlan } from "../../schemas/constants.js";

const LIMIT = 200;

/** The administrator's view of paying readers: subscriptions and paid invoices, newest first. */
export async function membersAndPayments(repos: { subscriptions: SubscriptionRepository; readers: ReaderRepository }, connected: boolean) {
  const [subs, payments] = await repos.subscriptions.latest(LIMIT);
  const readers = await repos.readers.findByIds([...new Set(subs.map((s) => s.readerId).filter((id): id is number => id !== null))]);
  const emailOf = new Map(readers.map((r) => [r.id, r.email]));
  return {
    connected,
    members: subs.map((s) => ({
      id: s.id,
      email: s.readerId ? (emailOf.get(s.readerId) ?? null) : null,
      plan: s.plan as PremiumPlan,
      status: s.status,
      monthlyAmount: s.monthlyAmount / 100,
      currentPeriodEnd: iso(s.currentPeriodEnd),
      startedAt: iso(s.startedAt)!,
      endedAt: iso(s.endedAt),
    })),
    payments: payments.map((p) => ({
      id: p.id,
      email: p.email,
      plan: (p.plan as PremiumPlan | null) ?? null,
      amount: p.amount / 100,
      currency: p.currency,
      periodStart: iso(p.periodStart),
      periodEnd: iso(p.periodEnd),
      paidAt: iso(p.paidAt)!,
    })),
  };
}
