import { randomUUID } from "node:crypto";
import { isbot } from "isbot";
import type { Config } from "../config.js";
import type { NewsletterDelivery } from "../entities/NewsletterDelivery.js";
import type { NewsletterIssue } from "../entities/NewsletterIssue.js";
import type { Clock } from "../lib/clock.js";
import { dayKey, daysBefore, localInstant } from "../schemas/zonedTime.js";
import { ConflictError } from "../lib/errors.js";
import { DAY, MINUTE, iso } from "../lib/time.js";
import type { LeaseRepository } from "../repositories/leaseRepository.js";
import type { NewsletterIssueRepository } from "../repositories/newsletterIssueRepository.js";
import type { SubscriberRepository } from "../repositories/subscriberRepository.js";
import type { AppSecret } from "./appSecret.js";
import { type DurableWork, LeasedRunner, type StepResult } from "./jobRunner.js";
import { Lease } from "./lease.js";
import type { Mail, Mailer } from "./mailer.js";
import type { NewsletterService } from "./newsletter.js";
import { renderDigest, type IssueArticle } from "./newsletterDigest.js";
import { presentDigestItem } from "../presenters/partner.js";

const DELIVERY = "newsletter-delivery";
const CLICK = "newsletter-click";
/** Deliveries read per query. */
const BATCH_SIZE = 50;
const LEASE_MS = 2 * MINUTE;
/** Temporary failures are retried this many times in all (waits MAIL_RETRY_BASE_SECONDS, then doubling), then the delivery fails. */
const MAX_ATTEMPTS = 6;
/** Link scanners click within seconds of delivery; a person does not. */
const SCANNER_WINDOW_MS = 5_000;

/** Where a send stands; the test hook may stop a run at either point, as a crash would. */
export type SendStage = "claimed" | "sent";

/** Whether a request for a pixel or a tracked link comes from software rather than a reader. */
export const isBotRequest = (method: string, userAgent: string | undefined) => method === "HEAD" || !userAgent || isbot(userAgent);

/**
 * Sends newsletter issues. An issue and one delivery row per recipient are written in one
 * transaction before any mail leaves; each delivery is claimed (pending → sending) before its SMTP
 * conversation and settled after, so a restarted sender resumes with the rows still pending and
 * never mails anyone twice (a row a crash left in `sending` is marked failed, not resent). Only the
 * holder of the database lease sends.
 */
export class NewsletterSender implements DurableWork {
  readonly runner: LeasedRunner;
  /** Test hook: called at each stage of each delivery; throwing from it stops the run like a crash. */
  onProgress?: (stage: SendStage, deliveryId: number) => void | Promise<void>;

  constructor(
    private readonly issues: NewsletterIssueRepository,
    private readonly subscribers: SubscriberRepository,
    leases: LeaseRepository,
    private readonly config: Config,
    private readonly clock: Clock,
    private readonly secret: AppSecret,
    private readonly mailer: Mailer,
    private readonly newsletter: NewsletterService,
    instanceId: string = randomUUID(),
    logError: (error: unknown) => void = () => undefined,
  ) {
    this.runner = new LeasedRunner(new Lease(leases, clock, "newsletter-send", instanceId, LEASE_MS), this, logError);
  }

  get lease(): Lease {
    return this.runner.lease;
  }

  /** One pass: creates today's briefing when it is due, then sends what is due. Returns the mails sent by this instance. */
  tick(): Promise<number> {
    return this.runner.tick();
  }

  /** Resolves when the current pass (if any) is over. */
  idle(): Promise<void> {
    return this.runner.idle();
  }

  async step(stillHeld: () => Promise<boolean>): Promise<StepResult> {
    await this.failInterrupted();
    await this.createDailyIssueIfDue();
    const sent = await this.sendDue(stillHeld);
    await this.completeIssues();
    return { more: false, done: sent };
  }

  // ---------- issues ----------

  /** The published articles of [start, end), oldest first, as an issue carries them. */
  private async articlesBetween(start: Date, end: Date): Promise<IssueArticle[]> {
    const rows = await this.issues.publishedBetween(start, end);
    return rows.map((a) => presentDigestItem(a, this.config.siteUrl));
  }

  private subject(end: Date): { subject: string; dateLabel: string } {
    const dateLabel = new Intl.DateTimeFormat("en-US", { timeZone: this.config.siteTimezone, dateStyle: "long" }).format(end);
    return { subject: `${this.config.siteName} Daily Briefing: ${dateLabel}`, dateLabel };
  }

  /** The briefing of the 24 hours before NEWSLETTER_SEND_HOUR today (site zone), once the hour has come; a day without articles is recorded as skipped. */
  private async createDailyIssueIfDue(): Promise<void> {
    const now = this.clock.now();
    const tz = this.config.siteTimezone;
    const today = dayKey(now, tz);
    const end = localInstant(today, this.config.newsletterSendHour, tz);
    if (now < end) return;
    if (await this.issues.hasDailyIssue(today)) return;
    // From the same hour yesterday, or from the end of a later issue (one the administrator sent by hand): no article is mailed twice.
    const yesterday = localInstant(daysBefore(today, 1), this.config.newsletterSendHour, tz);
    const lastEnd = await this.issues.lastWindowEnd();
    const start = lastEnd && lastEnd > yesterday ? lastEnd : yesterday;
    const articles = start < end ? await this.articlesBetween(start, end) : [];
    try {
      await this.createIssue(articles, start, end, today);
    } catch (error) {
      // Another instance created it between our check and insert.
      if (!(error instanceof ConflictError)) throw error;
    }
  }

  /** Records an issue and one pending delivery per active subscriber, in one transaction. */
  private createIssue(articles: IssueArticle[], start: Date, end: Date, dailyKey: string | null): Promise<{ issueId: number; recipients: number }> {
    const { subject } = this.subject(end);
    return this.issues.createWithDeliveries({ dailyKey, subject, articles: JSON.stringify(articles), windowStart: start, windowEnd: end }, articles.length > 0, this.clock.now());
  }

  /** The administrator's "send now": the articles of the last 24 hours to every active subscriber, sent in the background. */
  async sendNow(): Promise<{ issueId: number; recipients: number }> {
    const end = this.clock.now();
    const articles = await this.articlesBetween(new Date(end.getTime() - DAY), end);
    if (!articles.length) throw new ConflictError("No article was published in the last 24 hours: there is nothing to send");
    const created = await this.createIssue(articles, new Date(end.getTime() - DAY), end, null);
    this.runner.kick();
    return created;
  }

  /** Today's briefing as it would go out now (for the administrator's preview); nothing is recorded. */
  async preview(): Promise<{ subject: string; html: string; text: string; articles: number }> {
    const end = this.clock.now();
    const articles = await this.articlesBetween(new Date(end.getTime() - DAY), end);
    const { subject, dateLabel } = this.subject(end);
    const { html, text } = renderDigest({ siteName: this.config.siteName, siteUrl: this.config.siteUrl, subject, dateLabel, articles, unsubscribeUrl: `${this.config.siteUrl}/unsubscribe`, link: (url) => url });
    return { subject, html, text, articles: articles.length };
  }

  // ---------- sending ----------

  /** Rows a crashed run left mid-conversation: they may have been mailed, so they are not sent again. */
  private async failInterrupted(): Promise<void> {
    await this.issues.failInterrupted("Interrupted during sending; not retried so that nobody gets the mail twice");
  }

  private async sendDue(stillHeld: () => Promise<boolean>): Promise<number> {
    const issues = new Map<number, NewsletterIssue>();
    let sent = 0;
    for (;;) {
      const due = await this.issues.due(this.clock.now(), BATCH_SIZE);
      if (!due.length) return sent;
      for (const delivery of due) {
        // Renewed before every mail: a slow SMTP server never lets the lease lapse while this instance still sends.
        if (!(await stillHeld())) return sent;
        const issue = issues.get(delivery.issueId) ?? (await this.issues.getIssue(delivery.issueId));
        issues.set(issue.id, issue);
        const outcome = await this.deliver(issue, delivery);
        if (outcome === "sent") sent++;
        // Without an answer from the server, the rest of the batch waits for the next pass.
        if (outcome === "unreachable") return sent;
      }
    }
  }

  private async deliver(issue: NewsletterIssue, delivery: NewsletterDelivery): Promise<"sent" | "retry" | "failed" | "unreachable" | "skipped"> {
    // Unsubscribed (or bouncing) since the issue was recorded: not mailed.
    if (!(await this.subscribers.isActive(delivery.subscriberId))) {
      await this.issues.cancel(delivery.id, "The address left the list before its mail was sent");
      return "skipped";
    }
    if (!(await this.issues.claim(delivery.id))) return "skipped";
    const attempts = delivery.attempts + 1;
    await this.onProgress?.("claimed", delivery.id);
    try {
      await this.mailer.send(await this.digestMail(issue, delivery));
    } catch (error) {
      const e = error as { responseCode?: number; response?: string; message?: string };
      const reason = String(e.response ?? e.message ?? error).slice(0, 500);
      if (e.responseCode && e.responseCode >= 500) {
        await this.issues.settle(delivery.id, { status: "bounced", lastError: reason });
        await this.subscribers.markBouncing(delivery.subscriberId);
        return "failed";
      }
      if (attempts >= MAX_ATTEMPTS) {
        await this.issues.settle(delivery.id, { status: "failed", lastError: reason });
        return "failed";
      }
      const wait = this.config.mailRetryBaseSeconds * 1000 * 2 ** (attempts - 1);
      await this.issues.settle(delivery.id, { status: "pending", lastError: reason, nextAttemptAt: new Date(this.clock.now().getTime() + wait) });
      return e.responseCode ? "retry" : "unreachable";
    }
    await this.issues.settle(delivery.id, { status: "sent", sentAt: this.clock.now(), lastError: null });
    await this.onProgress?.("sent", delivery.id);
    return "sent";
  }

  /** Issues whose every delivery is settled are complete. */
  private async completeIssues(): Promise<void> {
    await this.issues.completeSettled(this.clock.now());
  }

  /** `{deliveryId}.{HMAC}`: names one recipient of one issue in the pixel and link URLs. */
  private async deliveryToken(id: number): Promise<string> {
    return `${id}.${await this.secret.sign(DELIVERY, String(id))}`;
  }

  /** The tracked form of a link: signed for this delivery and this URL, so it can not be turned into a redirect elsewhere. */
  private async clickUrl(token: string, deliveryId: number, url: string): Promise<string> {
    const sig = await this.secret.sign(CLICK, `${deliveryId}\n${url}`);
    return `${this.config.siteUrl}/newsletter/click/${token}?url=${encodeURIComponent(url)}&sig=${sig}`;
  }

  private async digestMail(issue: NewsletterIssue, delivery: NewsletterDelivery): Promise<Mail> {
    const articles = JSON.parse(issue.articles) as IssueArticle[];
    const token = await this.deliveryToken(delivery.id);
    const links = new Map<string, string>();
    for (const url of [`${this.config.siteUrl}/`, ...articles.map((a) => a.url)]) links.set(url, await this.clickUrl(token, delivery.id, url));
    const unsubscribeUrl = await this.newsletter.unsubscribeUrl(delivery.email);
    const { html, text } = renderDigest({
      siteName: this.config.siteName,
      siteUrl: this.config.siteUrl,
      subject: issue.subject,
      dateLabel: this.subject(issue.windowEnd).dateLabel,
      articles,
      unsubscribeUrl,
      pixelUrl: `${this.config.siteUrl}/newsletter/open/${token}.gif`,
      link: (url) => links.get(url) ?? url,
    });
    const host = new URL(this.config.siteUrl).hostname;
    const fromAddress = /<([^>]+)>/.exec(this.config.newsletterFrom)?.[1] ?? this.config.newsletterFrom;
    return {
      to: delivery.email,
      subject: issue.subject,
      text,
      html,
      messageId: `<issue-${issue.id}.delivery-${delivery.id}@${host}>`,
      headers: {
        "List-Unsubscribe": `<${unsubscribeUrl}>, <mailto:${fromAddress}?subject=unsubscribe>`,
        "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
        "List-Id": `${this.config.siteName.replace(/[<>"]/g, "")} daily briefing <briefing.${host}>`,
      },
    };
  }

  // ---------- opens and clicks ----------

  /** The delivery a pixel or link token names, if the signature holds and the mail was sent. */
  private async deliveryFromToken(token: string): Promise<NewsletterDelivery | null> {
    const [id, signature, extra] = token.split(".");
    if (!/^\d{1,10}$/.test(id ?? "") || !signature || extra !== undefined) return null;
    if (!(await this.secret.verify(DELIVERY, id, signature))) return null;
    return this.issues.sentDelivery(Number(id));
  }

  /** Counts an open (a person's, or a bot's apart); an invalid token counts nothing. */
  async recordOpen(token: string, bot: boolean): Promise<void> {
    const delivery = await this.deliveryFromToken(token);
    if (!delivery) return;
    await this.issues.countOpen(delivery.id, bot, this.clock.now());
  }

  /**
   * Checks a tracked link and counts the click; returns where to send the reader, or null when the
   * link was altered or leads anywhere but this site's own pages or that issue's articles.
   */
  async recordClick(token: string, url: string, sig: string, bot: boolean): Promise<string | null> {
    const delivery = await this.deliveryFromToken(token);
    if (!delivery || !(await this.secret.verify(CLICK, `${delivery.id}\n${url}`, sig))) return null;
    const issue = await this.issues.findIssue(delivery.issueId);
    const issueLinks = issue ? (JSON.parse(issue.articles) as IssueArticle[]).map((a) => a.url) : [];
    if (!issueLinks.includes(url) && !isOwnUrl(url, this.config.siteUrl)) return null;
    const now = this.clock.now();
    const scanner = delivery.sentAt !== null && now.getTime() - new Date(delivery.sentAt).getTime() < SCANNER_WINDOW_MS;
    await this.issues.countClick(delivery.id, bot || scanner, now);
    return url;
  }

  // ---------- figures ----------

  /** The last issues with their delivery and engagement counts, newest first. */
  async listIssues(limit = 20) {
    const rows = await this.issues.figures(limit);
    return rows.map((r) => ({ ...r, status: r.status as "sending" | "sent", sentAt: iso(r.sentAt), completedAt: iso(r.completedAt) }));
  }

  /** Unique opens and clickers per delivered mail over the last 30 days, and the time of the last issue. */
  async engagement(): Promise<{ openRate: number | null; clickRate: number | null; lastSent: string | null }> {
    const { delivered, opened, clicked, lastSent } = await this.issues.engagementSince(new Date(this.clock.now().getTime() - 30 * DAY));
    const rate = (count: number) => (delivered ? Math.round((count / delivered) * 1000) / 10 : null);
    return { openRate: rate(opened), clickRate: rate(clicked), lastSent: iso(lastSent) };
  }
}

/** True for an absolute URL on this site's origin. */
function isOwnUrl(url: string, siteUrl: string): boolean {
  try {
    const u = new URL(url);
    return u.origin === new URL(siteUrl).origin && (u.protocol === "https:" || u.protocol === "http:");
  } catch {
    return false;
  }
}
