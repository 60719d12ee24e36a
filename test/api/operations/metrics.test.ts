// GET /metrics: the series an operator graphs are there, labelled by route pattern (never the URL: 10,000 random
// paths add no series), and the page is only for METRICS_TOKEN or this machine's loopback, never cached.
import { randomBytes } from "node:crypto";
import type { Request, Response } from "express";
import { openApiDocument } from "../../../src/app.js";
import { createRouteLabeler } from "../../../src/http/routeLabel.js";
import { appRouter } from "../../../src/trpc/router.js";
import { installFeeds } from "../../../src/ssr/feeds.js";
import { createArticle } from "../../helpers/factories.js";
import { createTestApp, type TestApp } from "../../helpers/testApp.js";
import { mayReadMetrics } from "../../../src/http/metricsRoute.js";
import { metrics } from "../../../src/services/metrics.js";

const TOKEN = "metrics-token-0123456789";

/** The label values of one series in a scrape. */
function labelValues(text: string, series: string, label: string): Set<string> {
  const values = new Set<string>();
  for (const line of text.split("\n")) {
    if (!line.startsWith(`${series}{`)) continue;
    const match = new RegExp(`${label}="([^"]*)"`).exec(line);
    if (match) values.add(match[1]);
  }
  return values;
}

describe("metrics", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ METRICS_TOKEN: TOKEN, TRUST_PROXY: "loopback" }, (services) => [(app) => installFeeds(app, services)]);
  });
  afterAll(() => t.close());

  test("every documented series is present, labelled by route pattern and status, and never cached", async () => {
    const story = await createArticle(t.services, { title: "Counted story", category: "sea" });
    await t.api("GET", "/api/article-cards?category=sea");
    await t.api("GET", "/api/article-cards?category=sea");
    await t.api("GET", `/api/articles/${story.id}`);
    await t.api("GET", "/api/articles/999999");
    for (const feed of ["/rss.xml", "/rss.xml", "/category/sea/rss.xml", "/category/sea/rss.xml"]) expect((await t.api("GET", feed)).status).toBe(200);
    await t.api("GET", `/api/trpc/articles.cards?input=${encodeURIComponent(JSON.stringify({ category: "sea" }))}`);
    await t.services.mailer.send({ to: "reader@example.com", subject: "Counted", text: "Hello" });
    metrics.sseStreams.inc();
    metrics.sseStreams.dec();
    metrics.pushSends.inc({ result: "delivered" }, 0);

    const res = await t.api("GET", "/metrics");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.headers.get("x-cache")).toBeNull();
    for (const series of [
      "http_requests_total",
      "http_request_duration_seconds_bucket",
      "page_cache_requests_total",
      "page_cache_renders",
      "db_query_duration_seconds_bucket",
      "job_queue_depth",
      "job_queue_failed",
      "mail_sends_total",
      "push_sends_total",
      "sse_streams_open",
      "database_up",
      "process_resident_memory_bytes",
      "nodejs_eventloop_lag_p99_seconds",
      "nodejs_heap_size_used_bytes",
      "app_eventloop_lag_seconds_bucket",
    ]) expect(res.text).toMatch(new RegExp(`^${series}[{ ]`, "m"));
    const routes = labelValues(res.text, "http_requests_total", "route");
    expect([...routes]).toEqual(expect.arrayContaining(["/api/article-cards", "/api/articles/{id}", "/api/trpc/articles.cards"]));
    // Feeds answered from the page cache (the second time) keep their route pattern, though no route ran.
    expect(res.text).toMatch(/http_requests_total\{method="GET",route="\/rss\.xml",status="200"\} 2/);
    expect(res.text).toMatch(/http_requests_total\{method="GET",route="\/category\/:category\/rss\.xml",status="200"\} 2/);
    expect(res.text).toMatch(/http_requests_total\{method="GET",route="\/api\/articles\/\{id\}",status="404"\} 1/);
    expect(res.text).toMatch(/page_cache_requests_total\{result="hit"\} [1-9]/);
    expect(res.text).toMatch(/page_cache_requests_total\{result="miss"\} [1-9]/);
    expect(res.text).toMatch(/job_queue_depth\{queue="newsletter"\} 0/);
    expect(res.text).toMatch(/job_queue_depth\{queue="webhooks"\} 0/);
    expect(res.text).toMatch(/job_queue_depth\{queue="import"\} 0/);
    expect(res.text).toMatch(/job_queue_depth\{queue="outbox"\} \d+/);
    expect(res.text).toMatch(/mail_sends_total\{result="sent"\} [1-9]/);
    // The pool's gauges on MySQL/MariaDB (SQLite has no pool).
    if (t.config.databaseUrl) expect(res.text).toMatch(/^db_pool_connections\{state="open"\} [1-9]/m);
    else expect(res.text).not.toMatch(/^db_pool_connections\{/m);
    expect(res.text).toMatch(/db_query_duration_seconds_count\{statement="select",success="true"\} [1-9]/);
    // The scrape itself is counted under its own route.
    expect(labelValues((await t.api("GET", "/metrics")).text, "http_requests_total", "route").has("/metrics")).toBe(true);
  });

  test("10,000 random paths add no series: the route label takes a bounded set of values", async () => {
    const random = () => randomBytes(6).toString("hex");
    const shapes = [
      () => `/api/${random()}`,
      () => `/api/articles/${random()}/${random()}`,
      () => `/api/trpc/${random()}.${random()}`,
      () => `/api/trpc/articles.cards,${random()}`,
      () => `/assets/${random()}.js`,
      () => `/media/${random()}.png`,
      () => `/api/articles/${Math.floor(Math.random() * 1e9)}?${random()}=1`,
      () => `/api/articles/slug/${random()}`,
      () => `/${random()}/${random()}`,
      () => `/article/${random()}`,
    ];
    const paths = Array.from({ length: 10_000 }, (_, i) => shapes[i % shapes.length]());
    // The labeler on all 10,000 (what every answer goes through) …
    const label = createRouteLabeler({ restPaths: Object.keys(openApiDocument(t.services).paths ?? {}), procedures: Object.keys(appRouter._def.procedures), pagePattern: (p) => (p.startsWith("/article/") ? "/article/:slug" : "*") });
    const labels = new Set(paths.map((p) => label({ originalUrl: p } as Request, { locals: {} } as Response)));
    expect([...labels].sort()).toEqual(["(unmatched)", "/api/(unknown)", "/api/articles/slug/{slug}", "/api/articles/{id}", "/api/trpc/(unknown)", "/article/:slug", "/assets/*", "/media/*"]);
    // … and 500 of them over HTTP: the scrape gains a handful of route values at most, none carrying the random part.
    const before = labelValues((await t.api("GET", "/metrics")).text, "http_requests_total", "route");
    let next = 0;
    const statuses = new Set<number>();
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (next < 500) {
          const res = await fetch(t.baseUrl + paths[next++ * 20]);
          statuses.add(res.status);
          await res.arrayBuffer();
        }
      }),
    );
    expect([...statuses].every((s) => s < 500)).toBe(true);
    const after = labelValues((await t.api("GET", "/metrics")).text, "http_requests_total", "route");
    const added = [...after].filter((r) => !before.has(r));
    expect(added.length).toBeLessThanOrEqual(labels.size);
    expect(added.every((r) => labels.has(r))).toBe(true);
  });

  test("only with the token or from loopback without a proxy; X-Forwarded-For cannot fake loopback", async () => {
    expect((await t.api("GET", "/metrics", { headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(200);
    const wrong = await t.api("GET", "/metrics", { headers: { authorization: "Bearer not-the-token-at-all" } });
    expect([wrong.status, wrong.headers.get("www-authenticate")]).toEqual([401, 'Bearer realm="metrics"']);
    expect(wrong.text).not.toMatch(/http_requests_total/);
    // Through a proxy on this machine (TRUST_PROXY=loopback): the client is elsewhere, whatever the header claims.
    for (const xff of ["127.0.0.1", "203.0.113.9"]) expect((await t.api("GET", "/metrics", { headers: { "x-forwarded-for": xff } })).status).toBe(401);
    expect((await t.api("GET", "/metrics", { headers: { "x-forwarded-for": "203.0.113.9", authorization: `Bearer ${TOKEN}` } })).status).toBe(200);
    // A client on another address: refused without the token, admitted with it.
    const remote = (headers: Record<string, string>) => ({ headers, socket: { remoteAddress: "192.0.2.10" } }) as unknown as Request;
    expect(mayReadMetrics(remote({}), TOKEN)).toBe(false);
    expect(mayReadMetrics(remote({}), undefined)).toBe(false);
    expect(mayReadMetrics(remote({ authorization: `Bearer ${TOKEN}` }), TOKEN)).toBe(true);
    expect(mayReadMetrics(remote({ authorization: `Bearer ${TOKEN}x` }), TOKEN)).toBe(false);
    expect(mayReadMetrics(remote({ authorization: `Bearer ${TOKEN}` }), undefined)).toBe(false);
  });
});

test("without METRICS_TOKEN a request through a proxy is refused with 403", async () => {
  const t = await createTestApp({ TRUST_PROXY: "1" });
  try {
    expect((await t.api("GET", "/metrics", { headers: { "x-forwarded-for": "127.0.0.1" } })).status).toBe(403);
    expect((await t.api("GET", "/metrics")).status).toBe(200);
  } finally {
    await t.close();
  }
});
