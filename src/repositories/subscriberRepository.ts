// Newsletter subscribers: sign-ups, confirmations, unsubscribes and bounces, with the figures the dashboards read.
import type { DataSource } from "typeorm";
import { NewsletterSubscriber } from "../entities/NewsletterSubscriber.js";
import { isUniqueViolation } from "../lib/errors.js";
import { toDbDate } from "../lib/time.js";
import { isMysqlSource } from "./transaction.js";

/**
 * The quarter hour (seconds since 1970 / 900) of a confirmation. Every time zone's offset is a
 * whole number of quarter hours, so a quarter hour lies within one local day.
 */
const CONFIRMED_QUARTER_HOUR = {
  mysql: "TIMESTAMPDIFF(SECOND, '1970-01-01', s.confirmedAt) DIV 900",
  sqlite: "CAST(strftime('%s', s.confirmedAt) AS INTEGER) / 900",
};

export class SubscriberRepository {
  constructor(private readonly ds: DataSource) {}

  private get repo() {
    return this.ds.getRepository(NewsletterSubscriber);
  }

  findByEmail(email: string): Promise<NewsletterSubscriber | null> {
    return this.repo.findOneBy({ email });
  }

  /** The address's subscriber, stored as pending when there is none (a concurrent sign-up is read back). */
  async findOrCreatePending(email: string): Promise<NewsletterSubscriber> {
    const existing = await this.repo.findOneBy({ email });
    if (existing) return existing;
    try {
      return await this.repo.save(this.repo.create({ email, status: "pending", unsubscribedAt: null, confirmedAt: null, lastMailedAt: null }));
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      return this.repo.findOneByOrFail({ email });
    }
  }

  /** Claims the right to mail the address in one statement (none since `before`), so simultaneous sign-ups mail once. */
  async claimMail(id: number, now: Date, before: Date): Promise<boolean> {
    const claimed = await this.repo
      .createQueryBuilder()
      .update()
      .set({ lastMailedAt: now })
      .where("id = :id AND (lastMailedAt IS NULL OR lastMailedAt <= :before)", { id, before })
      .execute();
    return claimed.affected === 1;
  }

  async save(subscriber: NewsletterSubscriber): Promise<NewsletterSubscriber> {
    return this.repo.save(subscriber);
  }

  isActive(id: number): Promise<boolean> {
    return this.repo.existsBy({ id, status: "active" });
  }

  /** The mail server refused the address permanently: it gets no further mail. */
  async markBouncing(id: number): Promise<void> {
    await this.repo.update({ id, status: "active" }, { status: "bouncing" });
  }

  async counts(): Promise<{ active: number; total: number }> {
    const [active, total] = await Promise.all([this.repo.countBy({ status: "active" }), this.repo.count()]);
    return { active, total };
  }

  /** Confirmations in [start, end) per quarter hour since 1970 (see CONFIRMED_QUARTER_HOUR). */
  async confirmationsPerQuarterHour(start: Date, end: Date): Promise<{ quarter: number; n: number }[]> {
    const rows = await this.ds
      .createQueryBuilder()
      .from(NewsletterSubscriber, "s")
      .select(isMysqlSource(this.ds) ? CONFIRMED_QUARTER_HOUR.mysql : CONFIRMED_QUARTER_HOUR.sqlite, "quarter")
      .addSelect("COUNT(*)", "n")
      .where("s.confirmedAt >= :start AND s.confirmedAt < :end", { start: toDbDate(start), end: toDbDate(end) })
      .groupBy("quarter")
      .getRawMany<{ quarter: unknown; n: unknown }>();
    return rows.map((r) => ({ quarter: Number(r.quarter ?? 0) || 0, n: Number(r.n ?? 0) || 0 }));
  }

  /** Every subscriber, the active ones, and the confirmations since `start30` and in [start60, start30). */
  async totals(start30: Date, start60: Date): Promise<{ total: number; active: number; last30: number; previous30: number }> {
    const row = await this.ds
      .createQueryBuilder()
      .from(NewsletterSubscriber, "s")
      .select("COUNT(*)", "total")
      .addSelect("COALESCE(SUM(CASE WHEN s.status = 'active' THEN 1 ELSE 0 END),0)", "active")
      .addSelect("COALESCE(SUM(CASE WHEN s.confirmedAt >= :start30 THEN 1 ELSE 0 END),0)", "last30")
      .addSelect("COALESCE(SUM(CASE WHEN s.confirmedAt >= :start60 AND s.confirmedAt < :start30 THEN 1 ELSE 0 END),0)", "previous30")
      .setParameters({ start30: toDbDate(start30), start60: toDbDate(start60) })
      .getRawOne<Record<string, unknown>>();
    const n = (v: unknown) => Number(v ?? 0) || 0;
    return { total: n(row?.total), active: n(row?.active), last30: n(row?.last30), previous30: n(row?.previous30) };
  }
}
