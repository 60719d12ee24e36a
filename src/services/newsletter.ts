import { linkMailHtml } from "./linkMail.js";
import type { Config } from "../config.js";
import type { SubscriberRepository } from "../repositories/subscriberRepository.js";
import type { Clock } from "../lib/clock.js";
import { NotFoundError, ValidationError } from "../lib/errors.js";
import { DAY, MINUTE, iso } from "../lib/time.js";
import type { ContentEvents } from "./contentEvents.js";
import type { AppSecret } from "./appSecret.js";
import type { Mailer } from "./mailer.js";
import type { Logger } from "../lib/logger.js";

const UNSUBSCRIBE = "newsletter-unsubscribe";
const CONFIRM = "newsletter-confirm";
const PARTNER_REF = "newsletter-partner-ref";
/** How long a confirmation link stays valid. */
export const CONFIRM_LINK_DAYS = 7;
/** A sign-up repeated sooner than this mails nothing new (an address can not be bombarded through the form). */
const RESEND_CONFIRMATION_AFTER = 10 * MINUTE;
/** A confirmed address gets at most one "already subscribed" mail a day. */
const ACTIVE_NOTICE_AFTER = DAY;

export type SubscriberStatus = "pending" | "active" | "unsubscribed" | "bouncing";

/**
 * Newsletter subscriptions with double opt-in: a sign-up stores the address as pending and mails a
 * signed confirmation link; only confirming makes it active. The caller learns nothing about the
 * address's state: every sign-up has the same outcome.
 */
export class NewsletterService {
  constructor(
    private readonly subscribers: SubscriberRepository,
    private readonly config: Config,
    private readonly secret: AppSecret,
    private readonly mailer: Mailer,
    private readonly clock: Clock,
    private readonly logger?: Logger,
    /** Announces confirmed subscribers (partners' webhooks). */
    private readonly events?: ContentEvents,
  ) {}

  /** Records a sign-up and mails the address: a confirmation link, or (already active) a reminder that it is subscribed. */
  async subscribe(email: string): Promise<void> {
    const subscriber = await this.subscribers.findOrCreatePending(email);
    const now = this.clock.now();
    const wait = subscriber.status === "active" ? ACTIVE_NOTICE_AFTER : RESEND_CONFIRMATION_AFTER;
    if (!(await this.subscribers.claimMail(subscriber.id, now, new Date(now.getTime() - wait)))) return;
    const mail = subscriber.status === "active" ? this.alreadySubscribedMail(email) : this.confirmationMail(email);
    // Written to the outbox before answering; through SMTP in the background, so a slow mail server never delays the reader.
    const sending = mail.then((m) => this.mailer.send(m)).catch((err) => this.logger?.error({ err }, "newsletter: sign-up mail failed"));
    if (!this.config.smtpUrl) await sending;
  }

  private async confirmationMail(email: string) {
    const url = await this.confirmUrl(email);
    const name = this.config.siteName;
    return {
      to: email,
      subject: `Confirm your subscription to the ${name} daily briefing`,
      text: `Please confirm that you want to receive the ${name} daily defense briefing:\n${url}\n\nThe link is valid for ${CONFIRM_LINK_DAYS} days. If you did not sign up, ignore this mail: you will not be subscribed.\n`,
      html: linkMailHtml({
        lead: `Please confirm that you want to receive the ${name} daily defense briefing.`,
        href: url,
        label: "Confirm my subscription",
        after: `The link is valid for ${CONFIRM_LINK_DAYS} days. If you did not sign up, ignore this mail: you will not be subscribed.`,
      }),
    };
  }

  private async alreadySubscribedMail(email: string) {
    const url = await this.unsubscribeUrl(email);
    const name = this.config.siteName;
    return {
      to: email,
      subject: `You're already subscribed to the ${name} daily briefing`,
      text: `Someone (probably you) signed up this address for the ${name} daily briefing, which it already receives. Nothing has changed.\n\nTo unsubscribe, open:\n${url}\n`,
      html: linkMailHtml({ lead: `Someone (probably you) signed up this address for the ${name} daily briefing, which it already receives. Nothing has changed.`, href: url, label: "Unsubscribe" }),
      headers: { "List-Unsubscribe": `<${url}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
    };
  }

  /** `{address}.{expiry}.{HMAC}`: valid CONFIRM_LINK_DAYS days, for this address only. */
  async confirmToken(email: string): Promise<string> {
    const expires = Math.floor(this.clock.now().getTime() / 1000) + CONFIRM_LINK_DAYS * 86_400;
    return `${Buffer.from(email).toString("base64url")}.${expires}.${await this.secret.sign(CONFIRM, `${email}\n${expires}`)}`;
  }

  async confirmUrl(email: string): Promise<string> {
    return `${this.config.siteUrl}/newsletter/confirm?token=${await this.confirmToken(email)}`;
  }

  /**
   * Confirms the pending sign-up the signed link was mailed for: the address becomes active (again, when it
   * signed up anew after an unsubscribe or a bounce). Once active, the same link changes nothing.
   */
  async confirm(token: string): Promise<{ email: string; status: "active" }> {
    const invalid = (message: string) => new ValidationError("This confirmation link is not valid", [{ path: "token", message }]);
    const [encoded, expires, signature, extra] = token.split(".");
    if (!encoded || !/^\d{1,12}$/.test(expires ?? "") || !signature || extra !== undefined) throw invalid("Malformed token");
    const email = Buffer.from(encoded, "base64url").toString("utf8");
    if (!(await this.secret.verify(CONFIRM, `${email}\n${expires}`, signature))) throw invalid("Bad signature");
    if (Number(expires) * 1000 < this.clock.now().getTime()) {
      throw new ValidationError("This confirmation link has expired: sign up again to get a new one", [{ path: "token", message: "Expired" }]);
    }
    const subscriber = await this.subscribers.findByEmail(email);
    if (!subscriber) throw new NotFoundError("No sign-up for this address");
    if (subscriber.status !== "active") {
      // A link confirms the sign-up it was mailed for: one mailed before the address was last confirmed or
      // unsubscribed belongs to a sign-up that is over (an old link must not undo an unsubscribe).
      const issuedAt = (Number(expires) - CONFIRM_LINK_DAYS * 86_400) * 1000;
      const settledAt = Math.max(new Date(subscriber.confirmedAt ?? 0).getTime(), new Date(subscriber.unsubscribedAt ?? 0).getTime());
      if (issuedAt <= settledAt) throw new ValidationError("This confirmation link was already used: sign up again to get a new one", [{ path: "token", message: "Used" }]);
      subscriber.status = "active";
      subscriber.confirmedAt = this.clock.now();
      subscriber.unsubscribedAt = null;
      await this.subscribers.save(subscriber);
      await this.events?.emit({ type: "activity", event: "subscriber.confirmed", data: { subscriberId: await this.partnerRef(subscriber.id), confirmedAt: iso(subscriber.confirmedAt) } });
    }
    return { email: maskEmail(email), status: "active" };
  }

  /** What partners' webhooks call a subscriber instead of its address: the same for one subscriber on every event, and it names nobody. */
  async partnerRef(subscriberId: number): Promise<string> {
    return `sub_${(await this.secret.sign(PARTNER_REF, String(subscriberId))).slice(0, 32)}`;
  }

  /** A token naming the address, signed with APP_SECRET (HMAC): whoever holds the link may unsubscribe, nobody can forge one. */
  async unsubscribeToken(email: string): Promise<string> {
    return `${Buffer.from(email).toString("base64url")}.${await this.secret.sign(UNSUBSCRIBE, email)}`;
  }

  async unsubscribeUrl(email: string): Promise<string> {
    return `${this.config.siteUrl}/unsubscribe?token=${await this.unsubscribeToken(email)}`;
  }

  /** The address a token names; a ValidationError when the token was altered or is malformed. */
  private async emailFromToken(token: string): Promise<string> {
    const [encoded, signature, extra] = token.split(".");
    if (!encoded || !signature || extra !== undefined) throw new ValidationError("This unsubscribe link is not valid", [{ path: "token", message: "Malformed token" }]);
    const email = Buffer.from(encoded, "base64url").toString("utf8");
    if (!(await this.secret.verify(UNSUBSCRIBE, email, signature))) throw new ValidationError("This unsubscribe link is not valid", [{ path: "token", message: "Bad signature" }]);
    return email;
  }

  /** What the unsubscribe page shows before the reader confirms. */
  async lookup(token: string): Promise<{ email: string; status: SubscriberStatus }> {
    const email = await this.emailFromToken(token);
    const subscriber = await this.subscribers.findByEmail(email);
    if (!subscriber) throw new NotFoundError("No subscription for this address");
    return { email: maskEmail(email), status: subscriber.status as SubscriberStatus };
  }

  async unsubscribe(token: string): Promise<{ email: string; status: SubscriberStatus }> {
    const email = await this.emailFromToken(token);
    const subscriber = await this.subscribers.findByEmail(email);
    if (!subscriber) throw new NotFoundError("No subscription for this address");
    if (subscriber.status !== "unsubscribed") {
      subscriber.status = "unsubscribed";
      subscriber.unsubscribedAt = this.clock.now();
      await this.subscribers.save(subscriber);
    }
    return { email: maskEmail(email), status: "unsubscribed" };
  }

  counts() {
    return this.subscribers.counts();
  }
}

/** j***@example.com: enough for the reader to recognise the address, not enough to harvest it. */
export const maskEmail = (email: string) => email.replace(/^(.)[^@]*/, "$1***");
