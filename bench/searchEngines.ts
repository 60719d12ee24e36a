// The engine comparison of issue 27 (README "Search engines on MariaDB"): times the same queries on a MariaDB
// database the reading bench loaded (`BENCH_DB=mariadb npm run bench` leaves it there) through
//   - Mroonga (the product's engine when the server runs it),
//   - InnoDB FULLTEXT as the product runs it without Mroonga (per-column MATCHes, 1.5 s limit, then the fallback),
//   - InnoDB FULLTEXT with one MATCH per query and the columns ranked from the candidates (a better InnoDB design),
// one query at a time, non-member searches (free text). Not a test; prints p50/p99/max per kind of query.
//   BENCH_DATABASE_URL=mariadb://root@127.0.0.1:3306/h_bench npx tsx bench/searchEngines.ts
import "reflect-metadata";
import { createDataSource } from "../src/dataSource.js";
import { configureSearchEngine, parseSearchQuery, searchArticleIds, searchEngineOf } from "../src/repositories/articleSearch.js";
import { articleFilters } from "../src/repositories/search/articleFilters.js";
import { innodbExpressions } from "../src/repositories/search/terms.js";
import { searchKinds, searchQueries } from "./corpus.js";

const url = process.env.BENCH_DATABASE_URL || "mariadb://root@127.0.0.1:3306/h_bench";
const ds = createDataSource({ databaseUrl: url, databaseKind: url.startsWith("mariadb:") ? "mariadb" : "mysql", dataDir: "/tmp" } as never);
await ds.initialize();
const [{ n }] = await ds.query("SELECT COUNT(*) AS n FROM article");
console.log(`${Number(n).toLocaleString("en-US")} articles in ${url.replace(/\/\/[^@/]*@/, "//")}`);

/** Queries per kind (InnoDB takes seconds on the common ones). */
const PER_KIND = Number(process.env.PER_KIND || 6);
const kinds: Record<string, string[]> = Object.fromEntries(Object.entries({ ...searchKinds(), "varied (the bench's search page)": searchQueries(40) }).map(([k, list]) => [k, list.slice(0, PER_KIND * (k.startsWith("varied") ? 3 : 1))]));
/** One MATCH over title, excerpt, body and category per body column (free articles' bodies, premium previews), limited to 5 s. */
async function oneMatch(q: string) {
  const { required } = innodbExpressions(parseSearchQuery(q));
  if (!required) return [];
  const { where, params } = articleFilters({ now: new Date() });
  const run = (body: "content" | "previewContent", premium: 0 | 1) =>
    ds.query(
      `SET STATEMENT max_statement_time = 5 FOR SELECT a.id, a.title, a.excerpt, a.category, a.publishedAt FROM article a WHERE MATCH(a.title, a.excerpt, a.${body}, a.category) AGAINST(? IN BOOLEAN MODE) AND a.isPremium = ${premium}${where} ORDER BY a.id DESC LIMIT 500`,
      [required, ...params],
    );
  return [...(await run("content", 0)), ...(await run("previewContent", 1))];
}

const engines: Record<string, (q: string, gaveUp: () => void) => Promise<unknown>> = {
  Mroonga: (q) => searchArticleIds(ds, q, { now: new Date() }),
  "InnoDB as the product runs it": (q, gaveUp) => searchArticleIds(ds, q, { now: new Date(), onTimeout: gaveUp }),
  "InnoDB, one MATCH": (q, gaveUp) => oneMatch(q).catch((error: { errno?: number; driverError?: { errno?: number } }) => {
    if ((error.driverError?.errno ?? error.errno) !== 1969 && (error.driverError?.errno ?? error.errno) !== 188) throw error;
    gaveUp();
  }),
};
const only = process.env.ENGINES?.split(",");
for (const [engine, search] of Object.entries(engines)) {
  if (only && !only.some((o) => engine.toLowerCase().includes(o.toLowerCase()))) continue;
  configureSearchEngine(ds, engine === "Mroonga" ? "auto" : "innodb");
  if (engine === "Mroonga" && (await searchEngineOf(ds)).engine !== "mroonga") {
    console.log("Mroonga: not available on this server or not built; skipped");
    continue;
  }
  for (const [kind, queries] of Object.entries(kinds)) {
    const times: number[] = [];
    let gaveUp = 0;
    for (const q of queries) {
      const started = performance.now();
      await search(q, () => gaveUp++);
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    const at = (p: number) => times[Math.min(times.length - 1, Math.ceil((p / 100) * times.length) - 1)].toFixed(0);
    console.log(`${engine.padEnd(30)} ${kind.padEnd(34)} n=${String(times.length).padStart(3)}  p50 ${at(50).padStart(5)}  p99 ${at(99).padStart(5)}  max ${times.at(-1)!.toFixed(0).padStart(5)} ms${gaveUp ? `  (${gaveUp} gave up: fallback answers)` : ""}`);
  }
}
await ds.destroy();
