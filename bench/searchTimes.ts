// Every query of the bench's varied list (searchQueries) through the search page's service, in one process, on a kept
// SQLite database (`SCALE=100000 DATA_DIR=/tmp/x npx tsx bench/keep.ts`): the time and CPU of each one's first page
// for a non-member (the text match, the "about N" estimate, the cards, the snippets; not the page's render), its
// distribution, and the slowest 2 % with their shapes. With several checkouts, each query runs on each in turn
// (alternating which goes first), on the same database: an A/B in one sitting.
//   DATA_DIR=/tmp/x npx tsx bench/searchTimes.ts [checkout …]    (SEARCH_QUERIES: how many, 2,000; SEARCH_WARMUP: 200)
import path from "node:path";
import { searchQueries } from "./corpus.js";
import { checkoutsFromArgs } from "./processes.js";

const dataDir = process.env.DATA_DIR ?? "";
if (!dataDir) throw new Error("DATA_DIR is required (a database kept by bench/keep.ts)");
const COUNT = Number(process.env.SEARCH_QUERIES || 2000);
const WARMUP = Number(process.env.SEARCH_WARMUP || 200);
const log = (line = "") => process.stdout.write(`${line}\n`);

type Results = (q: string) => Promise<{ items: unknown[]; total: number }>;

/** One checkout's search page service on its own data source (its own entity classes). */
async function serviceOf(root: string): Promise<{ results: Results; close: () => Promise<void> }> {
  const load = (file: string) => import(path.join(root, file));
  await import("reflect-metadata");
  const { createDataSource } = await load("src/dataSource.ts");
  const { SearchReads } = await load("src/repositories/searchReads.ts");
  const { SearchPageService } = await load("src/services/search/searchPage.ts");
  const { SearchVocabulary } = await load("src/services/search/vocabulary.ts");
  const { searchPageInput } = await load("src/schemas/search.ts");
  const ds = createDataSource({ databaseUrl: "", databaseKind: "sqlite", dataDir });
  await ds.initialize();
  const reads = new SearchReads(ds);
  const service = new SearchPageService(reads, new SearchVocabulary(reads, { on: () => {} }));
  return {
    results: (q) => service.results(searchPageInput.parse({ q }), { kind: "anonymous" }, "UTC"),
    close: () => ds.destroy(),
  };
}

const at = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const shapeOf = (q: string) =>
  q.startsWith('"') ? "phrase" : `${q.split(" ").length} word${q.includes(" ") ? "s" : ""}`;

async function main() {
  const roots = checkoutsFromArgs();
  const services = await Promise.all(roots.map(serviceOf));
  const queries = searchQueries(WARMUP + COUNT);
  for (const q of queries.slice(0, WARMUP)) for (const s of services) await s.results(q);
  const timed = roots.map(() => [] as { q: string; ms: number; cpu: number; total: number }[]);
  for (const [n, q] of queries.slice(WARMUP).entries()) {
    const order = n % 2 ? [...services.keys()].reverse() : [...services.keys()];
    for (const i of order) {
      const cpu = process.cpuUsage();
      const started = performance.now();
      const answer = await services[i].results(q);
      const ms = performance.now() - started;
      const used = process.cpuUsage(cpu);
      timed[i].push({ q, ms, cpu: (used.user + used.system) / 1000, total: answer.total });
    }
  }
  log(`${COUNT} varied queries (after ${WARMUP} to warm up), first page for a non-member, ${dataDir}`);
  for (const [i, root] of roots.entries()) {
    const ms = timed[i].map((t) => t.ms).sort((a, b) => a - b);
    const cpu = timed[i].reduce((s, t) => s + t.cpu, 0) / timed[i].length;
    const cpus = timed[i].map((t) => t.cpu).sort((a, b) => a - b);
    log(`${path.basename(root).padEnd(16)} wall p50 ${at(ms, 50).toFixed(1)}  p90 ${at(ms, 90).toFixed(1)}  p99 ${at(ms, 99).toFixed(1)}  max ${ms.at(-1)!.toFixed(1)} ms; CPU mean ${cpu.toFixed(2)}  p50 ${at(cpus, 50).toFixed(1)}  p90 ${at(cpus, 90).toFixed(1)}  p99 ${at(cpus, 99).toFixed(1)}  max ${cpus.at(-1)!.toFixed(1)} ms`);
  }
  // By CPU: on a shared machine a query's wall time is mostly the other processes'.
  const slowest = [...timed[0]].sort((a, b) => b.cpu - a.cpu).slice(0, Math.ceil(COUNT / 50));
  log(`\nThe 2 % that took the most CPU on ${path.basename(roots[0])} (CPU ms, wall ms, shape, matches, query):`);
  for (const t of slowest) log(`${t.cpu.toFixed(1).padStart(7)} ${t.ms.toFixed(1).padStart(7)}  ${shapeOf(t.q).padEnd(8)} ${String(t.total).padStart(7)}  ${t.q}`);
  const byShape = new Map<string, number[]>();
  for (const t of timed[0]) byShape.set(shapeOf(t.q), [...(byShape.get(shapeOf(t.q)) ?? []), t.cpu]);
  log(`\nCPU by shape on ${path.basename(roots[0])}:`);
  for (const [shape, list] of byShape) {
    const mean = list.reduce((s, x) => s + x, 0) / list.length;
    list.sort((a, b) => a - b);
    log(`${shape.padEnd(8)} n=${String(list.length).padStart(4)}  mean ${mean.toFixed(1)}  p50 ${at(list, 50).toFixed(1)}  p99 ${at(list, 99).toFixed(1)}  max ${list.at(-1)!.toFixed(1)} ms`);
  }
  for (const s of services) await s.close();
}

await main();
