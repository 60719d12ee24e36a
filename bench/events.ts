// Benchmark of audience recording and the analytics read path on the embedded database:
//  1. 1,000,000 page-view events written through the recording service (batched, not over HTTP);
//  2. the beacon endpoint POST /api/events over HTTP for 10 s at 32 connections;
//  3. the time of every analytics endpoint afterwards (aim: each under 100 ms).
// Usage: npm run bench:events  (EVENTS=200000 DURATION=5 to shorten)
import "reflect-metadata";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { AddressInfo } from "node:net";
import { Worker } from "node:worker_threads";
import { createDataSource } from "../src/dataSource.js";
import { createApp } from "../src/app.js";
import { parseConfig } from "../src/config.js";
import { seedIfEmpty } from "../src/seed/seed.js";
import { SESSION_COOKIE } from "../src/services/auth.js";
import { createServices } from "../src/services/index.js";
import { seededRandom } from "./random.js";

const EVENTS = Number(process.env.EVENTS ?? 1_000_000);
const DURATION_S = Number(process.env.DURATION ?? 10);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 32);
const CHUNK = 20_000;
const DAY = 86_400_000;
const UA = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36";
const REFERRERS = [undefined, undefined, undefined, "https://www.google.com/", "https://www.bing.com/", "https://duckduckgo.com/", "https://t.co/x", "https://www.facebook.com/", "https://news.example.org/a"];

const fmt = (n: number) => Math.round(n).toLocaleString("en-US");
const log = (s: string) => console.log(s);

export async function benchEvents() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "ds-bench-"));
  const config = parseConfig({ ...process.env, NODE_ENV: "production", DATA_DIR: dataDir, SEED: "true", ADMIN_PASSWORD: "bench-password", DATABASE_URL: "" });
  const ds = createDataSource(config);
  await ds.initialize();
  await ds.runMigrations({ transaction: "each" });
  const services = createServices(ds, config);
  await services.auth.ensurePassword(() => undefined);
  await seedIfEmpty(services);
  const articles: { id: number; slug: string }[] = await ds.query("SELECT id, slug FROM article WHERE status = 'published'");
  log(`Embedded SQLite in ${dataDir}; ${articles.length} published articles.`);

  // 1. One million page views over the last 30 days, through the recording service in batches.
  const audience = services.audience;
  const now = Date.now();
  const { random } = seededRandom(42);
  // About 11,000 readers a day, each reading about three pages.
  const readersPerDay = Math.max(100, Math.round(EVENTS / 30 / 3));
  const started = performance.now();
  for (let written = 0; written < EVENTS; ) {
    const n = Math.min(CHUNK, EVENTS - written);
    const rows = [];
    for (let i = 0; i < n; i++) {
      // Popular articles get more views (a skewed pick), home and category pages some.
      const r = random();
      const article = articles[Math.floor(random() ** 2 * articles.length)];
      const onArticle = r < 0.8;
      const at = new Date(now - Math.floor(random() * 30 * DAY));
      const reader = Math.floor(random() * readersPerDay);
      const visitor = { address: `10.${reader >> 16}.${(reader >> 8) & 255}.${reader & 255}`, userAgent: UA };
      rows.push(
        await audience.buildRow(
          { type: "pageview", path: onArticle ? `/article/${article.slug}` : r < 0.9 ? "/" : "/category/sea", articleId: onArticle ? article.id : undefined, referrer: REFERRERS[Math.floor(random() * REFERRERS.length)] },
          visitor,
          at,
        ),
      );
    }
    audience.enqueue(rows);
    await audience.flush();
    written += n;
  }
  // Fold the write-ahead log into the database now, as part of the write cost, rather than during the HTTP phase.
  await ds.query("PRAGMA wal_checkpoint(TRUNCATE)");
  const writeSeconds = (performance.now() - started) / 1000;
  const [{ n: stored }] = await ds.query("SELECT COUNT(*) n FROM audience_event");
  const [{ n: pageDays }] = await ds.query("SELECT COUNT(*) n FROM audience_page_day");
  const [{ n: visitorDays }] = await ds.query("SELECT COUNT(*) n FROM audience_visitor_day");
  log(`\n1. Recording service: ${fmt(EVENTS)} page views in ${writeSeconds.toFixed(1)} s = ${fmt(EVENTS / writeSeconds)} events/s`);
  log(`   stored: ${fmt(Number(stored))} raw events, ${fmt(Number(pageDays))} page-day roll-up rows, ${fmt(Number(visitorDays))} visitor-days`);

  // 2. The beacon endpoint over HTTP: a load loop in a worker thread so client and server use separate event loops.
  const app = await createApp(services);
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  services.siteProbe.origin = origin;
  audience.rateLimit = Number.MAX_SAFE_INTEGER; // one client address sends everything here
  const stopFlushing = audience.start();
  const body = JSON.stringify({ type: "pageview", path: `/article/${articles[0].slug}`, articleId: articles[0].id, referrer: "https://www.google.com/" });
  const load = await loadLoop(origin, "POST", "/api/events", body, DURATION_S);
  await audience.flush();
  stopFlushing();
  const [{ n: afterHttp }] = await ds.query("SELECT COUNT(*) n FROM audience_event");
  log(`\n2. POST /api/events over HTTP, ${CONNECTIONS} connections for ${load.seconds.toFixed(1)} s: ${fmt(load.ok / load.seconds)} requests/s (${fmt(load.ok)} answered 200, ${fmt(load.failed)} failed; statuses ${JSON.stringify(load.statuses)})`);
  log(`   events stored from HTTP: ${fmt(Number(afterHttp) - Number(stored))}`);
  const baseline = await loadLoop(origin, "GET", "/api/stocks/defense", "", Math.min(5, DURATION_S));
  log(`   for comparison, the same loop on a trivial read (GET /api/stocks/defense): ${fmt(baseline.ok / baseline.seconds)} requests/s; load average ${os.loadavg().map((l) => l.toFixed(1)).join(" ")} on ${os.cpus().length} cores`);

  // 3. Every analytics endpoint, as the administrator, over HTTP.
  const token = await services.auth.login("bench-password", "bench");
  const cookie = `${SESSION_COOKIE}=${token}`;
  const endpoints = ["/api/admin/revenue-analytics", "/api/admin/seo-analytics", "/api/newsletter/stats", "/api/admin/monetization-insights", "/api/growth/metrics", "/api/revenue/dashboard"];
  log(`\n3. Analytics endpoints over HTTP after ${fmt(Number(afterHttp))} events (first call, then median of 5):`);
  const results: { endpoint: string; firstMs: number; medianMs: number; status: number }[] = [];
  for (const endpoint of endpoints) {
    const times: number[] = [];
    let status = 0;
    for (let i = 0; i < 6; i++) {
      const t0 = performance.now();
      const res = await fetch(origin + endpoint, { headers: { cookie } });
      await res.text();
      times.push(performance.now() - t0);
      status = res.status;
    }
    const warm = times.slice(1).sort((a, b) => a - b);
    results.push({ endpoint, firstMs: times[0], medianMs: warm[2], status });
    log(`   ${endpoint.padEnd(36)} ${String(status)}  first ${times[0].toFixed(1).padStart(7)} ms   median ${warm[2].toFixed(1).padStart(7)} ms${warm[2] < 100 ? "" : "   (over the 100 ms aim)"}`);
  }
  const growth = await (await fetch(origin + "/api/growth/metrics", { headers: { cookie } })).json();
  log(`   e.g. growth.traffic = ${JSON.stringify(growth.traffic)}`);

  await new Promise((resolve) => server.close(resolve));
  await ds.destroy();
  fs.rmSync(dataDir, { recursive: true, force: true });
  return { events: EVENTS, eventsPerSecond: EVENTS / writeSeconds, httpRequestsPerSecond: load.ok / load.seconds, endpoints: results };
}

/** CONNECTIONS keep-alive connections sending requests back to back for `seconds`, from a worker thread (its own event loop). */
function loadLoop(origin: string, method: string, urlPath: string, body: string, seconds: number) {
  return new Promise<{ ok: number; failed: number; statuses: Record<string, number>; seconds: number }>((resolve, reject) => {
    const worker = new Worker(
      `
      const http = require("node:http");
      const { workerData, parentPort } = require("node:worker_threads");
      const { url, method, path, body, ua, seconds, connections } = workerData;
      const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
      const target = new URL(url);
      let ok = 0, failed = 0; const statuses = {};
      const end = Date.now() + seconds * 1000;
      const headers = { "user-agent": ua };
      if (body) { headers["content-type"] = "application/json"; headers["content-length"] = Buffer.byteLength(body); }
      const one = () => new Promise((done) => {
        const req = http.request({ host: target.hostname, port: target.port, path, method, agent, headers }, (res) => {
          res.resume();
          res.on("end", () => { statuses[res.statusCode] = (statuses[res.statusCode] || 0) + 1; if (res.statusCode === 200) ok++; else failed++; done(); });
        });
        req.on("error", () => { failed++; done(); });
        req.end(body || undefined);
      });
      const loop = async () => { while (Date.now() < end) await one(); };
      const t0 = Date.now();
      Promise.all(Array.from({ length: connections }, loop)).then(() => parentPort.postMessage({ ok, failed, statuses, seconds: (Date.now() - t0) / 1000 }));
      `,
      { eval: true, workerData: { url: origin, method, path: urlPath, body, ua: UA, seconds, connections: CONNECTIONS } },
    );
    worker.once("message", (m) => {
      void worker.terminate();
      resolve(m);
    });
    worker.once("error", reject);
  });
}

if (process.argv[1]?.endsWith("bench/events.ts")) {
  await benchEvents();
  process.exit(0);
}
