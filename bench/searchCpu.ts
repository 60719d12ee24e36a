// The server's CPU per uncached search page and per search query alone, `npx tsx bench/searchCpu.ts [checkout …]`:
// generates one SQLite database of SEARCH_SCALE (10,000) articles as `npm run bench` does (bench/corpus.ts), boots each
// checkout's production build on a copy of it, then sends SEARCH_REQUESTS (400) search pages (/search?q=…&v=n, each new to the page cache) one at a time, and as
// many searches through the list API (/api/article-cards?limit=20&q=…&v=n: the text match and the cards, no page),
// the two kinds taking turns by SEARCH_CHUNK (25), and reads the server's CPU time before and after each turn: ms of
// CPU per request, and the page's besides its query.
// The queries are the bench's (searchQueries: words, phrases, prefixes; most fill a page). Each checkout runs SEARCH_REPEATS (3) times, interleaved.
// With BENCH_DATABASE_URL (mariadb://…), every checkout's server reads that MySQL/MariaDB database as it is (a kept one,
// `bench/keep.ts`): nothing is generated; so with SEARCH_SQLITE_DIR, a kept SQLite data directory opened in place. Each run also prints the wall time per request (p50/p99) of both kinds.
//   SEARCH_NODE_FLAGS="--cpu-prof --cpu-prof-dir=/tmp/prof": extra flags for the server's node.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { bodyTemplates, generateArticles, generateComments, middleArticle, searchQueries } from "./corpus.js";
import { loadSqlite } from "./database.js";
import { checkoutsFromArgs, cpuMsOf, freePort, searchEngineReady, startChild, startEnv, startNodeFlags, stopChild, waitUntilAnswering } from "./processes.js";

const setting = (name: string, fallback: number) => (process.env[name] ? Number(process.env[name]) : fallback);
const REQUESTS = setting("SEARCH_REQUESTS", 400);
const REPEATS = setting("SEARCH_REPEATS", 3);
const SCALE = setting("SEARCH_SCALE", 10_000);
/** Requests of one kind sent before the other kind's turn (/proc counts CPU in 10 ms ticks: a chunk spans tens of them). */
const CHUNK = setting("SEARCH_CHUNK", 25);
const log = (line = "") => process.stdout.write(`${line}\n`);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)] ?? NaN;

/** A kept MySQL/MariaDB database every checkout reads instead of a generated SQLite one. */
const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? "";
/** A kept SQLite data directory (bench/keep.ts) every checkout's server opens in place (it writes there: use a copy). */
const SQLITE_DIR = process.env.SEARCH_SQLITE_DIR ?? "";

function serverEnv(root: string, dataDir: string, port: number): NodeJS.ProcessEnv {
  return { ...process.env, NODE_ENV: "production", PORT: String(port), DATA_DIR: dataDir, DATABASE_URL, REDIS_URL: "", SEED: "false", ADMIN_PASSWORD: "searchcpu-password-searchcpu", SITE_URL: "", TICKER_FEEDS: "", MARKET_DATA_API_KEY: "", SMTP_URL: "", ...startEnv(root) };
}

async function boot(root: string, dataDir: string, flags: string[]) {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const child = startChild(`server of ${root}`, process.execPath, [...flags, ...startNodeFlags(root), "dist/node/server.js"], serverEnv(root, dataDir, port), path.join(dataDir, "server.log"), root);
  await waitUntilAnswering(child, `${origin}/api/articles?limit=1`, performance.now(), 180_000).catch(async (error) => {
    await stopChild(child);
    throw error;
  });
  log(await searchEngineReady(origin, child.process.pid!));
  return { child, pid: child.process.pid!, origin };
}

let version = 0;
async function get(origin: string, urlPath: string, accept: string) {
  const res = await fetch(origin + urlPath, { headers: { accept, "accept-encoding": "gzip" } });
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`${urlPath} answered ${res.status}`);
}

/** Wall ms of each counted request, by kind. */
const walls = { page: [] as number[], query: [] as number[] };

/** The server's threads: the event loop (its id is the pid), those it had when it answered first (V8's platform
 *  workers: concurrent marking, sweeping, compiling; libuv's pool), and those started since (on SQLite, the read thread). */
const THREAD_GROUPS = ["event loop", "read thread", "V8 and libuv helpers"] as const;
type Group = (typeof THREAD_GROUPS)[number];
let bootThreads = new Set<string>();
const threadsOf = (pid: number) => {
  try {
    return fs.readdirSync(`/proc/${pid}/task`);
  } catch {
    return [];
  }
};
const zeros = (): Record<Group, number> => ({ "event loop": 0, "read thread": 0, "V8 and libuv helpers": 0 });
function cpuByGroup(pid: number): Record<Group, number> {
  const sums = zeros();
  for (const tid of threadsOf(pid)) sums[tid === String(pid) ? "event loop" : bootThreads.has(tid) ? "V8 and libuv helpers" : "read thread"] += cpuMsOf(pid, Number(tid));
  return sums;
}
/** CPU by group of threads over a run's counted requests, by kind, and their counts. */
const byThread = { page: { ms: zeros(), n: 0 }, query: { ms: zeros(), n: 0 } };

/** ms of server CPU per request over `paths`, sent one at a time (their wall times go to `wall`). */
async function cpuPer(pid: number, origin: string, paths: string[], accept: string, wall: number[] = []) {
  const before = cpuMsOf(pid);
  const groupsBefore = cpuByGroup(pid);
  for (const p of paths) {
    const started = performance.now();
    await get(origin, p, accept);
    wall.push(performance.now() - started);
  }
  const kind = wall === walls.page ? byThread.page : wall === walls.query ? byThread.query : null;
  if (kind) {
    const after = cpuByGroup(pid);
    for (const g of THREAD_GROUPS) kind.ms[g] += after[g] - groupsBefore[g];
    kind.n += paths.length;
  }
  return (cpuMsOf(pid) - before) / paths.length;
}
const percentile = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))] ?? NaN;

const list = searchQueries(5000);

async function measure(root: string, seeded: string) {
  const dataDir = SQLITE_DIR || fs.mkdtempSync(path.join(os.tmpdir(), "ds-searchcpu-"));
  if (seeded) fs.cpSync(seeded, dataDir, { recursive: true });
  const flags = (process.env.SEARCH_NODE_FLAGS ?? "").split(" ").filter(Boolean);
  const server = await boot(root, dataDir, flags);
  bootThreads = new Set(threadsOf(server.pid));
  try {
    // The queries of the list from `from` on, each address new to the page cache.
    const queries = (n: number, from = 0) => Array.from({ length: n }, (_, i) => `${encodeURIComponent(list[(from + i) % list.length])}&v=${++version}`);
    const pages = (n: number, from = 0) => queries(n, from).map((q) => `/search?q=${q}`);
    const alone = (n: number, from = 0) => queries(n, from).map((q) => `/api/article-cards?limit=20&q=${q}`);
    // Warm the code paths (JIT) before anything is counted.
    await cpuPer(server.pid, server.origin, pages(200), "text/html");
    if (!process.env.SEARCH_PAGES_ONLY) await cpuPer(server.pid, server.origin, alone(200), "application/json");
    // SEARCH_PAGES_ONLY=1: no query alone (a profile of the pages only).
    walls.page = [];
    walls.query = [];
    for (const kind of Object.values(byThread)) [kind.ms, kind.n] = [zeros(), 0];
    if (process.env.SEARCH_PAGES_ONLY) return { page: await cpuPer(server.pid, server.origin, pages(REQUESTS), "text/html", walls.page), query: NaN };
    // Pages and queries alone take turns by CHUNK: a shared machine's load, which drifts over a run, weighs on both alike.
    let [page, query] = [0, 0];
    for (let sent = 0; sent < REQUESTS; sent += CHUNK) {
      const n = Math.min(CHUNK, REQUESTS - sent);
      page += (await cpuPer(server.pid, server.origin, pages(n, sent), "text/html", walls.page)) * n;
      query += (await cpuPer(server.pid, server.origin, alone(n, sent), "application/json", walls.query)) * n;
    }
    return { page: page / REQUESTS, query: query / REQUESTS };
  } finally {
    await stopChild(server.child);
    if (!SQLITE_DIR) fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  const roots = checkoutsFromArgs();
  log(`CPU per uncached search: ${REQUESTS} requests of each kind, one at a time, ${REPEATS} runs per checkout (interleaved); load average ${os.loadavg().map((l) => l.toFixed(1)).join(" ")}`);
  // One database for every checkout, made as the bench makes its own (or the kept MySQL/MariaDB one).
  const seeded = DATABASE_URL || SQLITE_DIR ? "" : fs.mkdtempSync(path.join(os.tmpdir(), "ds-searchcpu-seed-"));
  if (seeded) {
    const templates = await bodyTemplates(150);
    const now = Date.now();
    // loadSqlite reads back the id of one article (the bench's): the middle one, as there.
    await loadSqlite({ databaseUrl: "", dataDir: seeded }, generateArticles(SCALE, templates, now), middleArticle(SCALE, templates, now).slug, generateComments(3));
  }
  const runs = new Map(roots.map((r) => [r, [] as Array<{ page: number; query: number }>]));
  for (let repeat = 1; repeat <= REPEATS; repeat++)
    for (const root of roots) {
      const run = await measure(root, seeded);
      runs.get(root)!.push(run);
      const perThread = (kind: (typeof byThread)["page"]) => THREAD_GROUPS.map((g) => (kind.ms[g] / Math.max(1, kind.n)).toFixed(2)).join(" / ");
      log(`run ${repeat} ${root}: search page ${run.page.toFixed(2)} ms, query alone ${run.query.toFixed(2)} ms, besides the query ${(run.page - run.query).toFixed(2)} ms of CPU (${THREAD_GROUPS.join(" / ")}: page ${perThread(byThread.page)}, query alone ${perThread(byThread.query)}); wall p50/p99 page ${percentile(walls.page, 0.5).toFixed(1)}/${percentile(walls.page, 0.99).toFixed(1)} ms, query alone ${percentile(walls.query, 0.5).toFixed(1)}/${percentile(walls.query, 0.99).toFixed(1)} ms`);
    }
  log(`\nMedians of ${REPEATS} runs (ms of server CPU per request):`);
  for (const [root, list] of runs) {
    const [page, query] = [median(list.map((r) => r.page)), median(list.map((r) => r.query))];
    log(`${path.basename(root)}: search page ${page.toFixed(2)}, query alone ${query.toFixed(2)}, page besides its query ${median(list.map((r) => r.page - r.query)).toFixed(2)}`);
  }
  if (seeded) fs.rmSync(seeded, { recursive: true, force: true });
}

await main();
