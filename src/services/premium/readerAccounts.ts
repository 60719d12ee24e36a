import type { Config } from "../../config.js";
import type { MemberSubscription } from "../../entities/MemberSubscription.js";
import type { Reader } from "../../entities/Reader.js";
import type { Logger } from "../../lib/logger.js";
import { randomToken, sha256 } from "../../lib/password.js";
import { DAY, MINUTE, iso } from "../../lib/time.js";
import type { ReaderRepository } from "../../repositories/readerRepository.js";
import type { SubscriptionRepository } from "../../repositories/subscriptionRepository.js";
import type { TransactionRunner } from "../../repositories/transaction.js";
import type { AccountDto } from "../../schemas/account.js";
import type { AppSecret } from "../appSecret.js";
import type { Mailer } from "../mailer.js";
import { linkMailHtml } from "../linkMail.js";
import type { RateLimiter } from "../rateLimiter.js";

export const READER_SESSION_COOKIE = "reader_session";
/** The reader's session cookie (the page cache answers a valid one apart from the shared cache: src/http/cacheViewer.ts). */
export const readerCookieName = (config: { secureCookies: boolean }) => (config.secureCookies ? `__Host-${READER_SESSION_COOKIE}` : READER_SESSION_COOKIE);
export const READER_SESSION_TTL = 30 * DAY;
export const SIGN_IN_LINK_TTL = 15 * MINUTE;
/** Sign-in mails one client may have sent to one address per day: its further requests mail nothing. */
export const SIGN_IN_MAILS_PER_CLIENT_AND_ADDRESS = 3;
/** Sign-in mails one address receives per day, whoever asks (so an address cannot be mail-bombed). */
export const SIGN_IN_MAILS_PER_ADDRESS = 10;
/** A request while the address's newest link has more than this left mails that link again instead of a new one. */
const RESEND_WHILE_LEFT = 10 * MINUTE;
const LINK_PURPOSE = "reader-sign-in";
/** Statuses that make a member; past_due only until the grace period after the first failed payment ends. */
const MEMBER_STATUSES = ["active", "trialing"];

export const normaliseEmail = (email: string) => email.trim().toLowerCase();

/** Reader accounts: e-mail sign-in links, 30-day sessions, membership, deletion. */
export class ReaderAccounts {
  constructor(
    private readonly readers: ReaderRepository,
    private readonly subscriptions: SubscriptionRepository,
    private readonly config: Config,
    private readonly mailer: Mailer,
    private readonly limiter: RateLimiter,
    /** Derives link tokens from their stored keys (APP_SECRET). */
    private readonly secret: AppSecret,
    /** Write transactions (serialised on SQLite). */
    private readonly transaction: TransactionRunner,
    private readonly logger?: Logger,
  ) {}

  /**
   * Mails a single-use sign-in link to any valid address; the caller answers the same whatever happens here.
   * Limits are per requesting client (RATE_LIMIT_SIGN_IN a minute, then 429; SIGN_IN_MAILS_PER_CLIENT_AND_ADDRESS
   * mails a day to one address) and per address (SIGN_IN_MAILS_PER_ADDRESS a day), so other clients' requests
   * cannot use up a reader's own; past them a request mails nothing. A fresh link is mailed again, not multiplied.
   */
  async requestSignIn(rawEmail: string, client: string): Promise<void> {
    await this.limiter.consume("sign-in", client, this.config.rateLimitSignIn);
    const email = normaliseEmail(rawEmail);
    if (!(await this.limiter.hit("sign-in-client-address", `${client}\n${email}`, SIGN_IN_MAILS_PER_CLIENT_AND_ADDRESS, DAY)).allowed) return;
    if (!(await this.limiter.hit("sign-in-address-day", email, SIGN_IN_MAILS_PER_ADDRESS, DAY)).allowed) return;
    const now = Date.now();
    const { token, expiresAt } = await this.linkFor(email, now);
    const url = `${this.config.siteUrl}/account/verify?token=${encodeURIComponent(token)}`;
    const name = this.config.siteName;
    const minutes = Math.floor((expiresAt.getTime() - now) / MINUTE);
    const validity = `The link works once, within the next ${minutes} minutes. If you did not ask for it, ignore this mail.`;
    const mail = {
      to: email,
      subject: `Sign in to ${name}`,
      text: `Open this link to sign in to ${name}:\n\n${url}\n\n${validity}`,
      html: linkMailHtml({ lead: `Open this link to sign in to ${name}:`, href: url, label: `Sign in to ${name}`, after: validity }),
    };
    // With SMTP the answer does not wait for the mail server, so its timing tells nothing about the address.
    const sending = this.mailer.send(mail).catch((err) => this.logger?.error({ err }, "account: sign-in mail failed"));
    if (!this.config.smtpUrl) await sending;
  }

  /** The address's fresh link (more than RESEND_WHILE_LEFT left), or a new one. */
  private async linkFor(email: string, now: number): Promise<{ token: string; expiresAt: Date }> {
    const fresh = await this.readers.freshLink(email, new Date(now + RESEND_WHILE_LEFT));
    if (fresh) return { token: await this.secret.sign(LINK_PURPOSE, fresh.linkKey!), expiresAt: new Date(fresh.expiresAt) };
    const linkKey = randomToken();
    const token = await this.secret.sign(LINK_PURPOSE, linkKey);
    const expiresAt = new Date(now + SIGN_IN_LINK_TTL);
    await this.readers.addLink({ tokenHash: sha256(token), email, linkKey, expiresAt });
    return { token, expiresAt };
  }

  /** Uses a sign-in token once: returns a new session token, creating the account for an unknown address. */
  async verifySignIn(token: string): Promise<string | null> {
    if (!token || token.length > 200) return null;
    const hash = sha256(token);
    const link = await this.readers.findLink(hash);
    if (!link) return null;
    // Deleting the row is what makes the link single-use: of two concurrent openings only one deletes it.
    const spent = await this.readers.spendLink(hash);
    if (!spent || new Date(link.expiresAt).getTime() <= Date.now()) return null;
    // Signing in spends every other link mailed to the address as well.
    await this.readers.deleteLinksOf(link.email);
    const reader = await this.findOrCreate(link.email);
    await this.readers.markSignedIn(reader.id, new Date());
    const session = randomToken();
    await this.readers.addSession({ tokenHash: sha256(session), readerId: reader.id, expiresAt: new Date(Date.now() + READER_SESSION_TTL) });
    return session;
  }

  /** The reader of an address, created when there is none (a concurrent creation is read back). */
  findOrCreate(email: string, stripeCustomerId?: string | null): Promise<Reader> {
    return this.readers.findOrCreate(normaliseEmail(email), stripeCustomerId ?? null);
  }

  /** The reader of a valid session token, or null. */
  async readerForSession(token: string | null | undefined): Promise<Reader | null> {
    if (!token || token.length > 200) return null;
    const session = await this.readers.findSession(sha256(token));
    if (!session || new Date(session.expiresAt).getTime() <= Date.now()) return null;
    return this.readers.findById(session.readerId);
  }

  /** The reader's current subscription: the one that gives access, else the newest. */
  async currentSubscription(readerId: number): Promise<MemberSubscription | null> {
    const subs = await this.subscriptions.recentOf(readerId, 20);
    return subs.find((s) => isEntitled(s)) ?? subs[0] ?? null;
  }

  async isMember(readerId: number): Promise<boolean> {
    const sub = await this.currentSubscription(readerId);
    return Boolean(sub && isEntitled(sub));
  }

  async account(reader: Reader): Promise<AccountDto> {
    const sub = await this.currentSubscription(reader.id);
    const member = Boolean(sub && isEntitled(sub));
    return {
      email: reader.email,
      plan: (sub?.plan as AccountDto["plan"]) ?? null,
      status: sub?.status ?? "free",
      renewsAt: sub && member && sub.status !== "canceled" ? iso(sub.currentPeriodEnd) : null,
      member,
    };
  }

  async signOut(token: string | null | undefined): Promise<void> {
    if (token) await this.readers.deleteSession(sha256(token));
  }

  /** Ids of the reader's subscriptions that Stripe may still bill. */
  async runningSubscriptions(readerId: number): Promise<string[]> {
    const subs = await this.subscriptions.allOf(readerId);
    return subs.filter((s) => !["canceled", "incomplete_expired"].includes(s.status)).map((s) => s.stripeSubscriptionId);
  }

  /** Removes the account and its sessions; paid invoices stay for the books without the address. Subscriptions
   *  cancelled at Stripe for the deletion are recorded as cancelled now (Stripe's own event then changes nothing). */
  async deleteAccount(reader: Reader, cancelledAtStripe: string[] = []): Promise<void> {
    await this.transaction(async (tx) => {
      const now = new Date();
      for (const id of cancelledAtStripe) {
        const sub = await this.subscriptions.findByStripeId(tx, id);
        if (!sub || sub.status === "canceled") continue;
        await this.subscriptions.recordChange(tx, { stripeSubscriptionId: id, fromStatus: sub.status, toStatus: "canceled", plan: sub.plan, eventId: "account-deleted", occurredAt: now });
        await this.subscriptions.update(tx, sub.id, { status: "canceled", endedAt: now });
      }
      await this.subscriptions.detachReader(tx, reader.id);
      await this.readers.delete(tx, reader);
    });
  }

  async pruneExpired(): Promise<void> {
    await this.readers.pruneExpired(new Date());
  }
}

/**
 * The one rule of membership, which every door asks (through ReaderAccounts.isMember): a premium subscription that
 * is active or trialing, or past_due within the grace period after its first failed payment. Nothing else: unpaid,
 * canceled, incomplete, incomplete_expired and paused are not members, nor is a subscription whose premium run
 * ended (moved to a price that is not a plan, see StripeWebhook).
 */
export function isEntitled(sub: Pick<MemberSubscription, "status" | "graceUntil" | "endedAt">, now = Date.now()): boolean {
  if (sub.endedAt) return false;
  if (MEMBER_STATUSES.includes(sub.status)) return true;
  return sub.status === "past_due" && Boolean(sub.graceUntil && new Date(sub.graceUntil).getTime() > now);
}
