// Bytes the server allocates per request, by path: `npx tsx bench/allocPerHit.ts [checkout …]`. Starts each checkout's
// production build as `npm start` does (its node flags, plus --trace-gc and a preload that prints the heap in use on
// SIGUSR2) on a copy of one SQLite database with the sample content (seeded by a first boot of the first checkout, so
// every checkout answers from the same data), warms each URL, then sends ALLOC_REQUESTS (5,000) requests per URL at
// ALLOC_CONNECTIONS (8) and sums what the collector found between the two marks: each collection's heap before it
// less the heap after the one before (MB to one decimal, as --trace-gc prints them). The idle server's own allocation
// over the same time is subtracted. Last, the bench's stream of typed prefixes (mostly cache hits) at 32 connections:
// scavenges and full collections (Mark-Compact) per 10,000 requests. Checkouts run interleaved, ALLOC_REPEATS (2) times.
//   ALLOC_ONLY="suggest hit,healthz": only these URLs, no flood. ALLOC_PROFILE=/tmp/x: also write a sampling heap profile per URL window (/tmp/x.<n>.heapprofile; open in DevTools).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { suggestPrefixes } from "./corpus.js";
import { checkoutsFromArgs, freePort, rssOf, sampleContentEnv, startChild, startNodeFlags, stopChild, waitUntilAnswering, type Child } from "./processes.js";

const setting = (name: string, fallback: number) => (process.env[name] ? Number(process.env[name]) : fallback);
const REQUESTS = setting("ALLOC_REQUESTS", 5000);
const CONNECTIONS = setting("ALLOC_CONNECTIONS", 8);
const REPEATS = setting("ALLOC_REPEATS", 2);
const FLOOD = setting("ALLOC_FLOOD", 10_000);
/** ALLOC_ONLY="suggest hit,healthz": only these URLs, and no flood. */
const ONLY = process.env.ALLOC_ONLY?.split(",");
const PRELOAD = path.join(import.meta.dirname, "allocMark.mjs");
const HTML = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8";
const JSON_ACCEPT = "application/json";
const USER_AGENT = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36";
const log = (line = "") => process.stdout.write(`${line}\n`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Url {
  name: string;
  accept: string;
  /** A fixed path, or one per request. */
  path: string | (() => string);
}

async function boot(root: string, dataDir: string, extraFlags: string[]) {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const logFile = path.join(dataDir, "server.log");
  const flags = ["--trace-gc", "--import", PRELOAD, ...startNodeFlags(root), ...extraFlags];
  const child = startChild(`server of ${root}`, process.execPath, [...flags, "dist/node/server.js"], sampleContentEnv(root, dataDir, port), logFile, root);
  const at = performance.now();
  await waitUntilAnswering(child, `${origin}/api/articles?limit=1`, at, 180_000);
  return { child, origin, logFile, pid: child.process.pid!, rss: rssOf(child.process.pid!) };
}

const GC_LINE = /: (Scavenge|Mark-Compact|Mark-Compact \(reduce\)|Minor Mark-Compact)\s+([\d.]+) \([\d.]+\) -> ([\d.]+) \([\d.]+\) MB/;

/** What the collector found between the last two marks of `logFile`: allocated bytes, scavenges, full collections. */
function windowOf(logFile: string) {
  const lines = fs.readFileSync(logFile, "utf8").split("\n");
  const marks = lines.flatMap((line, i) => (line.startsWith("ALLOC-MARK ") ? [i] : []));
  const [from, to] = marks.slice(-2);
  let last = Number(lines[from].split(" ")[1]) / 1024 / 1024;
  let allocated = 0;
  let scavenges = 0;
  let full = 0;
  for (const line of lines.slice(from + 1, to)) {
    const m = GC_LINE.exec(line);
    if (!m) continue;
    allocated += Math.max(0, Number(m[2]) - last);
    last = Number(m[3]);
    if (m[1] === "Scavenge" || m[1] === "Minor Mark-Compact") scavenges++;
    else full++;
  }
  allocated += Math.max(0, Number(lines[to].split(" ")[1]) / 1024 / 1024 - last);
  return { bytes: allocated * 1024 * 1024, scavenges, full };
}

async function mark(server: { pid: number; logFile: string }) {
  process.kill(server.pid, "SIGUSR2");
  const before = fs.statSync(server.logFile).size;
  for (let i = 0; i < 50 && fs.statSync(server.logFile).size === before; i++) await sleep(20);
  await sleep(20);
}

async function drive(origin: string, url: Url, amount: number, connections: number) {
  const next = typeof url.path === "string" ? undefined : url.path;
  const result = await autocannon({
    url: origin + (typeof url.path === "string" ? url.path : "/"),
    connections,
    amount,
    headers: { "accept-encoding": "gzip, br", accept: url.accept, "user-agent": USER_AGENT },
    ...(next ? { requests: [{ setupRequest: (req: { path: string }) => ({ ...req, path: next() }) }] } : {}),
  } as autocannon.Options);
  if (result.non2xx || result.errors) throw new Error(`${url.name}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  return result;
}

async function urlsOf(origin: string): Promise<Url[]> {
  const list = (await (await fetch(`${origin}/api/articles?limit=1`, { headers: { accept: JSON_ACCEPT } })).json()) as Array<{ slug: string; title: string }> | { items: Array<{ slug: string; title: string }> };
  const first = (Array.isArray(list) ? list : list.items)[0];
  const typed = first.title.split(/\s+/).find((w) => w.length >= 4)!.slice(0, 3).toLowerCase();
  let miss = 0;
  const words = [...new Set(suggestPrefixes(20_000))];
  return [
    { name: "healthz", path: "/healthz", accept: JSON_ACCEPT },
    { name: "suggest hit", path: `/api/search/suggest?q=${typed}`, accept: JSON_ACCEPT },
    { name: "suggest miss", path: () => `/api/search/suggest?q=${encodeURIComponent(words[miss % words.length])}&v=${miss++}`, accept: JSON_ACCEPT },
    { name: "article page", path: `/article/${first.slug}`, accept: HTML },
    { name: "home", path: "/", accept: HTML },
    { name: "REST article", path: `/api/articles/slug/${first.slug}`, accept: JSON_ACCEPT },
    { name: "REST list", path: "/api/articles?limit=20", accept: JSON_ACCEPT },
  ];
}

type Figures = Map<string, { bytes: number; scavenges: number; full: number }>;

async function measure(root: string, seeded: string): Promise<Figures> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "ds-alloc-"));
  fs.cpSync(seeded, dataDir, { recursive: true });
  fs.rmSync(path.join(dataDir, "server.log"), { force: true });
  const server = await boot(root, dataDir, []);
  const figures: Figures = new Map();
  try {
    const urls = await urlsOf(server.origin);
    for (const url of urls) await drive(server.origin, url, 500, CONNECTIONS);
    if (ONLY) urls.splice(0, urls.length, ...urls.filter((u) => ONLY.includes(u.name)));
    await sleep(3000);
    // The idle server's allocation per second (timers), subtracted from each window in proportion to its length.
    await mark(server);
    const idleFrom = performance.now();
    await sleep(3000);
    await mark(server);
    const idleRate = windowOf(server.logFile).bytes / (performance.now() - idleFrom);
    figures.set("idle (bytes per ms)", { bytes: idleRate, scavenges: 0, full: 0 });
    for (const url of urls) {
      await mark(server);
      const at = performance.now();
      await drive(server.origin, url, REQUESTS, CONNECTIONS);
      await mark(server);
      const w = windowOf(server.logFile);
      figures.set(url.name, { ...w, bytes: (w.bytes - idleRate * (performance.now() - at)) / REQUESTS });
    }
    if (ONLY) return figures;
    // The bench's suggestions: readers' typed prefixes, mostly cache hits once warm, at 32 connections.
    const prefixes = suggestPrefixes(200_000);
    let n = 0;
    const typed: Url = { name: "typed", accept: JSON_ACCEPT, path: () => `/api/search/suggest?q=${encodeURIComponent(prefixes[n++ % prefixes.length])}` };
    await drive(server.origin, typed, FLOOD, 32);
    await mark(server);
    await drive(server.origin, typed, FLOOD, 32);
    await mark(server);
    const w = windowOf(server.logFile);
    figures.set(`typed prefixes at 32 conns`, { ...w, bytes: w.bytes / FLOOD });
    figures.set("RSS after boot (MB)", { bytes: server.rss / 1024 / 1024, scavenges: 0, full: 0 });
  } finally {
    await stopChild(server.child);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  return figures;
}

async function seed(root: string): Promise<string> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "ds-alloc-seed-"));
  const server = await boot(root, dataDir, []);
  await sleep(15_000);
  await stopChild(server.child as Child);
  return dataDir;
}

async function main() {
  const roots = checkoutsFromArgs();
  log(`Bytes allocated per request: ${REQUESTS} requests per URL at ${CONNECTIONS} connections; ${REPEATS} runs per checkout, interleaved; load ${os.loadavg()[0].toFixed(1)}`);
  const seeded = await seed(roots[0]);
  for (let repeat = 1; repeat <= REPEATS; repeat++) {
    for (const root of roots) {
      const figures = await measure(root, seeded);
      log(`run ${repeat} ${root}:`);
      for (const [name, f] of figures) {
        const per10k = (x: number) => ((x * 10_000) / (name.startsWith("typed") ? FLOOD : REQUESTS)).toFixed(0);
        log(`  ${name.padEnd(28)} ${name.includes("(") ? f.bytes.toFixed(1) : `${(f.bytes / 1024).toFixed(1)} KB/req`}${name.includes("(") ? "" : `, scavenges ${per10k(f.scavenges)} / full GCs ${per10k(f.full)} per 10,000`}`);
      }
    }
  }
  fs.rmSync(seeded, { recursive: true, force: true });
}

await main();
