// parseConfig: every variable's default, and a bad value stops the start with a message naming it.
import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { ConfigError, WEBHOOK_ALLOW_HTTP_IGNORED, parseConfig } from "../../../src/config.js";

const ROOT = path.resolve(import.meta.dirname, "../../..");

test("the page cache is on by default, but not in development (npm run dev), where every page carries a nonce", () => {
  expect(parseConfig({ NODE_ENV: "production" }).pageCache).toBe(true);
  expect(parseConfig({ NODE_ENV: "test" }).pageCache).toBe(true);
  expect(parseConfig({ NODE_ENV: "development" }).pageCache).toBe(false);
  expect(parseConfig({ NODE_ENV: "development", PAGE_CACHE: "true" }).pageCache).toBe(true);
});

test("defaults of every variable", () => {
  const c = parseConfig({});
  expect(c).toMatchObject({
    nodeEnv: "development",
    distDir: expect.stringMatching(/\/dist$/),
    port: 3000,
    databaseUrl: undefined,
    databaseKind: "sqlite",
    dataDir: path.resolve("./data"),
    adminPassword: undefined,
    appSecret: undefined,
    siteName: "Defense Sentinel",
    siteUrl: "http://localhost:3000",
    secureCookies: false,
    siteTimezone: "UTC",
    seed: true,
    adClientId: undefined,
    tickerFeeds: [],
    marketDataApiKey: undefined,
    smtpUrl: undefined,
    rateLimits: { login: 5, comments: 5, newsletter: 5, loginAccount: 50 },
    trustProxy: undefined,
    redisUrl: undefined,
    newsletterSendHour: 7,
    newsletterFrom: '"Defense Sentinel" <newsletter@localhost>',
    mailRetryBaseSeconds: 60,
    outboundAllowLocal: false,
    logLevel: "info",
  });
  expect(parseConfig({ SITE_NAME: "The Gazette", SITE_URL: "https://news.example.com", NEWSLETTER_SEND_HOUR: "0", MAIL_RETRY_BASE_SECONDS: "5" })).toMatchObject({ newsletterFrom: '"The Gazette" <newsletter@news.example.com>', newsletterSendHour: 0, mailRetryBaseSeconds: 5 });
  expect(parseConfig({ NEWSLETTER_FROM: "Briefing <brief@example.org>" }).newsletterFrom).toBe("Briefing <brief@example.org>");
  expect(c.stockSymbols.map((s) => s.symbol)).toEqual(["LMT", "RTX", "BA", "NOC", "GD", "GE", "LHX", "HII"]);
  expect(c.stockSymbols[0]).toEqual({ symbol: "LMT", name: "Lockheed Martin" });
  expect(c.marketDataUrl).toMatch(/^https:\/\//);
});

test("SITE_URL follows PORT by default; set values are parsed", () => {
  expect(parseConfig({ PORT: "8080" }).siteUrl).toBe("http://localhost:8080");
  const c = parseConfig({
    PORT: "4000",
    DATABASE_URL: "mysql://u:p@db:3306/news",
    SITE_URL: "https://news.example.com/",
    SITE_NAME: "The Sentinel",
    SITE_TIMEZONE: "Europe/Berlin",
    TICKER_FEEDS: "Defense Wire|https://wire.example.com/rss, Other | http://other.example.org/feed.xml",
    STOCK_SYMBOLS: "lmt:Lockheed Martin,BA",
    RATE_LIMIT_LOGIN: "10",
    RATE_LIMIT_COMMENTS: "20",
    RATE_LIMIT_NEWSLETTER: "30",
    TRUST_PROXY: "1",
    AD_CLIENT_ID: "ca-pub-123",
    SMTP_URL: "smtp://mail.example.com:587",
    REDIS_URL: "redis://cache:6379",
    SEED: "true",
  });
  expect(c).toMatchObject({
    port: 4000,
    databaseKind: "mysql",
    siteUrl: "https://news.example.com",
    secureCookies: true,
    siteName: "The Sentinel",
    siteTimezone: "Europe/Berlin",
    rateLimits: { login: 10, comments: 20, newsletter: 30, loginAccount: 50 },
    trustProxy: 1,
    adClientId: "ca-pub-123",
    seed: true,
  });
  expect(c.tickerFeeds).toEqual([
    { name: "Defense Wire", url: "https://wire.example.com/rss" },
    { name: "Other", url: "http://other.example.org/feed.xml" },
  ]);
  expect(c.stockSymbols).toEqual([{ symbol: "LMT", name: "Lockheed Martin" }, { symbol: "BA", name: "BA" }]);
  expect(parseConfig({ DATABASE_URL: "mariadb://root@127.0.0.1:3306/test" })).toMatchObject({ databaseKind: "mariadb", seed: false });
  expect(parseConfig({ TRUST_PROXY: "1" }).trustProxy).toBe(1);
  expect(parseConfig({ TRUST_PROXY: "loopback" }).trustProxy).toEqual(["loopback"]);
  expect(parseConfig({ TRUST_PROXY: "10.0.0.0/8, 192.168.1.5,fd00::/8" }).trustProxy).toEqual(["10.0.0.0/8", "192.168.1.5", "fd00::/8"]);
  expect(parseConfig({ SEED: "false" }).seed).toBe(false);
  // empty values count as unset
  expect(parseConfig({ PORT: "", SITE_NAME: " " })).toMatchObject({ port: 3000, siteName: "Defense Sentinel" });
});

test.each([
  ["PORT", "abc"],
  ["PORT", "70000"],
  ["DATABASE_URL", "postgres://localhost/db"],
  ["SITE_TIMEZONE", "Mars/Base"],
  ["SITE_URL", "ftp://x"],
  ["SITE_URL", "not a url"],
  ["TICKER_FEEDS", "NoSeparator"],
  ["TICKER_FEEDS", "Name|ftp://example.com/feed"],
  ["STOCK_SYMBOLS", "TOO-LONG-SYMBOL-NAME:x"],
  ["RATE_LIMIT_LOGIN", "0"],
  ["RATE_LIMIT_COMMENTS", "lots"],
  ["RATE_LIMIT_NEWSLETTER", "-3"],
  ["SEED", "maybe"],
  ["APP_SECRET", "short"],
  ["AD_CLIENT_ID", "<script>"],
  ["SMTP_URL", "mail.example.com"],
  ["REDIS_URL", "localhost:6379"],
  ["MARKET_DATA_URL", "file:///etc/passwd"],
  ["NODE_ENV", "staging"],
  ["NEWSLETTER_SEND_HOUR", "24"],
  ["NEWSLETTER_SEND_HOUR", "seven"],
  ["NEWSLETTER_FROM", "no address"],
  ["MAIL_RETRY_BASE_SECONDS", "0"],
])("%s=%s stops the start with a message naming the variable", (variable, value) => {
  let error: unknown;
  try {
    parseConfig({ [variable]: value });
  } catch (e) {
    error = e;
  }
  expect(error).toBeInstanceOf(ConfigError);
  expect((error as Error).message).toContain(variable);
});

test("TRUST_PROXY=true is refused with a message saying what to set; malformed addresses are refused", () => {
  expect(() => parseConfig({ TRUST_PROXY: "true" })).toThrow(/TRUST_PROXY.*hop.*CIDR/s);
  for (const bad of ["false", "10.0.0.0/33", "10.0.0", "proxy.example.com", "1.2.3.4/8/1", ",", "::1/129"]) {
    expect([bad, () => parseConfig({ TRUST_PROXY: bad })]).toEqual([bad, expect.any(Function)]);
    expect(() => parseConfig({ TRUST_PROXY: bad })).toThrow(ConfigError);
  }
});

test("the server refuses to start with TRUST_PROXY=true", async () => {
  const run = promisify(execFile);
  const env = { ...process.env, NODE_OPTIONS: "", TRUST_PROXY: "true", DATA_DIR: "/tmp/ds-never-created" };
  const error: any = await run(path.join(ROOT, "node_modules/.bin/tsx"), ["src/server.ts"], { cwd: ROOT, env }).catch((e) => e);
  expect(error.code).toBe(1);
  expect(error.stderr).toMatch(/TRUST_PROXY.*number of proxy hops/);
}, 60_000);

test("the server process exits 1 on a bad value, printing the variable's name", async () => {
  const run = promisify(execFile);
  const env = { ...process.env, NODE_OPTIONS: "", PORT: "abc", DATA_DIR: "/tmp/ds-never-created" };
  const error: any = await run(path.join(ROOT, "node_modules/.bin/tsx"), ["src/server.ts"], { cwd: ROOT, env }).catch((e) => e);
  expect(error.code).toBe(1);
  expect(error.stderr).toContain("PORT");
  expect(error.stderr).not.toMatch(/\n\s+at /);
}, 60_000);

test("OUTBOUND_ALLOW_LOCAL is the one setting for local outbound traffic; WEBHOOK_ALLOW_HTTP is ignored with a warning at start", () => {
  expect(parseConfig({}).warnings).toEqual([]);
  expect(parseConfig({ OUTBOUND_ALLOW_LOCAL: "true" })).toMatchObject({ outboundAllowLocal: true, warnings: [] });
  for (const value of ["true", "false"]) {
    const c = parseConfig({ WEBHOOK_ALLOW_HTTP: value });
    expect(c).toMatchObject({ outboundAllowLocal: false, warnings: [WEBHOOK_ALLOW_HTTP_IGNORED] });
    expect(c.webhooks).not.toHaveProperty("allowHttp");
  }
  expect(WEBHOOK_ALLOW_HTTP_IGNORED).toMatch(/OUTBOUND_ALLOW_LOCAL=true/);
});
