// The server's CPU per cached hit, `npx tsx bench/hitCpu.ts [checkout …]`: starts the production build the way
// `npm start` does (scripts/start.mjs under npm's node flags) on a temporary SQLite database with the sample content
// (seeded by a first boot of each checkout; every run boots on a copy, so its boot does not seed, as the bench's does
// not), waits until the server is idle, warms each URL into the page cache, then sends HIT_REQUESTS (3,000) requests per URL with autocannon and reads the
// server process's CPU time (/proc/<pid>/stat) before and after: ms of CPU per request. Also the boot: time from the
// spawn to the first answer, the server's CPU until then, and its RSS at that moment. CPU per request holds up well on
// a busy machine (it is not a rate); each checkout is measured HIT_REPEATS (3) times, interleaved, and the median shown.
//   Checkouts: paths of other worktrees (e.g. one at an older commit) to print side by side; none: this one.
//   BENCH_SKIP_BUILD=1: never build (a missing or stale build is run as it is); otherwise a checkout is built first
//   when its build is missing or older than its sources, as `npm start` would.
//   HIT_REQUESTS=3000  HIT_REPEATS=3  HIT_CONNECTIONS=8
//   HIT_NODE_FLAGS="--cpu-prof --cpu-prof-dir=/tmp/prof": extra flags for the server's node (the profile is written at
//   its exit; each profile then covers one whole run, boot included).
import { execSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { checkoutsFromArgs, cpuMsOf, freePort, rssOf, sampleContentEnv, startChild, startNodeFlags, stopChild, waitUntilAnswering } from "./processes.js";

const setting = (name: string, fallback: number) => (process.env[name] ? Number(process.env[name]) : fallback);
const REQUESTS = setting("HIT_REQUESTS", 3000);
const REPEATS = setting("HIT_REPEATS", 3);
const CONNECTIONS = setting("HIT_CONNECTIONS", 8);
const SKIP_BUILD = /^(1|true|yes)$/i.test(process.env.BENCH_SKIP_BUILD ?? "");
const HTML = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8";
const JSON_ACCEPT = "application/json";
const USER_AGENT = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36";
const MB = 1024 * 1024;

const log = (line = "") => process.stdout.write(`${line}\n`);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)] ?? NaN;

interface Url {
  name: string;
  path: string;
  accept: string;
}
interface Run {
  bootMs: number;
  bootCpuMs: number;
  rssAfterBoot: number;
  cpuPerHit: Map<string, number>;
  rssAfter: number;
  /** The idle server's CPU, ms per second. */
  idle: number;
}

/** The newest modification time under `target` (what scripts/start.mjs compares the build with). */
function newest(target: string): number {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...fs.readdirSync(target).map((name) => newest(path.join(target, name))));
}

function buildIsCurrent(root: string) {
  const outputs = ["node/server.js", "server/entry-server.js", "client/index.html"].map((f) => path.join(root, "dist", f));
  const inputs = Math.max(...["web", "src", "ormconfig.ts", "vite.config.ts", "package.json", "tsconfig.json"].map((f) => newest(path.join(root, f))));
  return outputs.every((f) => fs.existsSync(f) && fs.statSync(f).mtimeMs >= inputs);
}

function ensureBuilt(root: string) {
  if (buildIsCurrent(root)) return;
  if (SKIP_BUILD) {
    log(`${root}: the build is missing or older than the sources; BENCH_SKIP_BUILD is set, so it runs as it is`);
    return;
  }
  log(`${root}: building (npm run build)…`);
  execSync("npm run build", { cwd: root, stdio: ["ignore", "ignore", "inherit"], env: { ...process.env, NODE_ENV: "production" } });
}

async function hit(origin: string, url: Url, amount: number, connections: number) {
  const result = await autocannon({
    url: origin + url.path,
    connections,
    amount,
    headers: { "accept-encoding": "gzip, br", accept: url.accept, "user-agent": USER_AGENT },
  });
  if (result.non2xx || result.errors) throw new Error(`${url.path}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
}

async function getJson(origin: string, urlPath: string) {
  const res = await fetch(origin + urlPath, { headers: { accept: JSON_ACCEPT } });
  if (res.status !== 200) throw new Error(`${urlPath} answered ${res.status}`);
  return res.json() as Promise<unknown>;
}

/** The URLs measured: the home page, the newest article (page and REST), its category, the REST list. */
async function urlsOf(origin: string): Promise<Url[]> {
  const list = (await getJson(origin, "/api/articles?limit=1")) as { items?: Array<{ slug: string; category?: string | { slug?: string } }> } | Array<{ slug: string; category?: string }>;
  const first = Array.isArray(list) ? list[0] : list.items?.[0];
  if (!first) throw new Error("no article in /api/articles?limit=1");
  const category = typeof first.category === "string" ? first.category : first.category?.slug;
  return [
    { name: "home", path: "/", accept: HTML },
    { name: "article page", path: `/article/${first.slug}`, accept: HTML },
    { name: "category page", path: `/category/${category ?? "sea"}`, accept: HTML },
    { name: "REST article", path: `/api/articles/slug/${first.slug}`, accept: JSON_ACCEPT },
    { name: "REST list", path: "/api/articles?limit=20", accept: JSON_ACCEPT },
  ];
}

/** Starts the server of `root` on `dataDir`; resolves once it answers, with the boot's figures. */
async function boot(root: string, dataDir: string, flags: string[]) {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  // `npm start`'s own command (package.json), run directly so that the server is this child and SIGTERM reaches it.
  const entry = SKIP_BUILD && !buildIsCurrent(root) ? "dist/node/server.js" : "scripts/start.mjs";
  const spawnedAt = performance.now();
  const child = startChild(`server of ${root}`, process.execPath, [...flags, ...startNodeFlags(root), entry], sampleContentEnv(root, dataDir, port), path.join(dataDir, "server.log"), root);
  const pid = child.process.pid!;
  try {
    const bootMs = await waitUntilAnswering(child, `${origin}/api/articles?limit=1`, spawnedAt, 180_000);
    return { child, pid, origin, bootMs, bootCpuMs: cpuMsOf(pid), rssAfterBoot: rssOf(pid) };
  } catch (error) {
    await stopChild(child);
    throw error;
  }
}

/** Waits until the server is idle (background work after the boot done): < 2 % of a core over a second, 90 s at most.
 *  Resolves with its idle CPU in ms per second. */
async function settleIdle(pid: number): Promise<number> {
  const deadline = performance.now() + 90_000;
  let rate = Infinity;
  while (performance.now() < deadline) {
    const [cpu, at] = [cpuMsOf(pid), performance.now()];
    await new Promise((resolve) => setTimeout(resolve, 1000));
    rate = ((cpuMsOf(pid) - cpu) * 1000) / (performance.now() - at);
    if (rate < 20) break;
  }
  return rate;
}

/** A database with the sample content, made by one boot of `root` (its own schema and seed), for its runs to copy. */
async function prepare(root: string): Promise<string> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "ds-hitcpu-seed-"));
  const server = await boot(root, dataDir, []);
  await settleIdle(server.pid);
  await stopChild(server.child);
  fs.rmSync(path.join(dataDir, "server.log"), { force: true });
  return dataDir;
}

async function measure(root: string, seeded: string): Promise<Run> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "ds-hitcpu-"));
  fs.cpSync(seeded, dataDir, { recursive: true });
  const flags = (process.env.HIT_NODE_FLAGS ?? "").split(" ").filter(Boolean);
  const server = await boot(root, dataDir, flags);
  try {
    const urls = await urlsOf(server.origin);
    // Into the page cache, and the code paths warmed (JIT) before anything is counted.
    for (const url of urls) await hit(server.origin, url, 500, CONNECTIONS);
    const idle = await settleIdle(server.pid);
    const cpuPerHit = new Map<string, number>();
    const hitsFrom = performance.now();
    for (const url of urls) {
      const [before, at] = [cpuMsOf(server.pid), performance.now()];
      await hit(server.origin, url, REQUESTS, CONNECTIONS);
      // Less what the idle server spends meanwhile (its timers: event-loop lag, metrics, jobs' polls).
      const spent = cpuMsOf(server.pid) - before - (idle * (performance.now() - at)) / 1000;
      cpuPerHit.set(url.name, spent / REQUESTS);
    }
    if (flags.length) log(`  (the hits took the last ${((performance.now() - hitsFrom) / 1000).toFixed(1)} s before the stop)`);
    return { bootMs: server.bootMs, bootCpuMs: server.bootCpuMs, rssAfterBoot: server.rssAfterBoot, cpuPerHit, rssAfter: rssOf(server.pid), idle };
  } finally {
    await stopChild(server.child);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  const roots = checkoutsFromArgs();
  for (const root of roots) ensureBuilt(root);
  log(`CPU per cached hit: ${REQUESTS} requests per URL, ${CONNECTIONS} connections, ${REPEATS} runs per checkout (interleaved); Node ${process.version}, load average ${os.loadavg().map((l) => l.toFixed(1)).join(" ")}`);
  const seeded = new Map<string, string>();
  for (const root of roots) seeded.set(root, await prepare(root));
  const runs = new Map<string, Run[]>(roots.map((r) => [r, []]));
  for (let repeat = 1; repeat <= REPEATS; repeat++) {
    for (const root of roots) {
      const run = await measure(root, seeded.get(root)!);
      runs.get(root)!.push(run);
      log(`run ${repeat} ${root}: boot ${(run.bootMs / 1000).toFixed(2)} s (CPU ${(run.bootCpuMs / 1000).toFixed(2)} s), RSS ${(run.rssAfterBoot / MB).toFixed(0)} MB, idle ${run.idle.toFixed(1)} ms/s; ${[...run.cpuPerHit].map(([name, ms]) => `${name} ${ms.toFixed(3)}`).join(", ")} ms/hit`);
    }
  }
  const names = [...runs.values()][0][0].cpuPerHit.keys();
  const header = ["", ...roots.map((r) => path.basename(r))];
  const rows: string[][] = [];
  for (const name of names) rows.push([`${name} (ms CPU/hit)`, ...roots.map((r) => median(runs.get(r)!.map((x) => x.cpuPerHit.get(name) ?? NaN)).toFixed(3))]);
  rows.push(["boot to first answer (s)", ...roots.map((r) => (median(runs.get(r)!.map((x) => x.bootMs)) / 1000).toFixed(2))]);
  rows.push(["server CPU until then (s)", ...roots.map((r) => (median(runs.get(r)!.map((x) => x.bootCpuMs)) / 1000).toFixed(2))]);
  rows.push(["RSS after boot (MB)", ...roots.map((r) => (median(runs.get(r)!.map((x) => x.rssAfterBoot)) / MB).toFixed(1))]);
  rows.push(["RSS after the hits (MB)", ...roots.map((r) => (median(runs.get(r)!.map((x) => x.rssAfter)) / MB).toFixed(1))]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i].length)));
  const render = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join("  ");
  log();
  log(`Medians of ${REPEATS} runs:`);
  log(render(header));
  rows.forEach((row) => log(render(row)));
  for (const dir of seeded.values()) fs.rmSync(dir, { recursive: true, force: true });
}

await main();
