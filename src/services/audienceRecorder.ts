import { createHash } from "node:crypto";
import { isbot } from "isbot";
import type { Config } from "../config.js";
import type { AudienceRepository, PageDaySum, StoredVisitorDay, VisitorDaySum } from "../repositories/audienceRepository.js";
import type { TransactionRunner, Tx } from "../repositories/transaction.js";
import { dayKey } from "../schemas/zonedTime.js";
import { DAY } from "../lib/time.js";
import { STATIC_PAGE_IDS } from "../content/staticPages.js";
import { CATEGORIES } from "../schemas/constants.js";
import type { AudienceEventInput } from "../schemas/events.js";
import type { Logger } from "../lib/logger.js";
import type { AppSecret } from "./appSecret.js";
import type { RateLimiterAbstract } from "rate-limiter-flexible";
import { consumeOrThrow, type LimiterFactory } from "./rateLimiter.js";

/** Referrer host names counted as search engines (organic traffic). */
const SEARCH_ENGINES = /(^|\.)(google\.[a-z.]+|bing\.com|duckduckgo\.com|search\.yahoo\.com|yahoo\.[a-z.]+|yandex\.[a-z.]+|baidu\.com|ecosia\.org|search\.brave\.com|qwant\.com|startpage\.com)$/;
/** Referrer host names of the networks our share buttons post to (share-referred visits). */
const SOCIAL_NETWORKS = /(^|\.)(x\.com|twitter\.com|t\.co|facebook\.com|fb\.com|fb\.me|lnkd\.in|linkedin\.com|reddit\.com|bsky\.app|threads\.net|mastodon\.social)$/;

export const referrerKind = (domain: string | null) => (!domain ? null : SEARCH_ENGINES.test(domain) ? "search" : SOCIAL_NETWORKS.test(domain) ? "social" : "other");

/** Who sent the event: only used to derive the day's visitor hash and to spot bots, never stored. */
export interface EventClient {
  address: string;
  userAgent: string;
}

interface EventRow {
  type: "pageview" | "share";
  occurredAt: Date;
  day: string;
  path: string;
  articleId: number | null;
  referrerDomain: string | null;
  network: string | null;
  visitorHash: string;
}

const BATCH_SIZE = 1000;

/** Raw events and daily page roll-ups are kept this long (README: "Audience data"). */
export const AUDIENCE_RETENTION_DAYS = 400;
/** Distinct paths recorded per day; past it new paths count as "other". */
export const MAX_PATHS_PER_DAY = 5000;
/** Where views of paths that are no real route are counted. */
export const OTHER_PATH = "other";
const STATIC_ROUTES = new Set(["/", "/search", ...CATEGORIES.map((c) => `/category/${c}`), ...STATIC_PAGE_IDS.map((id) => `/${id}`)]);

/** The route a path belongs to (trailing slash dropped), or "other"; article paths are resolved against the database. */
export function routePath(path: string): string {
  const trimmed = path.length > 1 ? path.replace(/\/+$/, "") : path;
  return STATIC_ROUTES.has(trimmed) ? trimmed : OTHER_PATH;
}

/**
 * Records page views and share clicks. Events are buffered and written in batches: the raw rows
 * appended to audience_event, and the daily roll-ups (per path, per visitor) upserted in the same
 * transaction, so every figure reads small roll-up tables.
 */
export class AudienceService {
  private pending: EventRow[] = [];
  private flushing: Promise<void> = Promise.resolve();
  private timer: NodeJS.Timeout | undefined;
  private readonly siteHost: string;
  private readonly salts = new Map<string, Promise<string>>();
  private readonly limiters = new Map<string, RateLimiterAbstract>();
  private generation = 0;
  /** Events accepted per client per minute (a beacon per page view is far below it). */
  rateLimit = 240;

  constructor(
    private readonly store: AudienceRepository,
    private readonly config: Config,
    private readonly transaction: TransactionRunner,
    private readonly secret: AppSecret,
    /** Redis when configured, else each instance's memory: a database write per beacon would defeat batching. */
    private readonly limiterFactory: LimiterFactory,
    private readonly logger?: Logger,
  ) {
    this.siteHost = new URL(config.siteUrl).hostname.replace(/^www\./, "");
  }

  /** Flushes the buffer every second until stopped; stopping (at shutdown) writes what is still buffered. */
  start(intervalMs = 1000): () => void {
    const flush = () => void this.flush().catch((err) => this.logger?.error({ err }, "events: flush failed"));
    this.timer ??= setInterval(flush, intervalMs);
    this.timer.unref();
    return () => {
      clearInterval(this.timer);
      this.timer = undefined;
      if (this.pending.length) flush();
    };
  }

  /** Throws RateLimitError past the per-client limit. */
  private async throttle(client: string) {
    const name = `beacon-${this.generation}|${this.rateLimit}`;
    let limiter = this.limiters.get(name);
    if (!limiter) this.limiters.set(name, (limiter = this.limiterFactory(`beacon${this.generation}`, this.rateLimit, 60)));
    await consumeOrThrow(limiter, createHash("sha256").update(client).digest("base64url").slice(0, 20));
  }

  /** Forgets every client's count (tests and the benchmark start from a clean window). */
  resetThrottle() {
    this.limiters.clear();
    this.generation++;
  }

  /** The referring host name without "www.", or null for none, our own site or an unparsable value. */
  referrerDomain(referrer: string | undefined, requestHost?: string): string | null {
    if (!referrer) return null;
    try {
      const url = new URL(referrer);
      if (url.protocol !== "http:" && url.protocol !== "https:") return null;
      const host = url.hostname.toLowerCase().replace(/^www\./, "").slice(0, 255);
      if (!host || host === this.siteHost || host === requestHost?.toLowerCase().replace(/^www\./, "").replace(/:\d+$/, "")) return null;
      return host;
    } catch {
      return null;
    }
  }

  /** The visitor's hash for the day: salt = HMAC(APP_SECRET, day), so it changes every day and cannot be reversed. */
  async visitorHash(client: EventClient, day: string): Promise<string> {
    let salt = this.salts.get(day);
    if (!salt) {
      if (this.salts.size > 64) this.salts.clear();
      this.salts.set(day, (salt = this.secret.sign("visitor-salt", day)));
    }
    return createHash("sha256").update(`${await salt}|${client.address}|${client.userAgent}`).digest("hex").slice(0, 32);
  }

  /** Records one event from the beacon; false when it is not counted (a bot). */
  async record(input: AudienceEventInput, client: EventClient & { host?: string }, at = new Date()): Promise<boolean> {
    await this.throttle(client.address);
    if (!client.userAgent || isbot(client.userAgent)) return false;
    const row = await this.buildRow(input, client, at);
    this.enqueue([row]);
    return true;
  }

  /** Adds already-built rows (the benchmark and tests use it to write history); flushes when the batch is full. */
  enqueue(rows: EventRow[]) {
    for (const row of rows) this.pending.push(row);
    if (this.pending.length >= BATCH_SIZE) void this.flush().catch((err) => this.logger?.error({ err }, "events: flush failed"));
  }

  /** Builds a row for a given time and visitor without HTTP (benchmark, tests). */
  async buildRow(input: AudienceEventInput, client: EventClient & { host?: string }, at: Date): Promise<EventRow> {
    const day = dayKey(at, this.config.siteTimezone);
    return {
      type: input.type,
      occurredAt: at,
      day,
      path: input.path,
      articleId: input.articleId ?? null,
      referrerDomain: input.type === "pageview" ? this.referrerDomain(input.referrer, client.host) : null,
      network: input.type === "share" ? (input.network ?? null) : null,
      visitorHash: await this.visitorHash(client, day),
    };
  }

  /** Writes everything buffered so far (batches are written one after the other). */
  flush(): Promise<void> {
    // A failed batch is reported to this caller only; the chain goes on for the next flush.
    const run = this.flushing.catch(() => undefined).then(async () => {
      while (this.pending.length) {
        const batch = this.pending.splice(0, 20_000);
        await this.transaction((tx) => this.write(tx, batch));
      }
    });
    this.flushing = run;
    return run;
  }

  /**
   * The article an event belongs to comes from its path (/article/{slug}), looked up once per batch,
   * never from what the client claims: a forged articleId cannot credit views to another article.
   * Only paths of real routes are kept (home, search, a category, a static page, a published
   * article); any other path is counted as "other", so the beacon cannot store arbitrary text.
   */
  private async resolveArticles(tx: Tx, rows: EventRow[]) {
    const slugOf = (p: string) => /^\/article\/([^/]+)\/?$/.exec(p)?.[1];
    const ids = await this.store.publishedIdsBySlug(tx, [...new Set(rows.map((r) => slugOf(r.path)).filter((s): s is string => Boolean(s)))]);
    for (const r of rows) {
      const slug = slugOf(r.path);
      r.articleId = slug ? (ids.get(slug) ?? null) : null;
      r.path = r.articleId !== null ? `/article/${slug}` : routePath(r.path);
    }
    await this.capDistinctPaths(tx, rows);
  }

  /** Past MAX_PATHS_PER_DAY distinct paths in a day, further new paths count as "other". */
  private async capDistinctPaths(tx: Tx, rows: EventRow[]) {
    const byDay = new Map<string, Set<string>>();
    for (const r of rows) if (r.path !== OTHER_PATH) byDay.set(r.day, (byDay.get(r.day) ?? new Set()).add(r.path));
    for (const [day, paths] of byDay) {
      const n = await this.store.pathCount(tx, day);
      if (n + paths.size <= MAX_PATHS_PER_DAY) continue;
      const list = [...paths];
      const known = await this.store.knownPaths(tx, day, list);
      let room = MAX_PATHS_PER_DAY - n;
      const allowed = new Set<string>();
      for (const p of list) if (!known.has(p) && room-- > 0) allowed.add(p);
      for (const r of rows) {
        if (r.day === day && r.path !== OTHER_PATH && !known.has(r.path) && !allowed.has(r.path)) {
          r.path = OTHER_PATH;
          r.articleId = null;
        }
      }
    }
  }

  private async write(tx: Tx, rows: EventRow[]) {
    await this.resolveArticles(tx, rows);
    await this.store.appendEvents(tx, rows);

    // Roll-ups: the batch is summed per key here, then added to the stored counters.
    const pages = new Map<string, PageDaySum>();
    const page = (day: string, path: string, articleId: number | null) => {
      const key = `${day}\n${path}`;
      let p = pages.get(key);
      if (!p) pages.set(key, (p = { day, path, articleId, views: 0, shares: 0, search: 0, social: 0, entries: 0, engaged: 0 }));
      p.articleId ??= articleId;
      return p;
    };
    const visitors = new Map<string, VisitorDaySum>();
    for (const r of rows) {
      const p = page(r.day, r.path, r.articleId);
      if (r.type === "share") {
        p.shares++;
        continue;
      }
      p.views++;
      const kind = referrerKind(r.referrerDomain);
      if (kind === "search") p.search++;
      else if (kind === "social") p.social++;
      const visitorKey = `${r.day}\n${r.visitorHash}`;
      const v = visitors.get(visitorKey);
      if (v) v.views++;
      else visitors.set(visitorKey, { day: r.day, hash: r.visitorHash, views: 1, entryPath: r.path, entryArticleId: r.articleId });
    }

    // Landing pages: a visit (visitor-day) new in this batch is an entry on its first page; a visit
    // reaching its second page view turns that entry from a bounce into an engaged visit.
    const visitorRows = [...visitors.values()];
    const stored = new Map<string, StoredVisitorDay>();
    const byDay = new Map<string, string[]>();
    for (const v of visitorRows) byDay.set(v.day, [...(byDay.get(v.day) ?? []), v.hash]);
    for (const [day, hashes] of byDay) {
      for (const [hash, found] of await this.store.visitorDays(tx, day, hashes)) stored.set(`${day}\n${hash}`, found);
    }
    for (const v of visitorRows) {
      const before = stored.get(`${v.day}\n${v.hash}`);
      if (!before) {
        const p = page(v.day, v.entryPath, v.entryArticleId);
        p.entries++;
        if (v.views > 1) p.engaged++;
      } else if (before.views === 1) {
        page(v.day, before.entryPath, before.entryArticleId).engaged++;
      }
    }

    await this.store.addRollups(tx, [...pages.values()], visitorRows);
  }

  /** Drops raw events and daily page roll-ups older than the retention, and visitor-days no longer needed to count landing pages. */
  async prune(retentionDays = AUDIENCE_RETENTION_DAYS): Promise<void> {
    const before = new Date(Date.now() - retentionDays * DAY);
    await this.store.prune(before, dayKey(before, this.config.siteTimezone), dayKey(new Date(Date.now() - 3 * DAY), this.config.siteTimezone));
  }
}

