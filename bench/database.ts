// Fast path into a fresh database: the app's own migrations create the schema, then generated
// articles go straight into the `article` table in big transactions (so any index or trigger a
// migration adds, full-text ones included, fills itself), bypassing the app's per-article save.
import path from "node:path";
import Database from "better-sqlite3";
import mysql from "mysql2/promise";
import type { DataSource } from "typeorm";
import { splitPreview } from "../src/lib/premiumPreview.js";
import { contentHash } from "../src/lib/paywallViews.js";
import type { GeneratedArticle } from "./corpus.js";
import { createMroongaIndex, dropMroongaIndex } from "../src/repositories/search/mroongaIndex.js";

const ARTICLE_COLUMNS = [
  "slug", "title", "excerpt", "content", "contentHtml", "headings", "author", "category", "contentTier", "imageUrl", "imageAlt",
  "isBreaking", "isPremium", "status", "publishedAt", "createdAt", "updatedAt", "previewContent",
] as const;
/** A premium article's row of `article_paywall_view`, as its save stores it (entities/ArticlePaywallView.ts). */
const paywallViewValues = (articleId: number | bigint, a: GeneratedArticle) => [articleId, contentHash(a.content), a.paywallViews];
const INSERT_PAYWALL_VIEW = "INSERT INTO article_paywall_view (articleId, contentHash, views) VALUES";
const COMMENT_COLUMNS = ["articleId", "authorName", "authorEmail", "content", "status", "createdAt"] as const;

export interface Comment {
  authorName: string;
  authorEmail: string;
  content: string;
  status: string;
}

export interface BenchDatabase {
  /** The DATABASE_URL the server gets (empty for the embedded database). */
  databaseUrl: string;
  dataDir: string;
}

/** TypeORM's stored form of a date on both dialects: UTC `YYYY-MM-DD HH:MM:SS.mmm`. */
const sqlDate = (d: Date | null) => (d ? d.toISOString().replace("T", " ").replace("Z", "") : null);

function articleValues(a: GeneratedArticle) {
  // The free preview a premium article's save stores (Article.keepPreviewInStep), which a non-member's search reads.
  const row = { ...a, previewContent: a.isPremium ? splitPreview(a.content).preview : null };
  return ARTICLE_COLUMNS.map((column) => {
    const value = row[column];
    if (typeof value === "boolean") return value ? 1 : 0;
    if (value instanceof Date || value === null) return sqlDate(value as Date | null);
    return value;
  });
}

/** Whether the server runs Mroonga (the product then searches through its index). */
async function mroongaAvailable(databaseUrl: string) {
  const conn = await mysql.createConnection({ uri: databaseUrl.replace(/^mariadb:/, "mysql:") });
  const [rows] = await conn.query<mysql.RowDataPacket[]>("SELECT SUPPORT AS support FROM information_schema.ENGINES WHERE ENGINE = 'Mroonga'");
  await conn.end();
  return ["YES", "DEFAULT"].includes(rows[0]?.support as string);
}

/** Runs `task` on the app's own data source for this database (createDataSource, as `npm start` would). */
async function withDataSource(db: BenchDatabase, task: (ds: DataSource) => Promise<unknown>) {
  const { createDataSource } = await import("../src/dataSource.js");
  const kind = db.databaseUrl.startsWith("mariadb:") ? "mariadb" : db.databaseUrl ? "mysql" : "sqlite";
  const ds = createDataSource({ databaseUrl: db.databaseUrl || undefined, databaseKind: kind, dataDir: db.dataDir });
  await ds.initialize();
  try {
    await task(ds);
  } finally {
    await ds.destroy();
  }
}

/** Creates the schema with the app's migrations. */
const runMigrations = (db: BenchDatabase) => withDataSource(db, (ds) => ds.runMigrations({ transaction: "each" }));

/**
 * Stores every loaded article's SEO audit with the product's own start-up backfill (SeoAuditService.auditMissing),
 * without its rests. Otherwise the product measured next audits the whole archive in the background while it is
 * measured (at 100,000 articles on MariaDB, minutes of work at up to a quarter of its process), which a kept
 * database audited by an earlier start does not: the two would not be measured alike.
 */
export const auditArticles = (db: BenchDatabase) =>
  withDataSource(db, async (ds) => {
    const [{ SeoAuditService }, { SeoAuditRepository }] = await Promise.all([import("../src/services/seoAudit.js"), import("../src/repositories/seoAuditRepository.js")]);
    return new SeoAuditService(new SeoAuditRepository(ds), "").auditMissing({ slice: 1000, restFactor: 0 });
  });

export interface LoadResult {
  articles: number;
  /** The id of the benchmarked article (the one with `benchSlug`). */
  benchArticleId: number;
}

type Rows = Iterable<GeneratedArticle>;

/** SQLite: prepared statements through better-sqlite3, 5,000 rows per transaction, then ANALYZE. */
export async function loadSqlite(db: BenchDatabase, rows: Rows, benchSlug: string, comments: Comment[]): Promise<LoadResult> {
  await runMigrations(db);
  const sqlite = new Database(path.join(db.dataDir, "site.db"));
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("synchronous = OFF");
  const insert = sqlite.prepare(`INSERT INTO article (${ARTICLE_COLUMNS.map((c) => `"${c}"`).join(", ")}) VALUES (${ARTICLE_COLUMNS.map(() => "?").join(", ")})`);
  const insertView = sqlite.prepare(`${INSERT_PAYWALL_VIEW} (?, ?, ?)`);
  const insertMany = sqlite.transaction((batch: GeneratedArticle[]) =>
    batch.forEach((a) => {
      const { lastInsertRowid } = insert.run(articleValues(a));
      if (a.paywallViews) insertView.run(paywallViewValues(lastInsertRowid, a));
    }),
  );
  let count = 0;
  for (const batch of batches(rows, 5000)) {
    insertMany(batch);
    count += batch.length;
  }
  const { id: benchArticleId } = sqlite.prepare("SELECT id FROM article WHERE slug = ?").get(benchSlug) as { id: number };
  const insertComment = sqlite.prepare(`INSERT INTO comment (${COMMENT_COLUMNS.map((c) => `"${c}"`).join(", ")}) VALUES (${COMMENT_COLUMNS.map(() => "?").join(", ")})`);
  sqlite.transaction(() => commentRows(benchArticleId, comments).forEach((values) => insertComment.run(values)))();
  sqlite.exec("ANALYZE");
  sqlite.pragma("wal_checkpoint(TRUNCATE)");
  sqlite.close();
  await auditArticles(db);
  return { articles: count, benchArticleId };
}

/** MySQL/MariaDB: the database is dropped and created afresh, then multi-row INSERTs through mysql2, 5,000 rows per transaction. */
export async function loadMysql(db: BenchDatabase, rows: Rows, benchSlug: string, comments: Comment[]): Promise<LoadResult> {
  const url = new URL(db.databaseUrl.replace(/^mariadb:/, "mysql:"));
  const database = decodeURIComponent(url.pathname.slice(1));
  if (!/^\w+$/.test(database)) throw new Error(`BENCH_DATABASE_URL must name a database (letters, digits, _): ${database}`);
  const admin = await mysql.createConnection({ uri: `${url.protocol}//${url.username ? `${url.username}${url.password ? `:${url.password}` : ""}@` : ""}${url.host}/` });
  await admin.query(`DROP DATABASE IF EXISTS \`${database}\``);
  await admin.query(`CREATE DATABASE \`${database}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  await admin.end();
  await runMigrations(db);
  const conn = await mysql.createConnection({ uri: url.toString(), charset: "utf8mb4_unicode_ci" });
  // With Mroonga, its index is dropped for the load and built after it, as the migration builds it over an archive
  // already there (the triggers would index row by row, several times slower).
  const run = (sql: string) => conn.query(sql);
  const mroonga = await mroongaAvailable(db.databaseUrl);
  if (mroonga) await dropMroongaIndex(run);
  let count = 0;
  for (const batch of batches(rows, 5000)) {
    await conn.beginTransaction();
    for (let i = 0; i < batch.length; i += 200) {
      const rows = batch.slice(i, i + 200);
      const [inserted] = await conn.query<mysql.ResultSetHeader>(`INSERT INTO article (${ARTICLE_COLUMNS.map((c) => `\`${c}\``).join(", ")}) VALUES ?`, [rows.map(articleValues)]);
      // One multi-row INSERT takes consecutive ids from insertId (InnoDB, a single loader).
      const views = rows.flatMap((a, j) => (a.paywallViews ? [paywallViewValues(inserted.insertId + j, a)] : []));
      if (views.length) await conn.query(`${INSERT_PAYWALL_VIEW} ?`, [views]);
    }
    await conn.commit();
    count += batch.length;
  }
  const [[{ id: benchArticleId }]] = await conn.query<mysql.RowDataPacket[]>("SELECT id FROM article WHERE slug = ?", [benchSlug]);
  await conn.query(`INSERT INTO comment (${COMMENT_COLUMNS.map((c) => `\`${c}\``).join(", ")}) VALUES ?`, [commentRows(benchArticleId, comments)]);
  if (mroonga) {
    const started = performance.now();
    await createMroongaIndex(run);
    console.log(`Mroonga index (article_search) built over ${count.toLocaleString("en-US")} articles in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
  }
  await conn.query("ANALYZE TABLE article, comment");
  await conn.end();
  await auditArticles(db);
  return { articles: count, benchArticleId };
}

/** The benchmarked article's comments, an hour apart, ending an hour ago. */
function commentRows(articleId: number, comments: Comment[]) {
  const now = Date.now();
  return comments.map((c, i) => [articleId, c.authorName, c.authorEmail, c.content, c.status, sqlDate(new Date(now - (comments.length - i) * 3_600_000))]);
}

function* batches<T>(items: Iterable<T>, size: number): Generator<T[]> {
  let batch: T[] = [];
  for (const item of items) {
    batch.push(item);
    if (batch.length === size) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length) yield batch;
}
