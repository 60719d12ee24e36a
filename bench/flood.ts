// Issue 27's flooded row alone, for one checkout or several side by side, interleaved round by round (the machine's
// load drifts: compare within a round): the article page at 8 connections alone, the search page's uncached queries at 32
// connections alone, then both at once (the article while the searches flood), as `npm run bench` measures them, on a
// database kept by bench/keep.ts. The article's req/s flooded and the searches' show how the CPU was shared. The bare
// res.json ceiling server (bench/ceiling.mjs) is read the same way beside each checkout, alone and while its searches
// flood: the floor the machine itself sets on the flooded p99.
//   SCALE=20000 DATA_DIR=/tmp/flood-db npx tsx bench/keep.ts      (prints the benchmarked slug)
//   DATA_DIR=/tmp/flood-db ARTICLE_SLUG=… npx tsx bench/flood.ts /path/to/checkout-a /path/to/checkout-b
//   FLOOD_ROUNDS=2  FLOOD_DURATION=10 (seconds per run)  BENCH_CONNECTIONS=32 (the flood's)
//   BENCH_DATABASE_URL=mariadb://root@127.0.0.1:3306/h_bench: the articles a MariaDB bench left there instead (DATA_DIR
//   then only holds the uploads; ARTICLE_SLUG is the one that bench printed)
// Each checkout runs its own build (`npm start` builds one that is missing or stale). One checkout under several
// settings: `/path/to/checkout+SEARCH_ENGINE=mroonga` runs it with those variables added (`+A=1+B=2`).
import os from "node:os";
import path from "node:path";
import fs from "node:fs";
import { searchQueries } from "./corpus.js";
import { drive, type RunResult } from "./load.js";
import { checkoutsFromArgs, freePort, productEnv, searchEngineReady, serverProcess, startCeiling, startChild, stopChild, waitUntilAnswering } from "./processes.js";

const dataDir = process.env.DATA_DIR ?? "";
const slug = process.env.ARTICLE_SLUG ?? "";
if (!dataDir || !slug) throw new Error("DATA_DIR (a database kept by bench/keep.ts) and ARTICLE_SLUG (the slug it printed) are required");
const ROUNDS = Number(process.env.FLOOD_ROUNDS || 2);
const DURATION = Number(process.env.FLOOD_DURATION || 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 32);
const HTML = "text/html";
const logDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-flood-"));

const ceiling = await startCeiling(path.resolve(import.meta.dirname, ".."), path.join(logDir, "ceiling.log"));
const ceilingTarget = { name: "ceiling, 8 connections", path: "/", accept: "application/json" };

async function measure(spec: string): Promise<Record<"alone" | "searchAlone" | "flooded" | "flood" | "floorAlone" | "floorFlooded", RunResult>> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const since = performance.now();
  const [checkout, ...settings] = spec.split("+");
  const env = { ...productEnv(port, dataDir, process.env.BENCH_DATABASE_URL ?? ""), ...Object.fromEntries(settings.map((s) => s.split("="))) };
  const child = startChild(checkout, "npm", ["start"], env, path.join(logDir, `${path.basename(spec)}.log`), checkout);
  try {
    await waitUntilAnswering(child, `${origin}/api/articles?limit=1`, since, 600_000);
    console.log(`${spec}: ${await searchEngineReady(origin, serverProcess(child.process.pid!))}`);
    // A new page cache: the same queries, uncached, for every checkout.
    const queries = searchQueries(60_000);
    let next = 0;
    const article = { name: "article page, 8 connections", path: `/article/${slug}`, accept: HTML };
    const search = { name: "search flood", path: () => `/search?q=${encodeURIComponent(queries[next++ % queries.length])}`, accept: HTML };
    await drive(origin, article, 2, 8);
    await drive(origin, search, 2, CONNECTIONS);
    const alone = await drive(origin, article, DURATION, 8);
    const searchAlone = await drive(origin, search, DURATION, CONNECTIONS);
    const [flooded, flood] = await Promise.all([drive(origin, article, DURATION, 8), drive(origin, search, DURATION, CONNECTIONS)]);
    const floorAlone = await drive(ceiling.origin, ceilingTarget, DURATION, 8);
    const [floorFlooded] = await Promise.all([drive(ceiling.origin, ceilingTarget, DURATION, 8), drive(origin, search, DURATION, CONNECTIONS)]);
    return { alone, searchAlone, flooded, flood, floorAlone, floorFlooded };
  } finally {
    await stopChild(child);
  }
}

const checkouts = checkoutsFromArgs();
const ms = (n: number) => String(Math.round(n)).padStart(6);
console.log(`article page p50/p99 ms at 8 connections, alone and while ${CONNECTIONS} connections flood /search; ${DURATION} s per run`);
console.log("round  checkout                  article: alone p50  p99  flooded p50  p99  ratio p99  req/s   search req/s: alone  flooding   ceiling p99: alone  flooded  ratio");
for (let round = 1; round <= ROUNDS; round++) {
  // Interleaved, the order turned every other round.
  for (const checkout of round % 2 ? checkouts : [...checkouts].reverse()) {
    const { alone, searchAlone, flooded, flood, floorAlone, floorFlooded } = await measure(checkout);
    const rate = (r: RunResult) => r.requestsPerSecond.toFixed(0).padStart(6);
    const ratioOf = (a: RunResult, b: RunResult) => (a.p99 / Math.max(1, b.p99)).toFixed(1).padStart(5);
    const ratio = ratioOf(flooded, alone);
    console.log(`${String(round).padEnd(6)} ${checkout.padEnd(33)} ${ms(alone.p50)} ${ms(alone.p99)}      ${ms(flooded.p50)} ${ms(flooded.p99)}  ${ratio}× ${rate(flooded)}                ${rate(searchAlone)}    ${rate(flood)}                ${ms(floorAlone.p99)}   ${ms(floorFlooded.p99)} ${ratioOf(floorFlooded, floorAlone)}×`);
  }
}
await stopChild(ceiling.child);
