// Newsletter issues and their deliveries: one row per recipient, claimed before its mail and settled after, with
// the opens and clicks counted on it.
import type { DataSource } from "typeorm";
import { Article } from "../entities/Article.js";
import { NewsletterDelivery } from "../entities/NewsletterDelivery.js";
import { NewsletterIssue } from "../entities/NewsletterIssue.js";
import { fromDbDate } from "../lib/days.js";
import { ConflictError, isUniqueViolation } from "../lib/errors.js";
import { toDbDate } from "../lib/time.js";
import { createTransactionRunner, managerOf } from "./transaction.js";

export type IssueFields = Pick<NewsletterIssue, "dailyKey" | "subject" | "articles" | "windowStart" | "windowEnd">;
/** How a delivery ends up: what the SMTP conversation (or the subscriber's state) decided. */
export type DeliverySettlement = Partial<Pick<NewsletterDelivery, "status" | "lastError" | "nextAttemptAt" | "sentAt">>;

/** One issue's counts as the administrator's list shows them. */
export interface IssueFigures {
  id: number;
  subject: string;
  status: string;
  sentAt: Date | null;
  completedAt: Date | null;
  recipients: number;
  sent: number;
  failed: number;
  bounced: number;
  pending: number;
  opens: number;
  clicks: number;
  botOpens: number;
  botClicks: number;
}

const n = (v: unknown) => Number(v ?? 0);

export class NewsletterIssueRepository {
  constructor(private readonly ds: DataSource) {}

  private get deliveries() {
    return this.ds.getRepository(NewsletterDelivery);
  }

  private get issues() {
    return this.ds.getRepository(NewsletterIssue);
  }

  /** The published articles of [start, end), newest first, with what an issue carries of them (50 at most). */
  publishedBetween(start: Date, end: Date): Promise<Pick<Article, "slug" | "title" | "excerpt" | "category" | "isPremium" | "publishedAt">[]> {
    return this.ds
      .getRepository(Article)
      .createQueryBuilder("a")
      .select(["a.slug", "a.title", "a.excerpt", "a.category", "a.isPremium", "a.publishedAt"])
      .where("a.status = 'published' AND a.publishedAt >= :start AND a.publishedAt < :end", { start: toDbDate(start), end: toDbDate(end) })
      .orderBy("a.publishedAt", "DESC")
      .limit(50)
      .getMany();
  }

  hasDailyIssue(dailyKey: string): Promise<boolean> {
    return this.issues.existsBy({ dailyKey });
  }

  /** Where the last issue that went out (or was made by hand) ended. */
  async lastWindowEnd(): Promise<Date | null> {
    const [latest] = await this.ds.query("SELECT MAX(windowEnd) windowEnd FROM newsletter_issue WHERE status <> 'skipped'");
    return fromDbDate(latest?.windowEnd);
  }

  /**
   * Records an issue and, unless it carries no article (then it is stored as skipped), one pending delivery per
   * active subscriber, in one transaction. A second issue of one day is a ConflictError.
   */
  async createWithDeliveries(fields: IssueFields, hasArticles: boolean, now: Date): Promise<{ issueId: number; recipients: number }> {
    return createTransactionRunner(this.ds)(async (tx) => {
      const m = managerOf(this.ds, tx);
      const issues = m.getRepository(NewsletterIssue);
      let issue: NewsletterIssue;
      try {
        issue = await issues.save(issues.create({ ...fields, status: hasArticles ? "sending" : "skipped", recipients: 0, sentAt: hasArticles ? now : null, completedAt: null }));
      } catch (error) {
        if (isUniqueViolation(error)) throw new ConflictError("Today's briefing exists already");
        throw error;
      }
      if (!hasArticles) return { issueId: issue.id, recipients: 0 };
      await m.query(
        "INSERT INTO newsletter_delivery (issueId, subscriberId, email, status, attempts, nextAttemptAt, opens, botOpens, clicks, botClicks) " +
          "SELECT ?, id, email, 'pending', 0, ?, 0, 0, 0, 0 FROM newsletter_subscriber WHERE status = 'active'",
        [issue.id, toDbDate(now)],
      );
      const recipients = await m.getRepository(NewsletterDelivery).countBy({ issueId: issue.id });
      await issues.update(issue.id, { recipients });
      return { issueId: issue.id, recipients };
    });
  }

  findIssue(id: number): Promise<NewsletterIssue | null> {
    return this.issues.findOneBy({ id });
  }

  getIssue(id: number): Promise<NewsletterIssue> {
    return this.issues.findOneByOrFail({ id });
  }

  /** Rows a crashed run left mid-conversation are failed with `reason` (they may have been mailed). */
  async failInterrupted(reason: string): Promise<void> {
    await this.ds.createQueryBuilder().update(NewsletterDelivery).set({ status: "failed", lastError: reason }).where("status = 'sending'").execute();
  }

  /** Pending deliveries due by `now`, in id order. */
  due(now: Date, limit: number): Promise<NewsletterDelivery[]> {
    return this.deliveries.createQueryBuilder("d").where("d.status = 'pending' AND d.nextAttemptAt <= :now", { now: toDbDate(now) }).orderBy("d.id").limit(limit).getMany();
  }

  /** A pending delivery that will not be sent. */
  async cancel(id: number, reason: string): Promise<void> {
    await this.deliveries.update({ id, status: "pending" }, { status: "cancelled", lastError: reason });
  }

  /** pending → sending, counting the attempt; false when another sender claimed it first. */
  async claim(id: number): Promise<boolean> {
    const claimed = await this.deliveries
      .createQueryBuilder()
      .update()
      .set({ status: "sending", attempts: () => "attempts + 1" })
      .where("id = :id AND status = 'pending'", { id })
      .execute();
    return claimed.affected === 1;
  }

  async settle(id: number, settlement: DeliverySettlement): Promise<void> {
    await this.deliveries.update(id, settlement);
  }

  /** Issues whose every delivery is settled are complete. */
  async completeSettled(now: Date): Promise<void> {
    await this.ds.query(
      "UPDATE newsletter_issue SET status = 'sent', completedAt = ? WHERE status = 'sending' AND NOT EXISTS " +
        "(SELECT 1 FROM newsletter_delivery d WHERE d.issueId = newsletter_issue.id AND d.status IN ('pending', 'sending'))",
      [toDbDate(now)],
    );
  }

  sentDelivery(id: number): Promise<NewsletterDelivery | null> {
    return this.deliveries.findOneBy({ id, status: "sent" });
  }

  /** Counts an open of a delivery: a bot's apart; a person's first open is timed. */
  async countOpen(id: number, bot: boolean, now: Date): Promise<void> {
    const qb = this.ds.createQueryBuilder().update(NewsletterDelivery).where("id = :id", { id });
    if (bot) await qb.set({ botOpens: () => "botOpens + 1" }).execute();
    else await qb.set({ opens: () => "opens + 1", openedAt: () => "COALESCE(openedAt, :now)" }).setParameter("now", toDbDate(now)).execute();
  }

  /** Counts a click of a delivery: a bot's apart; a person's first click is timed (and counts as an open). */
  async countClick(id: number, bot: boolean, now: Date): Promise<void> {
    const qb = this.ds.createQueryBuilder().update(NewsletterDelivery).where("id = :id", { id });
    if (bot) await qb.set({ botClicks: () => "botClicks + 1" }).execute();
    else
      await qb
        .set({ clicks: () => "clicks + 1", clickedAt: () => "COALESCE(clickedAt, :now)", openedAt: () => "COALESCE(openedAt, :now)" })
        .setParameter("now", toDbDate(now))
        .execute();
  }

  /** The last issues (skipped days left out) with their delivery and engagement counts, newest first. */
  async figures(limit: number): Promise<IssueFigures[]> {
    const rows = await this.ds.query(
      "SELECT i.id id, i.subject subject, i.status status, i.sentAt sentAt, i.completedAt completedAt, i.recipients recipients, " +
        "COALESCE(SUM(CASE WHEN d.status = 'sent' THEN 1 ELSE 0 END),0) sent, COALESCE(SUM(CASE WHEN d.status IN ('failed','bounced') THEN 1 ELSE 0 END),0) failed, " +
        "COALESCE(SUM(CASE WHEN d.status = 'bounced' THEN 1 ELSE 0 END),0) bounced, COALESCE(SUM(CASE WHEN d.status IN ('pending','sending') THEN 1 ELSE 0 END),0) pending, " +
        "COALESCE(SUM(CASE WHEN d.openedAt IS NOT NULL THEN 1 ELSE 0 END),0) opens, COALESCE(SUM(CASE WHEN d.clickedAt IS NOT NULL THEN 1 ELSE 0 END),0) clicks, " +
        "COALESCE(SUM(d.botOpens),0) botOpens, COALESCE(SUM(d.botClicks),0) botClicks " +
        "FROM newsletter_issue i LEFT JOIN newsletter_delivery d ON d.issueId = i.id WHERE i.status <> 'skipped' " +
        "GROUP BY i.id, i.subject, i.status, i.sentAt, i.completedAt, i.recipients ORDER BY i.id DESC LIMIT ?",
      [limit],
    );
    return (rows as Record<string, unknown>[]).map((r) => ({
      id: n(r.id),
      subject: String(r.subject),
      status: String(r.status),
      sentAt: fromDbDate(r.sentAt),
      completedAt: fromDbDate(r.completedAt),
      recipients: n(r.recipients),
      sent: n(r.sent),
      failed: n(r.failed),
      bounced: n(r.bounced),
      pending: n(r.pending),
      opens: n(r.opens),
      clicks: n(r.clicks),
      botOpens: n(r.botOpens),
      botClicks: n(r.botClicks),
    }));
  }

  /** Mails delivered since `since`, how many were opened and clicked, and when the last issue with recipients went out. */
  async engagementSince(since: Date): Promise<{ delivered: number; opened: number; clicked: number; lastSent: Date | null }> {
    const [[row], [last]] = await Promise.all([
      this.ds.query(
        "SELECT COUNT(*) delivered, COALESCE(SUM(CASE WHEN openedAt IS NOT NULL THEN 1 ELSE 0 END),0) opened, COALESCE(SUM(CASE WHEN clickedAt IS NOT NULL THEN 1 ELSE 0 END),0) clicked " +
          "FROM newsletter_delivery WHERE status = 'sent' AND sentAt >= ?",
        [toDbDate(since)],
      ),
      this.ds.query("SELECT MAX(sentAt) lastSent FROM newsletter_issue WHERE status <> 'skipped' AND recipients > 0"),
    ]);
    return { delivered: n(row?.delivered), opened: n(row?.opened), clicked: n(row?.clicked), lastSent: fromDbDate(last?.lastSent) };
  }
}
