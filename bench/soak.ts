// The soak, `npm run soak`: starts the product with `npm start` (production build, sample content on a temporary
// embedded database, or DATABASE_URL / REDIS_URL when set) and drives a mixed load for SOAK_MINUTES (30): readers
// (pages, feeds, searches, API lists, beacons, comments, sign-ups), an editor (drafts, publishing, edits, deletions:
// cache invalidations all along) and a partner (API key reads), SOAK_RATE (20) requests per second from
// SOAK_CONCURRENCY (8) clients. Every SOAK_SAMPLE_SECONDS it reads the server's
// own /metrics (memory, event-loop lag). Fails when, after the warm-up (SOAK_WARMUP_MINUTES, default a fifth of the
// run, at most 5), resident memory grows more than 10 %, when any answer is ≥ 500 (or a request fails), or when the
// event-loop lag p99 over the run after the warm-up exceeds 100 ms. Ends with SIGTERM and reports how long the drain took.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort, logTail, startChild, startEnv, startNodeFlags, stopChild, waitUntilAnswering } from "./processes.js";

const root = path.resolve(import.meta.dirname, "..");
const setting = (name: string, fallback: number) => (process.env[name] ? Number(process.env[name]) : fallback);
const MINUTES = setting("SOAK_MINUTES", 30);
const WARMUP_MINUTES = setting("SOAK_WARMUP_MINUTES", Math.min(5, MINUTES / 5));
const CONCURRENCY = setting("SOAK_CONCURRENCY", 8);
/** Requests per second the clients aim at together: a steady site's traffic, not the server's ceiling (a saturated
 *  single-threaded server queues every callback, so its event-loop lag then measures the overload, not a leak). */
const RATE = setting("SOAK_RATE", 20);
const SAMPLE_SECONDS = setting("SOAK_SAMPLE_SECONDS", 15);
const MAX_GROWTH = 0.1;
const MAX_LAG_P99_S = 0.1;
const PASSWORD = "soak-password-soak-password";
const WORDS = ["drone", "navy", "missile", "budget", "army", "radar", "tank", "cyber", "NATO", "frigate"];

const log = (line: string) => process.stdout.write(`${line}\n`);
const pick = <T>(items: readonly T[]) => items[Math.floor(Math.random() * items.length)];
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

interface Sample {
  at: number;
  rss: number;
  heap: number;
  lagP99: number;
  lagMax: number;
  requests: number;
  /** The server's CPU seconds so far, and the machine's 1-minute load average. */
  cpu: number;
  load: number;
  /** The server's cumulative event-loop lag histogram: upper bound (s) → count. */
  lag: Map<number, number>;
}

function buckets(text: string, name: string): Map<number, number> {
  const counts = new Map<number, number>();
  for (const match of text.matchAll(new RegExp(`^${name}_bucket\\{le="([^"]+)"\\} ([0-9.e+-]+)$`, "gm"))) counts.set(match[1] === "+Inf" ? Infinity : Number(match[1]), Number(match[2]));
  return counts;
}

/** A quantile of the observations between two scrapes of a cumulative histogram, interpolated within its bucket as Prometheus does. */
function quantileBetween(from: Map<number, number>, to: Map<number, number>, q: number): number {
  const bounds = [...to.keys()].sort((a, b) => a - b);
  const count = (le: number) => (to.get(le) ?? 0) - (from.get(le) ?? 0);
  const total = count(Infinity);
  if (!total) return 0;
  const rank = q * total;
  let lower = 0;
  for (const le of bounds) {
    if (count(le) >= rank) {
      if (le === Infinity) return lower;
      const below = lower === 0 ? 0 : count(lower);
      return lower + ((le - lower) * (rank - below)) / Math.max(1, count(le) - below);
    }
    lower = le;
  }
  return lower;
}

function gauge(text: string, name: string): number {
  const match = new RegExp(`^${name}(?:\\{[^}]*\\})? ([0-9.e+-]+)$`, "m").exec(text);
  return match ? Number(match[1]) : NaN;
}

/**
 * A control for the lag figure: a bare Node process that only runs the same 20 ms timer. On a shared machine its lag
 * is the machine's (other processes taking the cores); the server's lag above it is the server's own.
 */
function startLagControl() {
  const script = `const lags = []; let expected = performance.now() + 20; let recording = false;
setInterval(() => { const now = performance.now(); if (recording) lags.push(now - expected); expected = now + 20; }, 20);
process.on("message", (m) => {
  if (m === "start") { recording = true; lags.length = 0; }
  if (m === "stop") { lags.sort((a, b) => a - b); process.send({ p99: (lags[Math.floor(lags.length * 0.99)] ?? 0) / 1000 }, () => process.exit(0)); }
});`;
  const control = spawn(process.execPath, ["-e", script], { stdio: ["ignore", "ignore", "inherit", "ipc"] });
  return {
    start: () => control.send("start"),
    stop: () =>
      new Promise<number>((resolve) => {
        control.once("message", (m: { p99: number }) => resolve(m.p99));
        control.send("stop");
      }),
    kill: () => control.kill(),
  };
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "ds-soak-"));
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const big = "1000000000";
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(port),
    DATA_DIR: dataDir,
    SEED: process.env.DATABASE_URL ? "true" : "",
    ADMIN_PASSWORD: PASSWORD,
    RATE_LIMIT_LOGIN: big,
    RATE_LIMIT_COMMENTS: big,
    RATE_LIMIT_NEWSLETTER: big,
    API_KEY_RATE_LIMIT: big,
    LOG_LEVEL: "warn",
    SITE_URL: "",
    TICKER_FEEDS: "",
    MARKET_DATA_API_KEY: "",
    SMTP_URL: "",
  };
  log(`Soak: ${MINUTES} min (warm-up ${WARMUP_MINUTES} min), ${RATE} req/s from ${CONCURRENCY} clients, a sample every ${SAMPLE_SECONDS} s; server log in ${dataDir}/server.log`);
  // `npm start`'s own command (package.json), run directly so that SIGTERM reaches the server and its exit code is seen.
  // SOAK_NODE_FLAGS: extra flags for the server's node, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` to see where its time goes.
  const start = [...(process.env.SOAK_NODE_FLAGS ?? "").split(" ").filter(Boolean), ...startNodeFlags(root), "scripts/start.mjs"];
  const child = startChild("the product (npm start)", process.execPath, start, { ...env, ...startEnv(root) }, path.join(dataDir, "server.log"), root);
  const failures: string[] = [];
  let failureCount = 0;
  const samples: Sample[] = [];
  let requests = 0;
  let stopped = false;
  const control = startLagControl();
  try {
    await waitUntilAnswering(child, `${origin}/api/articles?limit=1`, performance.now(), 15 * 60_000);
    const call = async (method: string, pathname: string, options: { body?: unknown; headers?: Record<string, string> } = {}) => {
      const headers: Record<string, string> = { "accept-encoding": "gzip", ...options.headers };
      if (options.body !== undefined) headers["content-type"] = "application/json";
      try {
        const res = await fetch(origin + pathname, { method, headers, body: options.body === undefined ? undefined : JSON.stringify(options.body), signal: AbortSignal.timeout(30_000) });
        const text = await res.text();
        requests++;
        if (res.status >= 500 && !stopped) {
          failureCount++;
          if (failures.length < 10) failures.push(`${method} ${pathname}: ${res.status} ${text.slice(0, 200)}`);
        }
        return { status: res.status, text, headers: res.headers };
      } catch (error) {
        if (!stopped) {
          failureCount++;
          if (failures.length < 10) failures.push(`${method} ${pathname}: ${(error as Error).message}`);
        }
        return { status: 0, text: "", headers: new Headers() };
      }
    };
    const json = (text: string) => {
      try {
        return JSON.parse(text);
      } catch {
        return undefined;
      }
    };

    // The editor's session and the partner's key.
    const login = await fetch(`${origin}/api/admin/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ password: PASSWORD }) });
    const cookie = login.headers.get("set-cookie")?.split(";")[0] ?? "";
    const keyAnswer = json((await call("POST", "/api/admin/api-keys", { headers: { cookie }, body: { label: "soak partner", scopes: ["content:read"] } })).text);
    const partner = { authorization: `Bearer ${keyAnswer?.key}` };
    const seeded = (json((await call("GET", "/api/articles?limit=100")).text) ?? []) as Array<{ id: number; slug: string; category: string }>;
    if (!seeded.length || !cookie || !keyAnswer?.key) throw new Error("setup failed: no articles, no session or no partner key");
    const editorIds: number[] = [];
    let edits = 0;

    const reader = async () => {
      const article = pick(seeded);
      const roll = Math.random();
      if (roll < 0.15) return call("GET", "/");
      if (roll < 0.4) return call("GET", `/article/${article.slug}${Math.random() < 0.1 ? "?utm_source=newsletter" : ""}`);
      if (roll < 0.5) return call("GET", `/category/${article.category}`);
      if (roll < 0.57) return call("GET", `/search?q=${encodeURIComponent(pick(WORDS))}`);
      if (roll < 0.65) return call("GET", `/api/article-cards?category=${article.category}`);
      if (roll < 0.7) return call("GET", pick(["/rss.xml", "/sitemap.xml", "/news-sitemap.xml", `/category/${article.category}/rss.xml`]));
      if (roll < 0.85) return call("POST", "/api/events", { body: { type: "pageview", path: `/article/${article.slug}`, articleId: article.id, referrer: "https://www.google.com/" } });
      if (roll < 0.93) return call("GET", `/api/articles/${article.id}/comments`);
      if (roll < 0.97) return call("POST", `/api/articles/${article.id}/comments`, { body: { name: "Soak reader", email: "soak@example.com", content: `A comment at ${new Date().toISOString()}` } });
      if (roll < 0.985) return call("POST", "/api/newsletter/subscribe", { body: { email: `soak${Math.floor(Math.random() * 1e6)}@example.com` } });
      return call("GET", `/missing-${Math.floor(Math.random() * 1e6)}`);
    };
    const editor = async () => {
      const roll = Math.random();
      if (roll < 0.3 || editorIds.length < 3) {
        const created = json((await call("POST", "/api/articles", { headers: { cookie }, body: { title: `Soak story ${Date.now()}`, excerpt: "Written by the soak.", content: `# Soak\n\n${"Paragraph of a soak story. ".repeat(40)}`, category: pick(seeded).category, status: Math.random() < 0.5 ? "published" : "draft" } })).text);
        if (created?.id) editorIds.push(created.id);
        return;
      }
      if (roll < 0.8) {
        edits++;
        return call("PUT", `/api/articles/${pick(editorIds)}`, { headers: { cookie }, body: { title: `Soak story, edit ${edits}`, status: "published" } });
      }
      // Deletions keep the editor's stories to a few dozen: the database grows no more than a real newsroom's.
      if (editorIds.length > 30) return call("DELETE", `/api/articles/${editorIds.shift()}`, { headers: { cookie } });
      return call("GET", `/api/articles/${pick(editorIds)}?admin=true`, { headers: { cookie } });
    };
    const partnerCall = async () => {
      const article = pick(seeded);
      const roll = Math.random();
      if (roll < 0.5) return call("GET", "/api/articles?limit=20", { headers: partner });
      if (roll < 0.8) return call("GET", `/api/articles/${article.id}`, { headers: partner });
      return call("GET", `/api/articles?q=${encodeURIComponent(pick(WORDS))}&limit=10`, { headers: partner });
    };

    const started = Date.now();
    const endAt = started + MINUTES * 60_000;
    const warmEnd = started + WARMUP_MINUTES * 60_000;
    const spacing = (CONCURRENCY / RATE) * 1000;
    const worker = async (index: number) => {
      await new Promise((resolve) => setTimeout(resolve, (index * spacing) / CONCURRENCY));
      while (Date.now() < endAt) {
        const began = Date.now();
        const roll = Math.random();
        await (roll < 0.8 ? reader() : roll < 0.83 ? editor() : partnerCall());
        await new Promise((resolve) => setTimeout(resolve, Math.max(0, spacing - (Date.now() - began))));
      }
    };
    let lastRequests = 0;
    const sample = async () => {
      const text = (await call("GET", "/metrics")).text;
      const s = { at: Date.now(), rss: gauge(text, "process_resident_memory_bytes"), heap: gauge(text, "nodejs_heap_size_used_bytes"), lagP99: gauge(text, "nodejs_eventloop_lag_p99_seconds"), lagMax: gauge(text, "nodejs_eventloop_lag_max_seconds"), requests: requests - lastRequests, cpu: gauge(text, "process_cpu_seconds_total"), load: os.loadavg()[0], lag: buckets(text, "app_eventloop_lag_seconds") };
      lastRequests = requests;
      if (s.at >= warmEnd && !samples.some((earlier) => earlier.at >= warmEnd)) control.start();
      samples.push(s);
      const minute = ((s.at - started) / 60_000).toFixed(1);
      log(`  ${minute.padStart(5)} min  rss ${mb(s.rss)}  heap ${mb(s.heap)}  lag p99 ${(s.lagP99 * 1000).toFixed(1)} ms  ${(s.requests / SAMPLE_SECONDS).toFixed(0)} req/s  cpu ${samples.length > 1 ? (((s.cpu - samples[samples.length - 2].cpu) / SAMPLE_SECONDS) * 100).toFixed(0) : "-"} %  load ${s.load.toFixed(1)}  ${failureCount} failed${s.at < warmEnd ? "  (warm-up)" : ""}`);
    };
    await sample();
    const sampler = setInterval(() => void sample(), SAMPLE_SECONDS * 1000);
    await Promise.all(Array.from({ length: CONCURRENCY }, (_, i) => worker(i)));
    clearInterval(sampler);
    await sample();
    stopped = true;
    const controlLagP99 = await control.stop();

    const signalled = performance.now();
    await stopChild(child);
    const drainMs = performance.now() - signalled;

    // The verdict, over the samples after the warm-up.
    const steady = samples.filter((s) => s.at >= warmEnd);
    const first = steady.slice(0, 3);
    const last = steady.slice(-3);
    const growth = (key: "rss" | "heap") => median(last.map((s) => s[key])) / median(first.map((s) => s[key])) - 1;
    const lagWorst = Math.max(...steady.map((s) => s.lagP99));
    const lagMedian = median(steady.map((s) => s.lagP99));
    const lagP99 = quantileBetween(steady[0].lag, steady.at(-1)!.lag, 0.99);
    const seconds = (Date.now() - started) / 1000;
    const problems = [
      steady.length < 4 ? `too few samples after the warm-up (${steady.length}): run longer or sample more often` : "",
      growth("rss") > MAX_GROWTH ? `resident memory grew ${(growth("rss") * 100).toFixed(1)} % after the warm-up (at most 10 %)` : "",
      failureCount ? `${failureCount} answers ≥ 500 or failed requests:\n    ${failures.join("\n    ")}` : "",
      lagP99 > MAX_LAG_P99_S ? `event-loop lag p99 after the warm-up was ${(lagP99 * 1000).toFixed(1)} ms (at most 100 ms)` : "",
    ].filter(Boolean);
    log("");
    log(`| figure | value |`);
    log(`|---|---|`);
    log(`| duration, load | ${(seconds / 60).toFixed(1)} min (warm-up ${WARMUP_MINUTES} min), ${RATE} req/s aimed from ${CONCURRENCY} clients |`);
    log(`| requests (readers 80 %, editor 3 %, partner 17 %) | ${requests.toLocaleString("en")} (${(requests / seconds).toFixed(0)} req/s) |`);
    log(`| answers ≥ 500 or failed | ${failureCount} |`);
    log(`| resident memory after warm-up → end | ${mb(median(first.map((s) => s.rss)))} → ${mb(median(last.map((s) => s.rss)))} (${(growth("rss") * 100).toFixed(1)} %) |`);
    log(`| heap used after warm-up → end | ${mb(median(first.map((s) => s.heap)))} → ${mb(median(last.map((s) => s.heap)))} (${(growth("heap") * 100).toFixed(1)} %) |`);
    log(`| event-loop lag p99 after warm-up (the verdict; app_eventloop_lag_seconds) | ${(lagP99 * 1000).toFixed(1)} ms |`);
    log(`| the same timer's lag p99 in a bare Node process beside it (the machine's share) | ${(controlLagP99 * 1000).toFixed(1)} ms |`);
    log(`| event-loop lag p99 per ${SAMPLE_SECONDS} s window (nodejs_eventloop_lag_p99_seconds): median, worst | ${(lagMedian * 1000).toFixed(1)} ms, ${(lagWorst * 1000).toFixed(1)} ms |`);
    const cpuShare = (steady.at(-1)!.cpu - steady[0].cpu) / ((steady.at(-1)!.at - steady[0].at) / 1000);
    log(`| server CPU after warm-up; machine load average (${os.cpus().length} cores) | ${(cpuShare * 100).toFixed(0)} % of a core; ${median(steady.map((s) => s.load)).toFixed(1)} (median) |`);
    log(`| SIGTERM to exit | ${(drainMs / 1000).toFixed(2)} s (exit code ${child.process.exitCode}) |`);
    log("");
    if (problems.length) {
      log(`SOAK FAILED:\n  ${problems.join("\n  ")}`);
      process.exitCode = 1;
    } else log("Soak passed.");
  } catch (error) {
    log(`Soak failed to run: ${(error as Error).message}\n${logTail(child)}`);
    process.exitCode = 1;
  } finally {
    stopped = true;
    control.kill();
    await stopChild(child);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
