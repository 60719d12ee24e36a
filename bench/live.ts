// The live-blog benchmark (issue 26): one instance holds LIVE_STREAMS open event streams of one live blog (default
// 5,000); the server's resident memory is read before and after they open; then LIVE_POSTS updates are posted one at a
// time and each one's arrival on every stream is timed (from the POST being sent to the chunk reaching this client).
// `npm run bench` runs it after the reading rows; `tsx bench/live.ts` runs it alone on the sample content (SQLite).
// The client is this one Node process reading every stream: its own event loop is part of the measured delay.
import http from "node:http";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { execFileSync } from "node:child_process";
import { freePort, rssOf, serverProcess, startChild, stopChild, waitUntilAnswering, type Child } from "./processes.js";

const MB = 1024 * 1024;
const STREAMS = Math.floor(Number(process.env.LIVE_STREAMS || 5000));
const POSTS = Math.floor(Number(process.env.LIVE_POSTS || 5));
const OPEN_BATCH = 250;

export interface LiveFigures {
  streams: number;
  openMs: number;
  rssBefore: number;
  rssAfter: number;
  /** Per post: milliseconds until it reached every stream; and every stream's arrival time, across posts. */
  fanoutMax: number[];
  /** Milliseconds the POST of each update took to answer (the write, its event log row and the announcement). */
  postMs: number[];
  p50: number;
  p99: number;
  missed: number;
}

const percentile = (xs: number[], p: number) => (xs.length ? [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((xs.length - 1) * p))] : Infinity);

/** Opens one stream and resolves once its first bytes (the retry hint) arrived. */
function openStream(origin: URL, articleId: number, onPost: () => void): Promise<http.ClientRequest> {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: origin.hostname, port: origin.port, path: `/api/articles/${articleId}/live`, agent: false, headers: { accept: "text/event-stream" } }, (res) => {
      if (res.statusCode !== 200) return reject(new Error(`stream answered ${res.statusCode}`));
      res.setEncoding("utf8");
      let first = true;
      res.on("data", (chunk: string) => {
        if (first) [first] = [false, resolve(req)];
        if (chunk.includes("event: post")) onPost();
      });
      res.on("error", () => undefined);
    });
    req.on("error", reject);
  });
}

/** Runs the measurement against a running product (`pid`: its server process, for its memory). */
export async function measureLive(origin: string, pid: number, adminPassword: string, log: (line: string) => void = console.log): Promise<LiveFigures> {
  const login = await fetch(`${origin}/api/admin/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ password: adminPassword }) });
  const cookie = login.headers.get("set-cookie")?.split(";")[0] ?? "";
  const call = async (method: string, p: string, body: unknown) => {
    const res = await fetch(`${origin}/api${p}`, { method, headers: { cookie, "content-type": "application/json" }, body: JSON.stringify(body) });
    if (res.status >= 300) throw new Error(`${method} ${p} answered ${res.status}: ${await res.text()}`);
    return res.json() as Promise<{ id: number }>;
  };
  const article = await call("POST", "/articles", { title: `Live benchmark ${Date.now()}`, content: "Benchmark live blog.", category: "sea" });
  await call("PUT", `/articles/${article.id}`, { liveStatus: "live" });

  // Per stream, the arrival time of the post being timed (NaN until it arrives).
  const arrivals = new Float64Array(STREAMS).fill(NaN);
  const requests: http.ClientRequest[] = [];
  await new Promise((r) => setTimeout(r, 1000));
  (globalThis as { gc?: () => void }).gc?.();
  const rssBefore = rssOf(pid);
  const openStarted = performance.now();
  for (let i = 0; i < STREAMS; i += OPEN_BATCH) {
    const batch = Array.from({ length: Math.min(OPEN_BATCH, STREAMS - i) }, (_, k) => openStream(new URL(origin), article.id, () => (arrivals[i + k] = performance.now())));
    requests.push(...(await Promise.all(batch)));
  }
  const openMs = performance.now() - openStarted;
  await new Promise((r) => setTimeout(r, 2000));
  const rssAfter = rssOf(pid);
  log(`live: ${STREAMS.toLocaleString("en-US")} streams open in ${(openMs / 1000).toFixed(1)} s; server RSS ${(rssBefore / MB).toFixed(0)} MB before, ${(rssAfter / MB).toFixed(0)} MB with them open`);

  const all: number[] = [];
  const fanoutMax: number[] = [];
  const postMs: number[] = [];
  let missed = 0;
  for (let n = 1; n <= POSTS; n++) {
    arrivals.fill(NaN);
    const sent = performance.now();
    await call("POST", `/articles/${article.id}/live-posts`, { body: `Benchmark update ${n}.` });
    postMs.push(performance.now() - sent);
    const deadline = sent + 10_000;
    while (arrivals.some(Number.isNaN) && performance.now() < deadline) await new Promise((r) => setTimeout(r, 5));
    const delays = Array.from(arrivals, (t) => t - sent).filter((d) => !Number.isNaN(d));
    missed += STREAMS - delays.length;
    all.push(...delays);
    fanoutMax.push(Math.max(...delays));
    log(`live: post ${n} reached ${delays.length.toLocaleString("en-US")} streams, the last after ${Math.max(...delays).toFixed(0)} ms (p50 ${percentile(delays, 0.5).toFixed(0)} ms); its POST answered after ${postMs.at(-1)!.toFixed(0)} ms`);
    await new Promise((r) => setTimeout(r, 500));
  }
  for (const req of requests) req.destroy();
  return { streams: STREAMS, openMs, rssBefore, rssAfter, fanoutMax, postMs, p50: percentile(all, 0.5), p99: percentile(all, 0.99), missed };
}

export function liveRow(f: LiveFigures): string[] {
  const perStream = (f.rssAfter - f.rssBefore) / f.streams;
  return [
    `live: ${f.streams.toLocaleString("en-US")} streams held, memory +${((f.rssAfter - f.rssBefore) / MB).toFixed(0)} MB (${(perStream / 1024).toFixed(1)} KB per stream); a post reaches all of them: p50 ${f.p50.toFixed(0)} ms, p99 ${f.p99.toFixed(0)} ms, slowest ${Math.max(...f.fanoutMax).toFixed(0)} ms (timed from the POST being sent; the POSTs answered in ${Math.min(...f.postMs).toFixed(0)}–${Math.max(...f.postMs).toFixed(0)} ms); ${f.missed} missed`,
    `  [${f.rssAfter - f.rssBefore < 100 * MB ? "met" : "NOT MET"}] ${f.streams.toLocaleString("en-US")} streams < 100 MB more memory; [${Math.max(...f.fanoutMax) < 2000 && f.missed === 0 ? "met" : "NOT MET"}] every post on every stream within 2 s`,
  ];
}

// Alone: build, start the product on the sample content, measure, stop.
if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const root = path.resolve(import.meta.dirname, "..");
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "ds-bench-live-"));
  let child: Child | undefined;
  try {
    if (!process.env.BENCH_SKIP_BUILD) execFileSync("npm", ["run", "build"], { cwd: root, stdio: ["ignore", "pipe", "inherit"], env: { ...process.env, NODE_ENV: "production" } });
    const port = await freePort();
    const origin = `http://127.0.0.1:${port}`;
    const env = { ...process.env, NODE_ENV: "production", PORT: String(port), DATA_DIR: tmp, SEED: "true", ADMIN_PASSWORD: "bench-password", SITE_URL: "", TICKER_FEEDS: "", MARKET_DATA_API_KEY: "", SMTP_URL: "", DATABASE_URL: "", REDIS_URL: process.env.BENCH_REDIS_URL ?? "" };
    child = startChild("the product (npm start)", "npm", ["start"], env, path.join(tmp, "server.log"), root);
    await waitUntilAnswering(child, `${origin}/api/articles?limit=1`, performance.now(), 120_000);
    console.log(`Live-blog benchmark: Node ${process.version}, ${os.cpus().length} cores, load average ${os.loadavg().map((l) => l.toFixed(1)).join(" ")}`);
    const figures = await measureLive(origin, serverProcess(child.process.pid!), "bench-password");
    for (const line of liveRow(figures)) console.log(line);
  } finally {
    if (child) await stopChild(child);
    fs.rmSync(tmp, { recursive: true, force: true });
  }
  process.exit(0);
}
