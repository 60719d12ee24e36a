// Where a Mroonga search's time goes, and what other designs of its statements cost (issue 27): on a MariaDB database
// kept by `bench/keep.ts` (with its Mroonga index), each query of the bench's kinds and of its varied list runs one at
// a time through every design in turn (interleaved), a non-member's search with no filters; prints per kind the wall
// ms of each statement and of the whole search per design, and whether each design answered the same ids in the same
// order as the product's code. Times are the server's CPU (the MariaDB thread answering the bench's one connection,
// from /proc: the same machine) per statement and per search, and the wall time of the whole search. Not a test.
//   BENCH_DATABASE_URL=mariadb://root@127.0.0.1:3306/h_bench VARIED=200 ROUNDS=2 DESIGNS=before,"window 2000" npx tsx bench/mroongaDesigns.ts
import "reflect-metadata";
import fs from "node:fs";
import type { DataSource } from "typeorm";
import { createDataSource } from "../src/dataSource.js";
import { searchArticleIds } from "../src/repositories/articleSearch.js";
import { orderCandidates, type SearchFilters } from "../src/repositories/search/articleFilters.js";
import { mroongaScript } from "../src/repositories/search/mroonga.js";
import { rankByColumns } from "../src/repositories/search/columnRank.js";
import { MROONGA_TABLE } from "../src/repositories/search/mroongaIndex.js";
import { parseSearchQuery, type SearchTerm } from "../src/repositories/search/terms.js";
import { toDbDate } from "../src/lib/time.js";
import { searchKinds, searchQueries } from "./corpus.js";

const url = process.env.BENCH_DATABASE_URL || "mariadb://root@127.0.0.1:3306/h_bench";
const ds = createDataSource({ databaseUrl: url, databaseKind: "mariadb", dataDir: "/tmp" } as never);
// One connection, so one server thread answers every statement: its CPU time is the statements' own.
ds.setOptions({ extra: { connectionLimit: 1 } });
await ds.initialize();

/** The server's threads' CPU time (ns, /proc/…/schedstat), when the server runs on this machine. */
const serverPid = (() => {
  for (const pid of fs.readdirSync("/proc").filter((d) => /^\d+$/.test(d)))
    try {
      if (/^(mariadbd|mysqld)$/.test(fs.readFileSync(`/proc/${pid}/comm`, "utf8").trim())) return pid;
    } catch {
      // a process that ended meanwhile
    }
  return "";
})();
// The first search detects the engine (search/engine.ts), which leaves the pool on a new connection: done before the
// thread is looked up.
await searchArticleIds(ds, "officials", { now: new Date() });
/** The thread answering this connection (one thread per connection; MariaDB names it in PROCESSLIST.TID). */
const connectionThread = async (): Promise<string> => String((await ds.query("SELECT TID AS tid FROM information_schema.PROCESSLIST WHERE ID = CONNECTION_ID()"))[0]?.tid ?? "");
const thread = serverPid ? await connectionThread() : "";
const serverCpuMs = () => (thread ? Number(fs.readFileSync(`/proc/${serverPid}/task/${thread}/schedstat`, "utf8").split(" ")[0]) / 1e6 : NaN);
const VARIED = Number(process.env.VARIED || 200);
const ROUNDS = Number(process.env.ROUNDS || 2);
const ONLY = (process.env.DESIGNS ?? "").split(",").filter(Boolean);

type Row = { id: number | string; publishedMs: number | string; title: string; excerpt: string; category: string; score: number | string };
/** Per statement label, the wall ms of each run. */
type Timings = Record<string, number>;

const SCHEDULED_AND_TOP = "SELECT COUNT(*) AS scheduled, (SELECT MAX(id) FROM article) AS top FROM article WHERE status = 'published' AND publishedAt > ?";
const sqlSelect = (columns: string) =>
  `SET STATEMENT mroonga_match_escalation_threshold = -1 FOR SELECT ${columns} FROM ${MROONGA_TABLE} s WHERE MATCH(s.title, s.excerpt, s.category, s.body) AGAINST(? IN BOOLEAN MODE) ORDER BY s.id DESC LIMIT ?`;
const FULL = sqlSelect("s.id AS id, s.publishedMs AS publishedMs, s.title AS title, s.excerpt AS excerpt, s.category AS category, MATCH(s.title, s.excerpt, s.category, s.body) AGAINST(? IN BOOLEAN MODE) AS score");
const IDS_ONLY = sqlSelect("s.id AS id");

/** Runs a statement, adding its server CPU ms to `t[label]`. */
async function timed<T>(t: Timings, label: string, run: () => Promise<T>): Promise<T> {
  const started = serverCpuMs();
  const out = await run();
  t[label] = (t[label] ?? 0) + serverCpuMs() - started;
  return out;
}

/** The product's ranking of the rows a design read (as mroongaCandidates ranks them). */
function ranked(rows: Row[], terms: SearchTerm[], filters: SearchFilters, limit: number) {
  const now = filters.now.getTime();
  const found = rankByColumns(
    rows.map((r) => ({ id: Number(r.id), title: r.title, excerpt: r.excerpt, category: r.category, relevance: Number(r.score), publishedAt: new Date(Number(r.publishedMs)) })),
    terms,
  )
    .filter((r) => r.publishedAt.getTime() <= now)
    .slice(0, limit);
  return orderCandidates(found, undefined).map((r) => Number(r.id));
}

/** A Groonga command's argument, quoted as its command syntax reads it. */
const arg = (s: string) => `'${s.replace(/\\/g, "\\\\").replace(/'/g, "\\'")}'`;
async function groongaSelect(ds: DataSource, script: string, limit: number): Promise<Row[]> {
  const filter = script.replace(/^\*SS /, "");
  const command = `select --table ${MROONGA_TABLE} --match_escalation_threshold -1 --filter ${arg(filter)} --sort_keys -_key --limit ${limit} --output_columns _key,publishedMs,title,excerpt,category,_score --cache no`;
  const [row] = await ds.query("SELECT mroonga_command(?) AS answer", [command]);
  const [[, , ...records]] = JSON.parse(row.answer) as [[[number], unknown[], ...[number, number, string, string, string, number][]]];
  return records.map(([id, publishedMs, title, excerpt, category, score]) => ({ id, publishedMs, title, excerpt, category, score }));
}

type Design = (q: string, t: Timings) => Promise<number[]>;
/** The window of the design before this bench (every query: the newest 10,000 ids, then the whole archive). */
const BEFORE_WINDOW = 10_000;
const designs: Record<string, Design> = {
  /** The product's code as it is (one term: the newest 2,000 ids, then the whole archive; several: the archive). */
  product: (q) => searchArticleIds(ds, q, { now: new Date() }),
  /** The design before with its statements selecting ids only: what reading the text columns and the score costs (not the same answers). */
  "ids only": async (q, t) => {
    const terms = parseSearchQuery(q);
    const [{ top }] = await ds.query(SCHEDULED_AND_TOP, [toDbDate(new Date())]);
    const from = Number(top ?? 0) - BEFORE_WINDOW;
    let rows: Row[] = [];
    if (from > 0) {
      const script = mroongaScript(terms, { now: new Date() }, from);
      rows = await timed(t, "window", () => ds.query(IDS_ONLY, [script, 500]));
    }
    if (rows.length < 500) {
      const script = mroongaScript(terms, { now: new Date() });
      rows = await timed(t, "archive", () => ds.query(IDS_ONLY, [script, 500]));
    }
    return rows.map((r) => Number(r.id));
  },
  /** The design before's statements as Groonga `select` commands through mroonga_command (JSON back; the function must
   *  exist: CREATE FUNCTION mroonga_command RETURNS STRING SONAME 'ha_mroonga.so'). */
  "mroonga_command": async (q, t) => {
    const filters: SearchFilters = { now: new Date() };
    const terms = parseSearchQuery(q);
    const [{ scheduled, top }] = await timed(t, "scheduled+top", () => ds.query(SCHEDULED_AND_TOP, [toDbDate(filters.now)]));
    const limit = 500 + Number(scheduled);
    const from = Number(top ?? 0) - BEFORE_WINDOW;
    let rows: Row[] = [];
    if (from > 0) rows = await timed(t, "window", () => groongaSelect(ds, mroongaScript(terms, filters, from), limit));
    if (rows.length < limit) rows = await timed(t, "archive", () => groongaSelect(ds, mroongaScript(terms, filters), limit));
    return ranked(rows, terms, filters, 500);
  },
};

/** The product's statements with another window script (`window` is given the terms' match script and the lowest id):
 *  the whole archive when it holds too few. */
const windowed = (window: ((match: string, from: number) => string) | null, size = BEFORE_WINDOW) => async (q: string, t: Timings, rewrite = (script: string) => script) => {
  const filters: SearchFilters = { now: new Date() };
  const terms = parseSearchQuery(q);
  const [{ scheduled, top }] = await timed(t, "scheduled+top", () => ds.query(SCHEDULED_AND_TOP, [toDbDate(filters.now)]));
  const limit = 500 + Number(scheduled);
  const from = Number(top ?? 0) - size;
  const match = rewrite(mroongaScript(terms, filters).replace(/^\*SS /, ""));
  let rows: Row[] = [];
  if (window && from > 0) {
    const script = `*SS ${window(match, from)}`;
    rows = await timed(t, "window", () => ds.query(FULL, [script, script, limit]));
  }
  if (rows.length < limit) {
    const script = `*SS ${match}`;
    rows = await timed(t, "archive", () => ds.query(FULL, [script, script, limit]));
  }
  return ranked(rows, terms, filters, 500);
};
designs["before"] = windowed((match, from) => `_key >= ${from} && ${match}`);
designs["archive only"] = windowed(null);
/** The product's design with single words unquoted in the Groonga query (`electronic` for `"electronic"`). */
designs["bare words"] = async (q, t) => {
  const terms = parseSearchQuery(q);
  const one = terms.filter((x) => x.words.length).length === 1;
  const design = one ? windowed((match, from) => `_key >= ${from} && ${match}`, 2000) : windowed(null);
  return design(q, t, (script) => script.replace(/\\"([\p{L}\p{N}\p{M}]+)\\"/gu, "$1"));
};
/** The product's design with a lone prefix term as two queries joined in the script (`query("\"w\"") || query("w*")`). */
designs["split prefix"] = async (q, t) => {
  const terms = parseSearchQuery(q);
  const one = terms.filter((x) => x.words.length).length === 1;
  const design = one ? windowed((match, from) => `_key >= ${from} && ${match}`, 2000) : windowed(null);
  return design(q, t, (script) => script.replace(/^query\(("[^"]+"), "\(\\"([\p{L}\p{N}\p{M}]+)\\" OR ([\p{L}\p{N}\p{M}]+)\*\)"\)$/u, '(query($1, "\\"$2\\"") || query($1, "$3*"))'));
};
designs["match first"] = windowed((match, from) => `${match} && _key >= ${from}`);
for (const size of [1000, 2000, 5000, 20000]) designs[`window ${size}`] = windowed((match, from) => `_key >= ${from} && ${match}`, size);
designs["between"] = windowed((match, from) => `between(_key, ${from}, "include", 2147483647, "include") && ${match}`);

const kinds: Record<string, string[]> = { ...searchKinds(), varied: searchQueries(VARIED) };
const names = Object.keys(designs).filter((d) => !ONLY.length || ONLY.includes(d) || d === "product");
const [{ n }] = await ds.query("SELECT COUNT(*) AS n FROM article");
console.log(`${Number(n).toLocaleString("en-US")} articles; designs: ${names.join(", ")}; ${ROUNDS} rounds`);
for (const [kind, queries] of Object.entries(kinds)) {
  const times = new Map<string, Map<string, number[]>>(names.map((d) => [d, new Map()]));
  const differ = new Map<string, number>();
  for (let round = 0; round < ROUNDS; round++)
    for (const q of queries) {
      let expected: number[] | undefined;
      for (const d of round % 2 ? [...names].reverse() : names) {
        const t: Timings = {};
        const [started, cpu] = [performance.now(), serverCpuMs()];
        const ids = await designs[d](q, t);
        t["server CPU"] = serverCpuMs() - cpu;
        t["wall"] = performance.now() - started;
        for (const [label, ms] of Object.entries(t)) (times.get(d)!.get(label) ?? times.get(d)!.set(label, []).get(label)!).push(ms);
        if (d === "product") expected = ids;
        else if (expected && d !== "ids only" && ids.join() !== expected.join()) differ.set(d, (differ.get(d) ?? 0) + 1);
      }
    }
  if ((await connectionThread()) !== thread) throw new Error("the bench's connection changed: its CPU times are not the statements'");
  console.log(`\n${kind} (${queries.length} queries × ${ROUNDS})`);
  for (const [d, labels] of times)
    for (const [label, xs] of labels) {
      xs.sort((a, b) => a - b);
      const at = (p: number) => xs[Math.min(xs.length - 1, Math.floor(p * xs.length))].toFixed(1);
      const mean = (xs.reduce((a, b) => a + b, 0) / xs.length).toFixed(1);
      console.log(`  ${d.padEnd(16)} ${label.padEnd(14)} n=${String(xs.length).padStart(4)} mean ${mean.padStart(6)} p50 ${at(0.5).padStart(6)} p99 ${at(0.99).padStart(6)} ms${label === "wall" && differ.get(d) ? `  DIFFERENT ids on ${differ.get(d)}` : ""}`);
    }
}
await ds.destroy();
