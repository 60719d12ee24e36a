// GET /metrics (Prometheus text format) and the request metrics. Answered only with `Authorization: Bearer
// METRICS_TOKEN` (compared in constant time) or to a client on this machine's loopback that came through no proxy:
// the socket's own address is checked, never req.ip, and any forwarding header refuses the loopback path, so a
// reverse proxy on the same host cannot open it to the world and no X-Forwarded-For can fake it. Never cached.
import { createHash, timingSafeEqual } from "node:crypto";
import type { Express, Request, Response } from "express";
import client from "prom-client";
import type { DatabaseStatus } from "../repositories/databaseStatus.js";
import type { Services } from "../services/index.js";
import { metrics, registry, statementKind } from "../services/metrics.js";
import { createRouteLabeler, type RouteLabelSources } from "./routeLabel.js";

const LOOPBACK = new Set(["127.0.0.1", "::1", "::ffff:127.0.0.1"]);
const FORWARDING_HEADERS = ["x-forwarded-for", "forwarded", "x-real-ip", "x-forwarded-host"];

const digest = (value: string) => createHash("sha256").update(value).digest();

/** Whether a request may read the metrics: the bearer token, or loopback without any proxy in between. */
export function mayReadMetrics(req: Request, token: string | undefined): boolean {
  const auth = req.headers.authorization;
  if (token && typeof auth === "string" && /^Bearer /i.test(auth)) return timingSafeEqual(digest(auth.slice(7).trim()), digest(token));
  const forwarded = FORWARDING_HEADERS.some((h) => req.headers[h] !== undefined);
  return !forwarded && LOOPBACK.has(req.socket.remoteAddress ?? "");
}

const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

/**
 * Counts an answer by method, route pattern and status (src/http/requestWatch.ts calls it once the answer is sent). The
 * label objects of each method, route and status are built once and reused: a cache hit allocates none.
 */
export function requestCounter(sources: RouteLabelSources) {
  const label = createRouteLabeler(sources);
  const series = new Map<string, { counted: { method: string; route: string; status: string }; timed: { method: string; route: string; status_class: string } }>();
  const seriesOf = (method: string, route: string, status: number) => {
    const key = `${status} ${method} ${route}`;
    let labels = series.get(key);
    if (!labels) {
      labels = { counted: { method, route, status: String(status) }, timed: { method, route, status_class: `${Math.floor(status / 100)}xx` } };
      // Bounded as the series themselves are (routes are patterns); the guard only keeps a bug from growing it.
      if (series.size < 10_000) series.set(key, labels);
    }
    return labels;
  };
  return (req: Request, res: Response, seconds: number) => {
    // Runs outside any request's error handling: whatever goes wrong in counting must not take the process down.
    try {
      const labels = seriesOf(METHODS.has(req.method) ? req.method : "OTHER", label(req, res), res.statusCode);
      metrics.httpRequests.inc(labels.counted);
      metrics.httpDuration.observe(labels.timed, seconds);
    } catch {
      metrics.httpRequests.inc({ method: "OTHER", route: "(unlabelled)", status: String(res.statusCode) });
    }
  };
}

/** Gauges read from this app's services at scrape time: render queue, database pool, job queues, Redis. */
function instanceRegistry(services: Services, renderQueue: () => Record<"path" | "query", { active: number; waiting: number }> | undefined) {
  const own = new client.Registry();
  new client.Gauge({
    name: "page_cache_renders",
    help: "Page-cache renders running (active) and queued for a slot (waiting), by pool (path: articles and fronts; query: searches and filters)",
    labelNames: ["pool", "state"] as const,
    registers: [own],
    collect() {
      const queue = renderQueue();
      if (!queue) return;
      for (const pool of ["path", "query"] as const) {
        this.set({ pool, state: "active" }, queue[pool].active);
        this.set({ pool, state: "waiting" }, queue[pool].waiting);
      }
    },
  });
  new client.Gauge({
    name: "db_pool_connections",
    help: "MySQL/MariaDB pool connections: open, idle, and requests waiting for one (absent on SQLite)",
    labelNames: ["state"] as const,
    registers: [own],
    collect() {
      const pool = services.repos.database.poolConnections();
      if (!pool) return;
      this.set({ state: "open" }, pool.open);
      this.set({ state: "idle" }, pool.idle);
      this.set({ state: "waiting" }, pool.waiting);
    },
  });
  new client.Gauge({
    name: "database_up",
    help: "1 while the database answers, 0 during an outage",
    registers: [own],
    collect() {
      this.set(services.dbHealth.isDown ? 0 : 1);
    },
  });
  new client.Gauge({
    name: "redis_up",
    help: "1 while Redis is connected, 0 while the app runs without it (absent when REDIS_URL is unset)",
    registers: [own],
    collect() {
      if (services.cache.redisState) this.set(services.cache.redisState() === "up" ? 1 : 0);
    },
  });
  const depth = new client.Gauge({ name: "job_queue_depth", help: "Jobs waiting or running, by queue (newsletter deliveries, webhook deliveries, imports, outbox changes)", labelNames: ["queue"] as const, registers: [own] });
  const failed = new client.Gauge({ name: "job_queue_failed", help: "Jobs kept in the failed state, by queue", labelNames: ["queue"] as const, registers: [own] });
  // One query per scrape for both gauges; skipped while the database is down (the gauges keep their last value).
  const readQueues = async () => {
    if (services.dbHealth.isDown) return;
    const rows = await services.repos.database.queueDepths().catch(() => []);
    for (const row of rows) {
      depth.set({ queue: row.queue }, row.pending);
      failed.set({ queue: row.queue }, row.failed);
    }
  };
  return { own, readQueues };
}

/** Times every database query. */
export function timeQueries(database: Pick<DatabaseStatus, "observeQueries">) {
  database.observeQueries((query, success, executionMs) => {
    if (executionMs !== undefined) metrics.dbQueryDuration.observe({ statement: statementKind(query), success: String(success) }, executionMs / 1000);
    else if (!success) metrics.dbQueryDuration.observe({ statement: statementKind(query), success: "false" }, 0);
  });
}

export function installMetrics(app: Express, services: Services, renderQueue: () => Record<"path" | "query", { active: number; waiting: number }> | undefined) {
  const { own, readQueues } = instanceRegistry(services, renderQueue);
  app.get("/metrics", async (req, res) => {
    res.setHeader("Cache-Control", "no-store");
    res.locals.routeLabel = "/metrics";
    if (!mayReadMetrics(req, services.config.metricsToken)) {
      if (services.config.metricsToken) res.setHeader("WWW-Authenticate", 'Bearer realm="metrics"');
      res.status(services.config.metricsToken ? 401 : 403).type("text/plain").send("Metrics need METRICS_TOKEN as a Bearer token, or a request from this machine's loopback.\n");
      return;
    }
    await readQueues();
    res.type(registry.contentType).send((await registry.metrics()) + (await own.metrics()));
  });
}
