// Which services each kind of procedure sees. A public procedure gets the reading side of the site and the doors
// anyone may use (sign-up, sign-in, comments, the beacon); a signed-in reader's procedure adds the account's
// operations; an administrator's procedure adds the newsroom's services, only after its check passed (trpc.ts).
// The narrowing is by type: using an administrator's service in a public procedure does not compile.
import type { Services } from "../services/index.js";

type Only<K extends keyof Services, M extends keyof Services[K]> = Pick<Services[K], M>;

/** What every procedure may use, whoever calls it. */
export interface PublicServices {
  /** The rate limits and the site's time zone only: the configuration's secrets are the administrator's. */
  config: Pick<Services["config"], "rateLimits" | "siteTimezone">;
  dbHealth: Only<"dbHealth", "noteError">;
  /** Published articles; `findAnyById` is the editor's read behind requireAdmin (or a key with articles:write). */
  articles: Only<"articles", "listPublished" | "listPublishedCards" | "findPublishedBySlug" | "findPublishedById" | "homePage" | "findAnyById" | "ownership" | "listPublishedByAuthor">;
  /** The one exit of an article to its reader (src/presenters). */
  articlePresenter: Services["articlePresenter"];
  /** The search page's answers and the header's suggestions. */
  search: Services["search"];
  comments: Only<"comments", "listApproved">;
  commentService: Services["commentService"];
  /** The active contacts, or every contact once the procedure checked isAdmin. */
  contacts: Only<"contacts", "list">;
  pages: Only<"pages", "list" | "get">;
  previews: Only<"previews", "view">;
  ticker: Only<"ticker", "items">;
  stocks: Only<"stocks", "quotes">;
  audience: Only<"audience", "record">;
  limiter: Only<"limiter", "consume">;
  newsletter: Only<"newsletter", "subscribe" | "confirm" | "lookup" | "unsubscribe">;
  premium: Only<"premium", "request">;
  /** Stripe's checkout for a new subscription; null when payments are not configured. */
  stripe: Pick<NonNullable<Services["stripe"]>, "createCheckout"> | null;
  /** The sign-in door: the account itself needs a signed-in reader (readerProcedure). */
  readers: Only<"readers", "requestSignIn" | "signOut">;
  auth: Only<"auth", "login" | "logout" | "signIn">;
  /** A reader's browser subscribing to alerts, and the service worker reporting a click. */
  push: Only<"push", "publicKey" | "subscribe" | "unsubscribe" | "recordClick">;
  /** The doors a person uses before signing in: accepting an invitation, resetting a password; author pages. */
  staffAccounts: Only<"staffAccounts", "accept" | "requestPasswordReset" | "confirmPasswordReset" | "profileBySlug" | "authorOf">;
  /** Sign-ins (and their failures) are logged where they happen. */
  audit: Only<"audit", "record">;
  /** Live blogs' posts as readers read them; writing them is the newsroom's. */
  live: Only<"live", "list" | "highlights">;
}

export function publicServices(s: Services): PublicServices {
  const { config, dbHealth, articles, articlePresenter, search, comments, commentService, contacts, pages, previews, ticker, stocks, audience, limiter, newsletter, premium, stripe, readers, auth, push, staffAccounts, audit, live } = s;
  return { config, dbHealth, articles, articlePresenter, search, comments, commentService, contacts, pages, previews, ticker, stocks, audience, limiter, newsletter, premium, stripe, readers, auth, push, staffAccounts, audit, live };
}

/** What a signed-in reader's procedure adds: the account and its billing. */
export const readerServices = ({ readers, stripe }: Services) => ({ readers, stripe });

/** What an administrator's procedure (or a partner key with the procedure's scope) adds: the newsroom's services. */
export function adminServices(s: Services) {
  const { config, dbHealth, articles, revisions, previews, images, comments, commentModeration, contacts, pages, newsletter, newsletterSender, premium, membersAndPayments, analytics, siteSettings, apiKeys, webhooks, importJobs, redirects, backups, push, auth, staffAccounts, audit, reviewQueue, live } = s;
  return { config, dbHealth, articles, revisions, previews, images, comments, commentModeration, contacts, pages, newsletter, newsletterSender, premium, membersAndPayments, analytics, siteSettings, apiKeys, webhooks, importJobs, redirects, backups, push, auth, staffAccounts, audit, reviewQueue, live };
}
