// Generates SCALE articles and stops: a kept database for profiling. Into DATA_DIR (embedded database), or with
// BENCH_DATABASE_URL into that MySQL/MariaDB database (dropped and created afresh; the Mroonga index built when the
// server runs it), as `npm run bench` loads them.
//   SCALE=100000 DATA_DIR=/tmp/bench-data npx tsx bench/keep.ts
//   SCALE=100000 BENCH_DATABASE_URL=mariadb://root@127.0.0.1:3306/h_bench npx tsx bench/keep.ts
import fs from "node:fs";
import { bodyTemplates, generateArticles, generateComments, middleArticle } from "./corpus.js";
import { loadMysql, loadSqlite } from "./database.js";

const SCALE = Number(process.env.SCALE ?? 100_000);
const databaseUrl = process.env.BENCH_DATABASE_URL ?? "";
const dataDir = process.env.DATA_DIR ?? "";
if (!dataDir && !databaseUrl) throw new Error("DATA_DIR or BENCH_DATABASE_URL is required");
if (dataDir) fs.mkdirSync(dataDir, { recursive: true });
const templates = await bodyTemplates(150);
const now = Date.now();
const { slug } = middleArticle(SCALE, templates, now);
const load = databaseUrl ? loadMysql : loadSqlite;
const result = await load({ dataDir: dataDir || "/tmp", databaseUrl }, generateArticles(SCALE, templates, now), slug, generateComments(6));
console.log(`${result.articles} articles; benchmarked slug ${slug}`);
