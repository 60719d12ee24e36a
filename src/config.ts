import { randomBytes } from "node:crypto";
import { isIP } from "node:net";
import path from "node:path";
import { z } from "zod";
import { LOG_LEVELS } from "./lib/logger.js";
import { DEFAULT_STOCK_SYMBOLS } from "./schemas/constants.js";
import { PROJECT_ROOT } from "./paths.js";


const emptyToUndefined = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);
const optionalString = z.preprocess(emptyToUndefined, z.string().optional());
const positiveInt = (fallback: number) => z.preprocess(emptyToUndefined, z.coerce.number().int().positive().default(fallback));
const bool = z.preprocess(
  emptyToUndefined,
  z.enum(["true", "false", "1", "0", "yes", "no"]).transform((v) => ["true", "1", "yes"].includes(v)).optional(),
);
const httpUrl = z.url({ protocol: /^https?$/ });

const envSchema = z.object({
  NODE_ENV: z.preprocess(emptyToUndefined, z.enum(["development", "production", "test"]).default("development")),
  PORT: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(65535).default(3000)),
  DATABASE_URL: z.preprocess(
    emptyToUndefined,
    z.string().regex(/^(mysql|mariadb):\/\/.+/, "must start with mysql:// or mariadb://").optional(),
  ),
  DATA_DIR: z.preprocess(emptyToUndefined, z.string().default("./data")),
  DIST_DIR: z.preprocess(emptyToUndefined, z.string().default("dist")),
  ADMIN_PASSWORD: optionalString,
  ADMIN_EMAIL: z.preprocess(emptyToUndefined, z.email("must be an e-mail address").optional()),
  STAFF_2FA_REQUIRED: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .default("owner,administrator")
      .transform((v) => v.split(",").map((r) => r.trim().toLowerCase()).filter(Boolean))
      .pipe(z.array(z.enum(["owner", "administrator", "editor", "author", "contributor", "none"], { error: "roles separated by commas (owner, administrator, editor, author, contributor), or none" }))),
  ),
  AUDIT_KEEP_DAYS: positiveInt(365),
  APP_SECRET: z.preprocess(emptyToUndefined, z.string().min(16, "must be at least 16 characters").optional()),
  SITE_NAME: z.preprocess(emptyToUndefined, z.string().max(100).default("Defense Sentinel")),
  SITE_URL: z.preprocess(emptyToUndefined, httpUrl.optional()),
  SITE_TIMEZONE: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .default("UTC")
      .refine((tz) => {
        try {
          new Intl.DateTimeFormat("en-US", { timeZone: tz });
          return true;
        } catch {
          return false;
        }
      }, "must be an IANA time zone such as Europe/Berlin"),
  ),
  SEED: bool,
  AD_CLIENT_ID: z.preprocess(emptyToUndefined, z.string().regex(/^[A-Za-z0-9-]+$/, "must be letters, digits and hyphens").optional()),
  TICKER_FEEDS: optionalString,
  STOCK_SYMBOLS: z.preprocess(emptyToUndefined, z.string().default(DEFAULT_STOCK_SYMBOLS)),
  MARKET_DATA_URL: z.preprocess(emptyToUndefined, httpUrl.default("https://stooq.com")),
  MARKET_DATA_API_KEY: optionalString,
  SMTP_URL: z.preprocess(emptyToUndefined, z.string().regex(/^smtps?:\/\//, "must start with smtp:// or smtps://").optional()),
  RATE_LIMIT_LOGIN: positiveInt(5),
  RATE_LIMIT_COMMENTS: positiveInt(5),
  RATE_LIMIT_NEWSLETTER: positiveInt(5),
  RATE_LIMIT_LOGIN_ACCOUNT: positiveInt(50),
  TRUST_PROXY: optionalString,
  OUTBOUND_ALLOW_LOCAL: bool,
  LOG_LEVEL: z.preprocess(emptyToUndefined, z.enum(LOG_LEVELS).default("info")),
  REDIS_URL: z.preprocess(emptyToUndefined, z.string().regex(/^rediss?:\/\//, "must start with redis://").optional()),
  REDIS_PREFIX: z.preprocess(emptyToUndefined, z.string().max(100).default("ds:")),
  PAGE_CACHE: bool,
  PAGE_CACHE_MB: z.preprocess(emptyToUndefined, z.coerce.number().min(1).max(4096).default(32)),
  PAGE_CACHE_FRESH_SECONDS: positiveInt(300),
  NEWSLETTER_SEND_HOUR: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(23).default(7)),
  NEWSLETTER_FROM: z.preprocess(emptyToUndefined, z.string().max(300).regex(/@/, "must be an address such as Name <newsletter@example.com>").optional()),
  MAIL_RETRY_BASE_SECONDS: positiveInt(60),
  MEDIA_DIR: optionalString,
  PREVIEW_DAYS: positiveInt(7),
  REVISIONS_KEEP: positiveInt(100),
  SEARCH_ENGINE: z.preprocess(emptyToUndefined, z.enum(["auto", "mroonga", "innodb"]).default("auto")),
  READ_THREADS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(8).default(1)),
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  STRIPE_PRICE_MONTHLY: optionalString,
  STRIPE_PRICE_ANNUAL: optionalString,
  STRIPE_API_URL: z.preprocess(emptyToUndefined, httpUrl.default("https://api.stripe.com")),
  RATE_LIMIT_SIGN_IN: positiveInt(5),
  API_KEY_RATE_LIMIT: positiveInt(600),
  /** Deprecated and ignored: OUTBOUND_ALLOW_LOCAL alone lets webhooks use plain http (a warning at start). */
  WEBHOOK_ALLOW_HTTP: optionalString,
  WEBHOOK_RETRY_BASE_SECONDS: positiveInt(30),
  WEBHOOK_TIMEOUT_SECONDS: positiveInt(10),
  BACKUP_DIR: optionalString,
  BACKUP_KEEP: positiveInt(7),
  VAPID_SUBJECT: z.preprocess(emptyToUndefined, z.string().max(300).regex(/^(mailto:[^\s@]+@[^\s@]+|https:\/\/\S+)$/, "must be a mailto: address or an https: URL (the push services' contact for this site)").optional()),
  PUSH_CONCURRENCY: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(200).default(10)),
  PUSH_RETRY_BASE_SECONDS: positiveInt(30),
  PUSH_TIMEOUT_SECONDS: positiveInt(10),
  RATE_LIMIT_PUSH: positiveInt(10),
  METRICS_TOKEN: z.preprocess(emptyToUndefined, z.string().min(16, "must be at least 16 characters").max(200).optional()),
});

export interface TickerFeed {
  name: string;
  url: string;
}
export interface StockSymbol {
  symbol: string;
  name: string;
}

export type Config = ReturnType<typeof parseConfig>;

export class ConfigError extends Error {}

function parseList<T>(value: string | undefined, variable: string, parseItem: (item: string) => T | null): T[] {
  if (!value) return [];
  return value
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean)
    .map((item) => {
      const parsed = parseItem(item);
      if (!parsed) throw new ConfigError(`Invalid ${variable}: "${item}" is not in the expected format`);
      return parsed;
    });
}

const PROXY_NAMES = ["loopback", "linklocal", "uniquelocal"];

/** A single proxy address or CIDR range (IPv4 or IPv6), or one of Express's named ranges. */
function isProxyAddress(item: string): boolean {
  if (PROXY_NAMES.includes(item)) return true;
  const [address, prefix, extra] = item.split("/");
  const version = isIP(address);
  if (!version || extra !== undefined) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128));
}

/**
 * TRUST_PROXY: a hop count or the proxies' addresses/CIDRs. `true` is refused: it trusts every
 * X-Forwarded-For, so any client could choose its address and dodge every per-client limit.
 */
function parseTrustProxy(value: string | undefined): number | string[] | undefined {
  if (value === undefined) return undefined;
  const v = value.trim();
  if (v === "true") {
    throw new ConfigError(
      "Invalid TRUST_PROXY: `true` would let any client choose its address through X-Forwarded-For. Set the number of proxy hops in front of the app (for example 1) or the proxies' addresses/CIDRs (for example 10.0.0.0/8,192.168.1.5).",
    );
  }
  if (/^\d+$/.test(v)) return Number(v);
  const items = v.split(",").map((s) => s.trim()).filter(Boolean);
  const bad = items.filter((item) => !isProxyAddress(item));
  if (!items.length || bad.length) {
    throw new ConfigError(`Invalid TRUST_PROXY: "${bad.join(",") || v}" is neither a hop count nor proxy addresses/CIDRs (for example 1, or 10.0.0.0/8,192.168.1.5)`);
  }
  return items;
}

/** Parses and validates the environment once; throws ConfigError naming the bad variable. */
export function parseConfig(env: NodeJS.ProcessEnv = process.env) {
  const result = envSchema.safeParse(env);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const e = result.data;
  const databaseKind = e.DATABASE_URL ? (e.DATABASE_URL.startsWith("mariadb:") ? "mariadb" : "mysql") : "sqlite";
  const tickerFeeds = parseList<TickerFeed>(e.TICKER_FEEDS, "TICKER_FEEDS", (item) => {
    const [name, url] = item.split("|").map((s) => s.trim());
    return name && url && httpUrl.safeParse(url).success ? { name, url } : null;
  });
  const stockSymbols = parseList<StockSymbol>(e.STOCK_SYMBOLS, "STOCK_SYMBOLS", (item) => {
    const [symbol, ...rest] = item.split(":");
    const name = rest.join(":").trim();
    return /^[A-Za-z0-9.^-]{1,15}$/.test(symbol.trim()) ? { symbol: symbol.trim().toUpperCase(), name: name || symbol.trim() } : null;
  });
  const siteUrl = (e.SITE_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, "");
  return {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    databaseUrl: e.DATABASE_URL,
    databaseKind: databaseKind as "sqlite" | "mysql" | "mariadb",
    dataDir: path.resolve(e.DATA_DIR),
    /** Where `npm run build` put the client bundle and the SSR entry (relative to the project root). */
    distDir: path.resolve(PROJECT_ROOT, e.DIST_DIR),
    adminPassword: e.ADMIN_PASSWORD,
    /** The owner's sign-in address, set at start when given. */
    adminEmail: e.ADMIN_EMAIL?.toLowerCase(),
    /** Roles that must use two-factor sign-in. */
    staffTwoFactorRequired: e.STAFF_2FA_REQUIRED.filter((r) => r !== "none"),
    auditKeepDays: e.AUDIT_KEEP_DAYS,
    appSecret: e.APP_SECRET,
    siteName: e.SITE_NAME,
    siteUrl,
    secureCookies: siteUrl.startsWith("https:"),
    siteTimezone: e.SITE_TIMEZONE,
    seed: e.SEED ?? databaseKind === "sqlite",
    adClientId: e.AD_CLIENT_ID,
    tickerFeeds,
    stockSymbols,
    marketDataUrl: e.MARKET_DATA_URL.replace(/\/+$/, ""),
    marketDataApiKey: e.MARKET_DATA_API_KEY,
    smtpUrl: e.SMTP_URL,
    rateLimits: { login: e.RATE_LIMIT_LOGIN, comments: e.RATE_LIMIT_COMMENTS, newsletter: e.RATE_LIMIT_NEWSLETTER, loginAccount: e.RATE_LIMIT_LOGIN_ACCOUNT, apiKey: e.API_KEY_RATE_LIMIT, push: e.RATE_LIMIT_PUSH },
    webhooks: { retryBaseSeconds: e.WEBHOOK_RETRY_BASE_SECONDS, timeoutSeconds: e.WEBHOOK_TIMEOUT_SECONDS },
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    redisUrl: e.REDIS_URL,
    redisPrefix: e.REDIS_PREFIX,
    // Off by default in development: Vite's inline scripts there carry the response's nonce, so its pages are never
    // cacheable, and the cache's pass-through would answer them with another response's CSP.
    pageCache: e.PAGE_CACHE ?? e.NODE_ENV !== "development",
    pageCacheBytes: Math.round(e.PAGE_CACHE_MB * 1024 * 1024),
    pageCacheFreshSeconds: e.PAGE_CACHE_FRESH_SECONDS,
    newsletterSendHour: e.NEWSLETTER_SEND_HOUR,
    newsletterFrom: e.NEWSLETTER_FROM ?? `"${e.SITE_NAME.replace(/"/g, "")}" <newsletter@${new URL(siteUrl).hostname}>`,
    mailRetryBaseSeconds: e.MAIL_RETRY_BASE_SECONDS,
    mediaDir: e.MEDIA_DIR ? path.resolve(e.MEDIA_DIR) : path.join(path.resolve(e.DATA_DIR), "media"),
    previewDays: e.PREVIEW_DAYS,
    revisionsKeep: e.REVISIONS_KEEP,
    /** MySQL/MariaDB: `auto` uses Mroonga when the server runs it, `innodb` forces the InnoDB FULLTEXT fallback. */
    searchEngine: e.SEARCH_ENGINE,
    /** SQLite: the threads that run the heavy reads (searches, the archive's counts) beside the event loop (0: on it). */
    readThreads: e.READ_THREADS,
    outboundAllowLocal: e.OUTBOUND_ALLOW_LOCAL ?? false,
    stripe: parseStripe(e),
    rateLimitSignIn: e.RATE_LIMIT_SIGN_IN,
    logLevel: e.LOG_LEVEL,
    /** Where the daily backup goes (unset: no schedule; `npm run backup` then writes to DATA_DIR/backups). */
    backupDir: e.BACKUP_DIR ? path.resolve(e.BACKUP_DIR) : undefined,
    backupKeep: e.BACKUP_KEEP,
    push: {
      /** The VAPID `sub` claim: how a push service reaches the site's operator. */
      vapidSubject: e.VAPID_SUBJECT ?? (siteUrl.startsWith("https:") ? siteUrl : `mailto:alerts@${new URL(siteUrl).hostname}`),
      concurrency: e.PUSH_CONCURRENCY,
      retryBaseSeconds: e.PUSH_RETRY_BASE_SECONDS,
      timeoutSeconds: e.PUSH_TIMEOUT_SECONDS,
    },
    /** Bearer token that opens GET /metrics from anywhere (unset: loopback only). */
    metricsToken: e.METRICS_TOKEN,
    /** Settings that still parse but no longer act: logged as warnings at start. */
    warnings: e.WEBHOOK_ALLOW_HTTP === undefined ? [] : [WEBHOOK_ALLOW_HTTP_IGNORED],
  };
}

export const WEBHOOK_ALLOW_HTTP_IGNORED =
  "WEBHOOK_ALLOW_HTTP is deprecated and ignored: OUTBOUND_ALLOW_LOCAL=true alone lets every outgoing request, webhooks included, use plain http to local receivers (for local fakes in tests only). Remove WEBHOOK_ALLOW_HTTP.";

/** Payments are connected when the secret key, the webhook secret and both price ids are set; a partial set stops the start. */
function parseStripe(e: z.infer<typeof envSchema>) {
  const parts = { STRIPE_SECRET_KEY: e.STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET: e.STRIPE_WEBHOOK_SECRET, STRIPE_PRICE_MONTHLY: e.STRIPE_PRICE_MONTHLY, STRIPE_PRICE_ANNUAL: e.STRIPE_PRICE_ANNUAL };
  const missing = Object.entries(parts).filter(([, v]) => !v).map(([k]) => k);
  if (missing.length === 4) return null;
  if (missing.length) throw new ConfigError(`Invalid configuration: ${missing.join(", ")} must be set too when any STRIPE_ variable is set`);
  const api = new URL(e.STRIPE_API_URL);
  if (api.protocol !== "https:" && !e.OUTBOUND_ALLOW_LOCAL) throw new ConfigError("Invalid configuration: STRIPE_API_URL must be https (plain http only with OUTBOUND_ALLOW_LOCAL=true, for local fakes)");
  return {
    secretKey: e.STRIPE_SECRET_KEY!,
    webhookSecret: e.STRIPE_WEBHOOK_SECRET!,
    prices: { monthly: e.STRIPE_PRICE_MONTHLY!, annual: e.STRIPE_PRICE_ANNUAL! },
    api: { protocol: api.protocol.replace(":", "") as "http" | "https", host: api.hostname, port: Number(api.port || (api.protocol === "https:" ? 443 : 80)) },
  };
}
export type StripeConfig = NonNullable<ReturnType<typeof parseStripe>>;

/** A random secret for APP_SECRET when none is configured (stored by the caller). */
export const generateSecret = () => randomBytes(32).toString("base64url");
