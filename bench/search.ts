// Times full-text search at scale on a temporary embedded database (not a test): generates SCALE
// articles (default 100,000) in one transaction, then runs a few hundred varied queries through
// the repository, as GET /api/article-cards?q= does, and prints p50/p99/max per kind of query.
//   npx tsx bench/search.ts            SCALE=20000 npx tsx bench/search.ts
// Searches are a non-member's (free text only); MEMBER=true times a member's (premium articles' gated part too).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { createDataSource } from "../src/dataSource.js";
import { ArticleRepository } from "../src/repositories/articleRepository.js";
import { ContentEvents } from "../src/services/contentEvents.js";

const SCALE = Number(process.env.SCALE ?? 100_000);
const COMMON = "the defense military forces said new report army navy force program".split(" ");
const RARE = "hypersonic interceptor frigate submarine drone radar sanctions ceasefire logistics munitions artillery corvette satellite cyber airlift".split(" ");
const PLACES = "Zürich Kyiv Taipei Warsaw Brussels Ankara Canberra Seoul Tallinn Helsinki".split(" ");
const SPECIAL = ["F-35", "O'Brien", "T-90", "Su-57", "anti-ship", "NATO's"];

let seed = 42;
const random = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)];
// A long tail of generated words, as a real archive has: most occur in few articles.
const tail = (n: number) => Array.from({ length: n }, () => `w${Math.floor(random() ** 3 * 50_000).toString(36)}`);
const sentence = (n: number) => Array.from({ length: n }, () => (random() < 0.5 ? pick(COMMON) : random() < 0.5 ? pick(RARE) : random() < 0.1 ? pick(PLACES) : random() < 0.05 ? pick(SPECIAL) : tail(1)[0])).join(" ");

async function main() {
  // KEEP_DIR=/some/dir keeps the generated database there and reuses it on the next run.
  const dataDir = process.env.KEEP_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), "ds-search-bench-"));
  const reuse = fs.existsSync(path.join(dataDir, "site.db"));
  const ds = createDataSource({ dataDir, databaseUrl: undefined, databaseKind: "sqlite" });
  await ds.initialize();
  await ds.runMigrations({ transaction: "each" });
  const db = (ds.driver as unknown as { databaseConnection: import("better-sqlite3").Database }).databaseConnection;
  if (!reuse) generate(db);
  await timeQueries(ds);
  await ds.destroy();
  if (!process.env.KEEP_DIR) fs.rmSync(dataDir, { recursive: true, force: true });
}

function generate(db: import("better-sqlite3").Database) {
  const started = performance.now();
  const insert = db.prepare(
    `INSERT INTO article (slug, title, excerpt, content, contentHtml, headings, author, category, contentTier, isBreaking, isPremium, status, publishedAt, createdAt, updatedAt)
     VALUES (?, ?, ?, ?, '', '[]', 'Staff', ?, 'news_brief', ?, 0, ?, ?, ?, ?)`,
  );
  const base = Date.now() - SCALE * 60_000;
  db.transaction(() => {
    for (let i = 0; i < SCALE; i++) {
      const at = new Date(base + i * 60_000).toISOString().replace("T", " ").replace("Z", "");
      const content = Array.from({ length: 12 }, () => sentence(20)).join(". ");
      insert.run(`article-${i}`, sentence(8), sentence(25), content, pick(["land", "sea", "air", "intelligence", "security", "politics", "analysis"]), random() < 0.1 ? 1 : 0, random() < 0.97 ? "published" : "draft", at, at, at);
    }
  })();
  console.log(`${SCALE} articles inserted and indexed in ${((performance.now() - started) / 1000).toFixed(1)} s (${(fs.statSync(db.name).size / 2 ** 20).toFixed(0)} MB)`);
}

async function timeQueries(ds: import("typeorm").DataSource) {
  const articles = new ArticleRepository(ds, "Staff", new ContentEvents(() => undefined));
  const queries: Record<string, string[]> = {
    "common word": COMMON.slice(0, 8),
    "two common words": COMMON.slice(0, 8).map((w, i) => `${w} ${COMMON[(i + 3) % COMMON.length]}`),
    "rare word": RARE,
    "prefix (as typed)": RARE.map((w) => w.slice(0, 3)).concat(COMMON.map((w) => w.slice(0, 2))),
    phrase: RARE.slice(0, 8).map((w, i) => `"${w} ${COMMON[i % COMMON.length]}"`),
    "place / hyphen / apostrophe": [...PLACES, ...SPECIAL, "zurich", "f-35 drone"],
    "long-tail word": tail(60),
    "no match": Array.from({ length: 20 }, (_, i) => `zzqx${i}`),
    "common + category": COMMON.slice(0, 8),
  };
  const all: number[] = [];
  const allCpu: number[] = [];
  for (const [kind, list] of Object.entries(queries)) {
    const times: number[] = [];
    const cpu: number[] = [];
    for (const q of list) {
      const t0 = performance.now();
      const c0 = process.cpuUsage();
      const { items, total } = await articles.listPublishedCards({ q, limit: 20, offset: 0, ...(kind === "common + category" ? { category: "sea" } : {}) }, process.env.MEMBER === "true");
      times.push(performance.now() - t0);
      const c = process.cpuUsage(c0);
      cpu.push((c.user + c.system) / 1000);
      if (process.env.VERBOSE) console.log(`  ${q}: ${total} (${items.length}) ${times.at(-1)!.toFixed(1)} ms`);
    }
    all.push(...times);
    allCpu.push(...cpu);
    console.log(`${kind.padEnd(28)} n=${String(times.length).padStart(3)}  wall ${summary(times)}  | cpu ${summary(cpu)}`);
  }
  console.log(`${"all".padEnd(28)} n=${String(all.length).padStart(3)}  wall ${summary(all)}  | cpu ${summary(allCpu)}`);
}

function summary(times: number[]) {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)].toFixed(1);
  return `p50 ${at(50)}  p99 ${at(99)}  max ${sorted.at(-1)!.toFixed(1)} ms`;
}

await main();
