// Every query of the bench's varied list (searchQueries) through the search page's service, in one process, on a kept
// SQLite database (`SCALE=100000 DATA_DIR=/tmp/x npx tsx bench/keep.ts`): the time and CPU of each one's first page
// for a non-member (the text match, the "about N" estimate, the cards, the snippets; not the page's render), its
// distribution, and the slowest 2 % with their shapes. With several checkouts, each query runs on each in turn
// (alternating which goes first), on the same database: an A/B in one sitting. Each checkout runs in a process of its
// own (its own modules and compiler settings), which times each query and answers over IPC.
//   DATA_DIR=/tmp/x npx tsx bench/searchTimes.ts [checkout …]    (SEARCH_QUERIES: how many, 2,000; SEARCH_WARMUP: 200)
import { fork, type ChildProcess } from "node:child_process";
import path from "node:path";
import { searchQueries } from "./corpus.js";
import { checkoutsFromArgs } from "./processes.js";

const dataDir = process.env.DATA_DIR ?? "";
if (!dataDir) throw new Error("DATA_DIR is required (a database kept by bench/keep.ts)");
const COUNT = Number(process.env.SEARCH_QUERIES || 2000);
const WARMUP = Number(process.env.SEARCH_WARMUP || 200);
const log = (line = "") => process.stdout.write(`${line}\n`);

type Results = (q: string) => Promise<{ items: { id: number }[]; total: number }>;
interface Timing {
  ms: number;
  cpu: number;
  total: number;
  /** The count and the page's articles in order. */
  answer: string;
}

/** The search page service of the checkout at `root` on its own data source. */
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

/** In a checkout's process: times each query the parent sends. */
async function worker() {
  const { results, close } = await serviceOf(process.cwd());
  process.on("message", async (message: { q: string } | "close") => {
    if (message === "close") return void (await close(), process.disconnect());
    const cpu = process.cpuUsage();
    const started = performance.now();
    const answer = await results(message.q);
    const ms = performance.now() - started;
    const used = process.cpuUsage(cpu);
    process.send!({ ms, cpu: (used.user + used.system) / 1000, total: answer.total, answer: `${answer.total} ${answer.items.map((item) => item.id).join(",")}` } satisfies Timing);
  });
  process.send!("ready");
}

/** A process for the checkout at `root`, and a function that times one query there. */
async function checkoutProcess(root: string) {
  const child: ChildProcess = fork(import.meta.filename, { cwd: root, execArgv: ["--import", "tsx"], env: { ...process.env, SEARCH_TIMES_WORKER: "1" } });
  let pending: { resolve: (m: unknown) => void; reject: (e: Error) => void } | undefined;
  child.on("message", (m) => pending?.resolve(m));
  child.on("exit", (code) => pending?.reject(new Error(`${root}: the timing process exited (${code})`)));
  const next = () => new Promise<unknown>((resolve, reject) => (pending = { resolve, reject }));
  await next();
  return {
    time: async (q: string) => {
      const answer = next();
      child.send({ q });
      return (await answer) as Timing;
    },
    close: () => new Promise((resolve) => (child.once("exit", resolve), child.send("close"))),
  };
}

async function main() {
  const roots = checkoutsFromArgs();
  const checkouts = await Promise.all(roots.map(checkoutProcess));
  const queries = searchQueries(WARMUP + COUNT);
  for (const q of queries.slice(0, WARMUP)) for (const c of checkouts) await c.time(q);
  const timed = roots.map(() => [] as (Timing & { q: string })[]);
  for (const [n, q] of queries.slice(WARMUP).entries()) {
    const order = n % 2 ? [...checkouts.keys()].reverse() : [...checkouts.keys()];
    for (const i of order) timed[i].push({ q, ...(await checkouts[i].time(q)) });
  }
  log(`${COUNT} varied queries (after ${WARMUP} to warm up), first page for a non-member, ${dataDir}`);
  for (const [i, root] of roots.entries()) {
    const ms = timed[i].map((t) => t.ms).sort((a, b) => a - b);
    const cpu = timed[i].reduce((s, t) => s + t.cpu, 0) / timed[i].length;
    const cpus = timed[i].map((t) => t.cpu).sort((a, b) => a - b);
    log(`${path.basename(root).padEnd(16)} wall p50 ${at(ms, 50).toFixed(1)}  p90 ${at(ms, 90).toFixed(1)}  p99 ${at(ms, 99).toFixed(1)}  max ${ms.at(-1)!.toFixed(1)} ms; CPU mean ${cpu.toFixed(2)}  p50 ${at(cpus, 50).toFixed(1)}  p90 ${at(cpus, 90).toFixed(1)}  p99 ${at(cpus, 99).toFixed(1)}  max ${cpus.at(-1)!.toFixed(1)} ms`);
  }
  // The same answers on every checkout (the count and the page's articles in order), unless a change meant otherwise.
  for (const [i, root] of roots.entries()) {
    if (!i) continue;
    const differ = timed[i].filter((t, n) => t.answer !== timed[0][n].answer);
    log(`${path.basename(root)}: ${differ.length} of ${COUNT} answers differ from ${path.basename(roots[0])}'s${differ.length ? ` (first: ${differ[0].q})` : ""}`);
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
  for (const c of checkouts) await c.close();
}

await (process.env.SEARCH_TIMES_WORKER ? worker() : main());
