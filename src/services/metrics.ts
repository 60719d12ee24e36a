// Prometheus series (prom-client). Two registries: the process-wide one below holds counters and histograms that
// any module feeds (`import { metrics } from "../services/metrics.js"; metrics.mailSends.inc({ result: "sent" })`),
// plus Node's default metrics; each app instance adds gauges read at scrape time from its own services
// (src/http/metricsRoute.ts). Every label takes a bounded set of values: routes are matched patterns, never URLs.
import client from "prom-client";

export const registry = new client.Registry();
client.collectDefaultMetrics({ register: registry });

const SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const QUERY_SECONDS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1, 5];

export const metrics = {
  httpRequests: new client.Counter({ name: "http_requests_total", help: "HTTP requests answered, by method, matched route pattern and status code", labelNames: ["method", "route", "status"] as const, registers: [registry] }),
  httpDuration: new client.Histogram({ name: "http_request_duration_seconds", help: "Time to answer an HTTP request, by method, matched route pattern and status class (2xx, 4xx, …)", labelNames: ["method", "route", "status_class"] as const, buckets: SECONDS, registers: [registry] }),
  pageCache: new client.Counter({ name: "page_cache_requests_total", help: "Page-cache answers: hit, stale (served while refreshing), miss (rendered and stored), stale_error (last good copy after a failed render), bypass (not storable), own (a session's own render)", labelNames: ["result"] as const, registers: [registry] }),
  dbQueryDuration: new client.Histogram({ name: "db_query_duration_seconds", help: "Database query time, by statement kind and outcome", labelNames: ["statement", "success"] as const, buckets: QUERY_SECONDS, registers: [registry] }),
  jobFailures: new client.Counter({ name: "job_failures_total", help: "Background job steps that failed in this process, by queue (newsletter, webhooks, import, outbox, push, paywall-fill)", labelNames: ["queue"] as const, registers: [registry] }),
  mailSends: new client.Counter({ name: "mail_sends_total", help: "Mails handed to the transport (SMTP or the outbox folder), by result", labelNames: ["result"] as const, registers: [registry] }),
  /** Web-push sends, by result (`delivered`, `failed`, `gone`, `retried`): fed by the push sender. */
  pushSends: new client.Counter({ name: "push_sends_total", help: "Web-push messages sent, by result (delivered, failed, gone: the subscription was removed, retried: a temporary failure tried again later)", labelNames: ["result"] as const, registers: [registry] }),
  /** Server-sent event streams open now (live blogs): `inc()` when one opens, `dec()` when it closes. */
  sseStreams: new client.Gauge({ name: "sse_streams_open", help: "Server-sent event streams open now (live blogs)", registers: [registry] }),
  /** Events written to SSE streams (one per event per stream). */
  sseEvents: new client.Counter({ name: "sse_events_sent_total", help: "Events written to server-sent event streams", registers: [registry] }),
  redisFallbacks: new client.Counter({ name: "redis_fallbacks_total", help: "Operations answered without Redis (memory page cache, insurance rate limiter) while it was unreachable, by kind", labelNames: ["kind"] as const, registers: [registry] }),
  shutdowns: new client.Counter({ name: "process_shutdowns_total", help: "Graceful shutdowns begun (SIGTERM/SIGINT)", registers: [registry] }),
};

/**
 * Event-loop lag as a cumulative histogram (prom-client's default lag gauges are percentiles of the last scrape
 * interval, which cannot be combined over a longer range): a timer every 20 ms records how late it fired, so
 * `histogram_quantile(0.99, rate(app_eventloop_lag_seconds_bucket[30m]))` is the p99 over any range.
 */
const LAG_INTERVAL_MS = 20;
const eventLoopLag = new client.Histogram({ name: "app_eventloop_lag_seconds", help: "How late a 20 ms timer fired: event-loop lag, cumulative", buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.075, 0.1, 0.15, 0.25, 0.5, 1, 2.5], registers: [registry] });
let expectedAt = performance.now() + LAG_INTERVAL_MS;
setInterval(() => {
  const now = performance.now();
  eventLoopLag.observe(Math.max(0, now - expectedAt) / 1000);
  expectedAt = now + LAG_INTERVAL_MS;
}, LAG_INTERVAL_MS).unref();

/** The statement kind of an SQL text (bounded label): select, insert, update, delete, or other. */
export function statementKind(sql: string): string {
  const verb = /^\s*\(?\s*([a-z]+)/i.exec(sql)?.[1]?.toLowerCase();
  return verb === "select" || verb === "insert" || verb === "update" || verb === "delete" ? verb : "other";
}

export const contentType = registry.contentType;
