// The reading benchmark, `npm run bench`: builds, generates SCALE articles into a temporary
// database, starts the product with `npm start` exactly as a user would and an Express 5
// `res.json` ceiling beside it, drives both with autocannon in interleaved rounds and prints
// each target against the requirements of issue 8. Exits non-zero only when something crashes.
//   SCALE=100000  BENCH_DB=sqlite|mariadb  BENCH_DATABASE_URL=mariadb://root@127.0.0.1:3306/h_bench
//   BENCH_SQLITE_DIR=/tmp/x (SQLite: keep the database there; the next run measures it again)
//   BENCH_DURATION=10 (seconds per run)  BENCH_ROUNDS=2  BENCH_CONNECTIONS=32  BENCH_WARMUP=2  BENCH_REDIS_URL (the product's REDIS_URL)
//   BENCH_SEARCH_WARMUP=300 (the most seconds the search page is driven before the rounds, until its rate settles)
// The audience-events benchmark is `npm run bench:events`. After the reading rows, the live row (bench/live.ts:
// LIVE_STREAMS=5000 open event streams of one live blog, LIVE_POSTS=5 posts timed to every stream).
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { bodyTemplates, generateArticles, generateComments, middleArticle, searchKinds, searchQueries, suggestPrefixes } from "./corpus.js";
import { searchTargetRows } from "./searchTargets.js";
import { loadMysql, loadSqlite, type BenchDatabase } from "./database.js";
import { drive, type RunResult, type Target } from "./load.js";
import { liveRow, measureLive } from "./live.js";
import { cpuMsOf, freePort, logTail, productEnv, rssOf, rssSampler, searchEngineReady, serverProcess, startCeiling as startCeilingServer, startChild, stopChild, waitUntilAnswering, type Child } from "./processes.js";

const positive = (name: string, fallback: number) => {
  const value = Number(process.env[name] || fallback);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number`);
  return value;
};
const SCALE = Math.floor(positive("SCALE", 100_000));
const DURATION = positive("BENCH_DURATION", 10);
const ROUNDS = Math.max(2, Math.floor(positive("BENCH_ROUNDS", 2)));
const CONNECTIONS = Math.floor(positive("BENCH_CONNECTIONS", 32));
const WARMUP = positive("BENCH_WARMUP", 2);
const DB_KIND = (process.env.BENCH_DB || "sqlite").toLowerCase();
if (!["sqlite", "mariadb", "mysql"].includes(DB_KIND)) throw new Error("BENCH_DB must be sqlite or mariadb (or mysql)");
const BOOT_TIMEOUT_MS = 300_000;
/** SQLite: BENCH_SQLITE_DIR=/some/dir keeps the generated database there (site.db) and, when it is there, measures it again. */
const SQLITE_DIR = DB_KIND === "sqlite" ? (process.env.BENCH_SQLITE_DIR ?? "") : "";
/** MySQL/MariaDB: measure the articles a previous run left in BENCH_DATABASE_URL instead of generating them again. SQLite:
 *  the database a previous run kept in BENCH_SQLITE_DIR. */
const REUSE = DB_KIND !== "sqlite" ? /^(1|true|yes)$/i.test(process.env.BENCH_REUSE ?? "") : SQLITE_DIR !== "" && fs.existsSync(path.join(SQLITE_DIR, "site.db"));
const COMMENTS = 6;
const HTML = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8";
const JSON_ACCEPT = "application/json";

const root = path.resolve(import.meta.dirname, "..");
const MB = 1024 * 1024;
const fmt = (n: number, digits = 0) => (n === Infinity ? "none answered" : n.toLocaleString("en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits }));
/** Requests per second: one decimal below 10, so a crawling target does not read as 0. */
const rate = (n: number) => fmt(n, n < 10 ? 1 : 0);
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const log = (line = "") => console.log(line);

interface Requirement {
  label: string;
  check: (m: Measured) => { met: boolean; value: string } | null;
}
interface Measured {
  byTarget: Map<string, { requestsPerSecond: number; share: number; p50: number; p99: number; non2xx: number; errors: number; cpuMs: number }>;
  bootMs: number;
  rssAfterBoot: number;
  rssPeak: number;
}

const share = (name: string, min: number): Requirement => ({
  label: `${name} ≥ ${min} % of the ceiling`,
  check: (m) => {
    const t = m.byTarget.get(name);
    return t ? { met: t.share * 100 >= min && clean(t), value: `${fmt(t.share * 100, t.share < 0.1 ? 1 : 0)} %${notes(t)}` } : null;
  },
});
const p99Below = (name: string, ms: number): Requirement => ({
  label: `${name} p99 < ${ms} ms`,
  check: (m) => {
    const t = m.byTarget.get(name);
    return t ? { met: t.p99 < ms && clean(t), value: `${fmt(t.p99)} ms${notes(t)}` } : null;
  },
});
const clean = (t: { non2xx: number; errors: number }) => t.non2xx === 0 && t.errors === 0;
const notes = (t: { non2xx: number; errors: number }) => (clean(t) ? "" : ` (${fmt(t.non2xx)} non-2xx answers, ${fmt(t.errors)} errors or 10 s timeouts)`);

const REQUIREMENTS: Requirement[] = [
  share("article page", 40),
  share("home", 30),
  share("category page", 30),
  p99Below("search page", 50),
  p99Below("search page, 1 connection", 50),
  p99Below("suggestions", 20),
  {
    // What the page costs besides its query: the server's CPU per search page, less per search of the same kind through the list API.
    label: "search page CPU per request besides the query < 3 ms",
    check: (m) => {
      const [page, query] = [m.byTarget.get("search page, 1 connection"), m.byTarget.get("search query alone, 1 connection")];
      return page && query ? { met: page.cpuMs - query.cpuMs < 3, value: `${fmt(page.cpuMs - query.cpuMs, 2)} ms (page ${fmt(page.cpuMs, 2)}, query alone ${fmt(query.cpuMs, 2)})` } : null;
    },
  },
  share("REST article", 50),
  share("REST list", 10),
  p99Below("REST list", 100),
  { label: "boot to first answer < 5 s", check: (m) => ({ met: m.bootMs < 5000, value: seconds(m.bootMs) }) },
  { label: "RSS after boot < 120 MB", check: (m) => ({ met: m.rssAfterBoot < 120 * MB, value: `${fmt(m.rssAfterBoot / MB)} MB` }) },
  { label: "RSS under load < 200 MB", check: (m) => ({ met: m.rssPeak < 200 * MB, value: `${fmt(m.rssPeak / MB)} MB` }) },
];

/** How the table shows the targets whose path changes with each request. */
const VARIED_PATHS: Record<string, string> = {
  "search query alone, 1 connection": "/api/article-cards?limit=20&q={varied}",
  suggestions: "/api/search/suggest?q={typed prefix}",
};

const children: Child[] = [];
let tmpDir = "";

async function cleanUp() {
  await Promise.all(children.map(stopChild));
  if (tmpDir) fs.rmSync(tmpDir, { recursive: true, force: true });
}

async function generate(db: BenchDatabase) {
  const started = performance.now();
  const templates = await bodyTemplates(150);
  const templatesMs = performance.now() - started;
  const now = Date.now();
  const benchArticle = middleArticle(SCALE, templates, now);
  if (REUSE) {
    log(`Reusing the articles already in ${db.databaseUrl ? db.databaseUrl.replace(/\/\/[^@/]*@/, "//") : SQLITE_DIR} (${db.databaseUrl ? "BENCH_REUSE=true" : "BENCH_SQLITE_DIR"}): nothing generated.`);
    return benchArticle;
  }
  const load = DB_KIND === "sqlite" ? loadSqlite : loadMysql;
  const result = await load(db, generateArticles(SCALE, templates, now), benchArticle.slug, generateComments(COMMENTS));
  const totalMs = performance.now() - started;
  const sqliteFile = path.join(db.dataDir, "site.db");
  const size = DB_KIND === "sqlite" ? ` (database file ${fmt(fs.statSync(sqliteFile).size / MB)} MB)` : "";
  log(`Generated ${fmt(result.articles)} articles in ${seconds(totalMs)}: ${templates.length} body templates rendered in ${seconds(templatesMs)}, migrations + inserts + ANALYZE in ${seconds(totalMs - templatesMs)}${size}.`);
  log(`Benchmarked article: #${result.benchArticleId} "${benchArticle.title}" (${benchArticle.category}, published ${benchArticle.publishedAt?.toISOString().slice(0, 10)}), with ${COMMENTS} approved comments.`);
  return benchArticle;
}

async function startProduct(db: BenchDatabase) {
  const port = await freePort();
  const env = productEnv(port, db.dataDir, db.databaseUrl);
  const origin = `http://127.0.0.1:${port}`;
  const spawnedAt = performance.now();
  const child = startChild("the product (npm start)", "npm", ["start"], env, path.join(tmpDir, "server.log"), root);
  children.push(child);
  const bootMs = await waitUntilAnswering(child, `${origin}/api/articles?limit=1`, spawnedAt, BOOT_TIMEOUT_MS);
  const pid = serverProcess(child.process.pid!);
  return { origin, bootMs, pid, child };
}

async function startCeiling() {
  const { origin, child } = await startCeilingServer(root, path.join(tmpDir, "ceiling.log"));
  children.push(child);
  return origin;
}

/** Seconds of one slice of the search warm-up, and the longest the warm-up goes on (BENCH_SEARCH_WARMUP). */
const SEARCH_WARMUP_SLICE = 5;
const SEARCH_WARMUP_MAX = positive("BENCH_SEARCH_WARMUP", 300);

/**
 * A database larger than the page cache starts cold: SQLite at 1,000,000 articles (21 GB on a machine of 23 GB) made
 * 3.0 searches a second in its first 10 s round and 55 in its second, when the rounds began right after the boot. The
 * search page is driven at the run's connections in slices of a few seconds until one slice's rate is within 10 % of
 * the one before (at most BENCH_SEARCH_WARMUP seconds), so that the rounds measure a warm index, or the log says they
 * did not. Its queries are the varied list's next ones: the rounds' queries stay new to the page cache.
 */
async function warmSearches(origin: string, search: Target): Promise<string> {
  const rates: number[] = [];
  const stable = () => rates.length >= 2 && Math.abs(rates.at(-1)! - rates.at(-2)!) <= 0.1 * rates.at(-2)!;
  while (!stable() && rates.length * SEARCH_WARMUP_SLICE < SEARCH_WARMUP_MAX) rates.push((await drive(origin, search, SEARCH_WARMUP_SLICE, CONNECTIONS)).requestsPerSecond);
  const slices = rates.map(rate).join(", ");
  const spent = seconds(rates.length * SEARCH_WARMUP_SLICE * 1000);
  return stable()
    ? `Search warm-up: the search page in ${SEARCH_WARMUP_SLICE} s slices until two agree within 10 %: ${slices} req/s (${spent}).`
    : `Search warm-up NOT settled after ${spent} (BENCH_SEARCH_WARMUP): ${slices} req/s; the rounds below measure a partly cold index.`;
}

/** Fails loudly when a target does not answer 200, so nothing is measured against an error page. */
async function checkTargets(origin: string, targets: Target[]) {
  for (const target of targets) {
    const urlPath = typeof target.path === "string" ? target.path : target.path();
    const res = await fetch((target.origin ?? origin) + urlPath, { headers: { accept: target.accept } });
    const body = await res.text();
    if (res.status !== 200) throw new Error(`${target.name} ${urlPath} answered ${res.status}: ${body.slice(0, 300)}`);
  }
}

async function main() {
  tmpDir = fs.mkdtempSync(path.join(os.tmpdir(), "ds-bench-read-"));
  const databaseUrl = DB_KIND === "sqlite" ? "" : process.env.BENCH_DATABASE_URL || "mariadb://root@127.0.0.1:3306/h_bench";
  const db: BenchDatabase = { databaseUrl, dataDir: SQLITE_DIR ? path.resolve(SQLITE_DIR) : path.join(tmpDir, "data") };
  fs.mkdirSync(db.dataDir, { recursive: true });
  const dbLabel = DB_KIND === "sqlite" ? "embedded SQLite" : `${DB_KIND} ${databaseUrl.replace(/\/\/[^@/]*@/, "//")}`;
  log(`Reading benchmark: ${fmt(SCALE)} articles on ${dbLabel}; ${CONNECTIONS} connections, ${ROUNDS} rounds of ${DURATION} s per target; Node ${process.version}, ${os.cpus().length} cores, load average ${os.loadavg().map((l) => l.toFixed(1)).join(" ")}.`);

  let started = performance.now();
  execFileSync("npm", ["run", "build"], { cwd: root, stdio: ["ignore", "pipe", "inherit"], env: { ...process.env, NODE_ENV: "production" } });
  log(`Built (npm run build) in ${seconds(performance.now() - started)}.`);

  const article = await generate(db);

  const product = await startProduct(db);
  const rssAfterBoot = rssOf(product.pid);
  log(`The product answered GET /api/articles?limit=1 ${seconds(product.bootMs)} after \`npm start\` was spawned; server process ${product.pid} (the deepest node process under npm) has ${fmt(rssAfterBoot / MB)} MB resident.`);
  log(await searchEngineReady(product.origin, product.pid));
  const sampler = rssSampler(product.pid);
  const ceiling = await startCeiling();

  const queries = searchQueries(60_000);
  let nextQuery = 0;
  let wrapped = false;
  const query = () => {
    if (nextQuery === queries.length) [nextQuery, wrapped] = [0, true];
    return `/search?q=${encodeURIComponent(queries[nextQuery++])}`;
  };
  const prefixes = suggestPrefixes(200_000);
  let nextPrefix = 0;
  const suggestion = () => `/api/search/suggest?q=${encodeURIComponent(prefixes[nextPrefix++ % prefixes.length])}`;
  /** The text match alone, as the search page's first page asks it (20 results, no page around them). */
  const queryAlone = () => `/api/article-cards?limit=20&q=${query().slice("/search?q=".length)}`;
  const searchFlood: Target = { name: "search flood", path: query, accept: HTML, connections: CONNECTIONS };
  const targets: Target[] = [
    { name: "article page", path: `/article/${article.slug}`, accept: HTML },
    { name: "home", path: "/", accept: HTML },
    { name: "category page", path: "/category/sea", accept: HTML },
    { name: "search page", path: query, accept: HTML },
    // The same uncached searches one at a time: what one query costs, without 31 others queued before it.
    { name: "search page, 1 connection", path: query, accept: HTML, connections: 1 },
    { name: "search query alone, 1 connection", path: queryAlone, accept: JSON_ACCEPT, connections: 1 },
    // The header's suggestions as readers type (prefixes recur, so the endpoint's caches count, as they do in use).
    { name: "suggestions", path: suggestion, accept: JSON_ACCEPT },
    { name: "REST article", path: `/api/articles/slug/${article.slug}`, accept: JSON_ACCEPT },
    { name: "REST list", path: "/api/articles", accept: JSON_ACCEPT },
    // Issue 27: one kind of query at a time, one connection; `v` only makes each URL new to the page cache.
    ...Object.entries(searchKinds()).map(([kind, list]): Target => {
      let i = 0;
      return { name: `search, ${kind}, 1 connection`, path: () => `/search?q=${encodeURIComponent(list[i++ % list.length])}&v=${i}`, accept: HTML, connections: 1 };
    }),
    // The article page alone and while 32 connections flood the search page, at the same 8 connections.
    { name: "article page, 8 connections", path: `/article/${article.slug}`, accept: HTML, connections: 8 },
    { name: "article page, 8 connections, search flooded", path: `/article/${article.slug}`, accept: HTML, connections: 8, flood: searchFlood },
    // The same pair on the ceiling server beside the product: what the flood's load on the machine alone does to any
    // server's p99 (the floor of the flooded row on this machine).
    { name: "ceiling, 8 connections", origin: ceiling, path: "/", accept: JSON_ACCEPT, connections: 8 },
    { name: "ceiling, 8 connections, search flooded", origin: ceiling, path: "/", accept: JSON_ACCEPT, connections: 8, flood: searchFlood },
  ];
  const ceilingTarget: Target = { name: "ceiling", path: "/", accept: JSON_ACCEPT };
  await checkTargets(product.origin, targets);

  started = performance.now();
  await drive(ceiling, ceilingTarget, WARMUP, CONNECTIONS);
  for (const target of targets) await drive(target.origin ?? product.origin, target, WARMUP, target.connections ?? CONNECTIONS);
  log(`Warm-up: ${WARMUP} s per target. Each round: the ceiling, then every target.`);
  log(await warmSearches(product.origin, targets.find((t) => t.name === "search page")!));

  const results = new Map<string, { run: RunResult; ceiling: number }[]>();
  const ceilingRuns: RunResult[] = [];
  /** The highest RSS seen while each target ran: which load drives the peak. */
  const peakByTarget = new Map<string, number>();
  for (let round = 1; round <= ROUNDS; round++) {
    const c = await drive(ceiling, ceilingTarget, DURATION, CONNECTIONS);
    ceilingRuns.push(c);
    const line = [`round ${round}: ceiling ${fmt(c.requestsPerSecond)}`];
    for (const target of targets) {
      sampler.startStretch();
      const flood = target.flood;
      const cpuBefore = cpuMsOf(product.pid);
      const [run] = await Promise.all([
        drive(target.origin ?? product.origin, target, DURATION, target.connections ?? CONNECTIONS),
        flood ? drive(product.origin, flood, DURATION, flood.connections ?? CONNECTIONS) : undefined,
      ]);
      // The server's CPU per answered request: includes the settle request drive() sends first (and, flooded, the flood's).
      if (!target.origin) run.cpuMs = (cpuMsOf(product.pid) - cpuBefore) / Math.max(1, run.answered + 1);
      peakByTarget.set(target.name, Math.max(peakByTarget.get(target.name) ?? 0, sampler.stretchPeak()));
      results.set(target.name, [...(results.get(target.name) ?? []), { run, ceiling: c.requestsPerSecond }]);
      line.push(`${target.name} ${rate(run.requestsPerSecond)}`);
    }
    log(`${line.join(", ")} req/s`);
  }
  sampler.stop();
  const loadMs = performance.now() - started;

  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const median = (xs: number[]) => (xs.length ? [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)] : Infinity);
  const answered = (runs: { run: RunResult }[]) => (runs.some((r) => r.run.answered) ? runs.map((r) => r.run).filter((r) => r.answered) : [{ p50: Infinity, p99: Infinity }]);
  const measured: Measured = { byTarget: new Map(), bootMs: product.bootMs, rssAfterBoot, rssPeak: Math.max(sampler.peak(), rssAfterBoot) };
  for (const [name, runs] of results) {
    measured.byTarget.set(name, {
      requestsPerSecond: mean(runs.map((r) => r.run.requestsPerSecond)),
      share: mean(runs.map((r) => r.run.requestsPerSecond / r.ceiling)),
      // Latencies of the rounds that got answers (a round of nothing but timeouts reports 0); none at all: infinitely slow.
      p50: median(answered(runs).map((r) => r.p50)),
      p99: Math.max(...answered(runs).map((r) => r.p99)),
      non2xx: runs.reduce((n, r) => n + r.run.non2xx, 0),
      errors: runs.reduce((n, r) => n + r.run.errors, 0),
      cpuMs: mean(runs.map((r) => r.run.cpuMs ?? 0)),
    });
  }

  const ceilingFigures = { p50: median(ceilingRuns.map((r) => r.p50)), p99: Math.max(...ceilingRuns.map((r) => r.p99)) };
  measured.byTarget.set("ceiling", { requestsPerSecond: mean(ceilingRuns.map((r) => r.requestsPerSecond)), share: 1, ...ceilingFigures, non2xx: 0, errors: 0, cpuMs: 0 });

  log();
  log(`Results (${ROUNDS} rounds of ${DURATION} s, ${CONNECTIONS} connections, load phase ${seconds(loadMs)}; req/s and share: mean of rounds, each share against the ceiling of its round; p50: median of rounds; p99: worst round; errors include autocannon's 10 s timeouts)`);
  const header = ["target", "req/s", "p50 ms", "p99 ms", "share of ceiling", "non-2xx/errors", "server CPU ms/req"];
  const rows: string[][] = [
    ["Express 5 res.json ceiling", fmt(mean(ceilingRuns.map((r) => r.requestsPerSecond))), fmt(ceilingFigures.p50), fmt(ceilingFigures.p99), "100 %", fmt(ceilingRuns.reduce((n, r) => n + r.non2xx + r.errors, 0)), ""],
  ];
  for (const target of targets) {
    const t = measured.byTarget.get(target.name)!;
    const shown = typeof target.path === "string" ? target.path.replace(article.slug, "{mid-archive slug}") : VARIED_PATHS[target.name] ?? "/search?q={varied}";
    rows.push([`${target.name} ${shown}`, rate(t.requestsPerSecond), fmt(t.p50), fmt(t.p99), `${fmt(t.share * 100, t.share < 0.1 ? 1 : 0)} %`, fmt(t.non2xx + t.errors), fmt(t.cpuMs, 2)]);
  }
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const render = (cells: string[]) => cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join("  ");
  log(render(header));
  rows.forEach((r) => log(render(r)));
  log(`boot to first answer: ${seconds(measured.bootMs)}`);
  log(`server RSS: ${fmt(rssAfterBoot / MB)} MB after boot, ${fmt(measured.rssPeak / MB)} MB peak under load (VmRSS of pid ${product.pid}, sampled every 200 ms)`);
  log(`  at the end: ${fmt(rssOf(product.pid) / MB)} MB, of which ${fmt(rssOf(product.pid, "RssFile") / MB)} MB are pages of files (mostly the node binary's code and ICU data: shared, reclaimable) and ${fmt(rssOf(product.pid, "RssAnon") / MB)} MB the process's own (V8 heap, malloc)`);
  log(`  highest while each target ran: ${[...peakByTarget].map(([name, bytes]) => `${name} ${fmt(bytes / MB)}`).join(", ")} MB`);
  log(`search: ${fmt(nextQuery)} distinct queries sent${wrapped ? " (the pool of 60,000 wrapped: some queries repeated)" : ", none repeated"}`);
  log();
  // Live blogs (issue 26): LIVE_STREAMS open event streams on this same instance, and the fan-out of each post.
  for (const line of liveRow(await measureLive(product.origin, product.pid, "x", log))) log(line);
  log();
  log("Requirements (issue 8):");
  for (const requirement of REQUIREMENTS) {
    const outcome = requirement.check(measured);
    if (outcome) log(`  ${outcome.met ? "[met]    " : "[NOT MET]"} ${requirement.label}: ${outcome.value}`);
  }
  const column = DB_KIND === "sqlite" ? (SCALE >= 1_000_000 ? "SQLite 1M" : "SQLite 100k") : "MariaDB 100k";
  log();
  log(`Search targets (issue 27, column "${column}"${SCALE === 100_000 || SCALE === 1_000_000 ? "" : `, at ${fmt(SCALE)} articles`}):`);
  for (const row of searchTargetRows(column, measured.byTarget)) log(`  ${row.met === undefined ? "[n/a]    " : row.met ? "[met]    " : "[NOT MET]"} ${row.label}: ${row.value}`);
}

process.once("SIGINT", () => {
  void cleanUp().finally(() => process.exit(130));
});
try {
  await main();
  await cleanUp();
  process.exit(0);
} catch (error) {
  console.error(error);
  for (const child of children) if (child.process.exitCode !== null) console.error(`${child.name} exited with ${child.process.exitCode}:\n${logTail(child)}`);
  await cleanUp();
  process.exit(1);
}
