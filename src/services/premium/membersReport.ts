import type { DataSource } from "typeorm";
import { InvoicePayment } from "../../entities/InvoicePayment.js";
import { MemberSubscription } from "../../entities/MemberSubscription.js";
import { Reader } from "../../entities/Reader.js";
import { iso } from "../../lib/time.js";
import type { PremiumPlan } from "../../schemas/constants.js";

const LIMIT = 200;

/** The administrator's view of paying readers: subscriptions and paid invoices, newest first. */
export async function membersAndPayments(ds: DataSource, connected: boolean) {
  const subs = await ds.getRepository(MemberSubscription).find({ order: { startedAt: "DESC", id: "DESC" }, take: LIMIT });
  const readerIds = [...new Set(subs.map((s) => s.readerId).filter((id): id is number => id !== null))];
  const readers = readerIds.length ? await ds.getRepository(Reader).createQueryBuilder("r").where("r.id IN (:...ids)", { ids: readerIds }).getMany() : [];
  const emailOf = new Map(readers.map((r) => [r.id, r.email]));
  const payments = await ds.getRepository(InvoicePayment).find({ order: { paidAt: "DESC", id: "DESC" }, take: LIMIT });
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
