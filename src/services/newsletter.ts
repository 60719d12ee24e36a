import type { DataSource } from "typeorm";
import type { Config } from "../config.js";
import { NewsletterSubscriber } from "../entities/NewsletterSubscriber.js";
import { NotFoundError, ValidationError, isUniqueViolation } from "../lib/errors.js";
import type { AppSecret } from "./appSecret.js";
import type { Mailer } from "./mailer.js";
import type { Logger } from "../lib/logger.js";

const PURPOSE = "newsletter-unsubscribe";

/** Newsletter subscriptions: one row per address; a repeat subscription is a success, not a second row. */
export class NewsletterService {
  constructor(
    private readonly ds: DataSource,
    private readonly config: Config,
    private readonly secret: AppSecret,
    private readonly mailer: Mailer,
    private readonly logger?: Logger,
  ) {}

  private get repo() {
    return this.ds.getRepository(NewsletterSubscriber);
  }

  async subscribe(email: string): Promise<{ subscriber: NewsletterSubscriber; created: boolean }> {
    const existing = await this.repo.findOneBy({ email });
    if (existing) {
      if (existing.status !== "active") {
        existing.status = "active";
        existing.unsubscribedAt = null;
        await this.repo.save(existing);
        await this.confirm(email);
      }
      return { subscriber: existing, created: false };
    }
    let subscriber: NewsletterSubscriber;
    try {
      subscriber = await this.repo.save(this.repo.create({ email, status: "active", unsubscribedAt: null }));
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      return { subscriber: (await this.repo.findOneBy({ email }))!, created: false };
    }
    await this.confirm(email);
    return { subscriber, created: true };
  }

  /** A token naming the address, signed with APP_SECRET (HMAC): whoever holds the link may unsubscribe, nobody can forge one. */
  async unsubscribeToken(email: string): Promise<string> {
    return `${Buffer.from(email).toString("base64url")}.${await this.secret.sign(PURPOSE, email)}`;
  }

  async unsubscribeUrl(email: string): Promise<string> {
    return `${this.config.siteUrl}/unsubscribe?token=${await this.unsubscribeToken(email)}`;
  }

  /** The address a token names; a ValidationError when the token was altered or is malformed. */
  private async emailFromToken(token: string): Promise<string> {
    const [encoded, signature, extra] = token.split(".");
    if (!encoded || !signature || extra !== undefined) throw new ValidationError("This unsubscribe link is not valid", [{ path: "token", message: "Malformed token" }]);
    const email = Buffer.from(encoded, "base64url").toString("utf8");
    if (!(await this.secret.verify(PURPOSE, email, signature))) throw new ValidationError("This unsubscribe link is not valid", [{ path: "token", message: "Bad signature" }]);
    return email;
  }

  /** What the unsubscribe page shows before the reader confirms. */
  async lookup(token: string): Promise<{ email: string; status: string }> {
    const email = await this.emailFromToken(token);
    const subscriber = await this.repo.findOneBy({ email });
    if (!subscriber) throw new NotFoundError("No subscription for this address");
    return { email: maskEmail(email), status: subscriber.status };
  }

  async unsubscribe(token: string): Promise<{ email: string; status: string }> {
    const email = await this.emailFromToken(token);
    const subscriber = await this.repo.findOneBy({ email });
    if (!subscriber) throw new NotFoundError("No subscription for this address");
    if (subscriber.status !== "unsubscribed") {
      subscriber.status = "unsubscribed";
      subscriber.unsubscribedAt = new Date();
      await this.repo.save(subscriber);
    }
    return { email: maskEmail(email), status: subscriber.status };
  }

  /** Sends the welcome mail: written to the outbox before answering; through SMTP in the background, so a slow mail server never delays the reader. */
  private async confirm(email: string): Promise<void> {
    const sending = this.sendConfirmation(email);
    if (!this.config.smtpUrl) await sending;
  }

  /** The welcome mail with the one-click unsubscribe link (also in the List-Unsubscribe header). Failures are logged, not shown to the reader. */
  private async sendConfirmation(email: string): Promise<void> {
    try {
      const url = await this.unsubscribeUrl(email);
      const name = this.config.siteName;
      await this.mailer.send({
        to: email,
        subject: `You're subscribed to the ${name} daily briefing`,
        text: `Thank you for subscribing to the ${name} daily defense briefing.\n\nTo unsubscribe at any time, open:\n${url}\n`,
        html: `<p>Thank you for subscribing to the ${escapeHtml(name)} daily defense briefing.</p><p><a href="${escapeHtml(url)}">Unsubscribe</a> at any time with one click.</p>`,
        headers: { "List-Unsubscribe": `<${url}>` },
      });
    } catch (error) {
      this.logger?.error({ err: error }, "newsletter: confirmation mail failed");
    }
  }

  async counts() {
    const [active, total] = await Promise.all([this.repo.countBy({ status: "active" }), this.repo.count()]);
    return { active, total };
  }
}

/** j***@example.com: enough for the reader to recognise the address, not enough to harvest it. */
export const maskEmail = (email: string) => email.replace(/^(.)[^@]*/, "$1***");
const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
