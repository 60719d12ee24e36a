// Generates SCALE articles into DATA_DIR (embedded database) and stops: a kept database for profiling.
//   SCALE=100000 DATA_DIR=/tmp/bench-data npx tsx bench/keep.ts
import fs from "node:fs";
import { bodyTemplates, generateArticles, generateComments, middleArticle } from "./corpus.js";
import { loadSqlite } from "./database.js";

const SCALE = Number(process.env.SCALE ?? 100_000);
const dataDir = process.env.DATA_DIR ?? "";
if (!dataDir) throw new Error("DATA_DIR is required");
fs.mkdirSync(dataDir, { recursive: true });
const templates = await bodyTemplates(150);
const now = Date.now();
const { slug } = middleArticle(SCALE, templates, now);
const result = await loadSqlite({ dataDir, databaseUrl: "" }, generateArticles(SCALE, templates, now), slug, generateComments(6));
console.log(`${result.articles} articles; benchmarked slug ${slug}`);
