// Builds a database worth backing up and compares two databases and media folders through TypeORM's entities,
// independently of the backup code's own reading.
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import type { DataSource } from "typeorm";
import { parseConfig, type Config } from "../../src/config.js";
import { createDataSource } from "../../src/dataSource.js";
import { seedIfEmpty } from "../../src/seed/seed.js";
import { createArticle } from "./factories.js";
import { runTmpDir } from "./runTmp.js";
import type { TestApp } from "./testApp.js";

/** Sample content in every seeded table, plus unicode, a 90,000-character body, nulls, dates with milliseconds and uploaded images. */
export async function populate(t: TestApp) {
  await seedIfEmpty(t.services);
  const png = await sharp({ create: { width: 800, height: 500, channels: 3, background: { r: 200, g: 30, b: 60 } } }).png().toBuffer();
  const image = await t.services.images.upload(png, "bild-ünïcode.png");
  const article = await createArticle(t.services, {
    title: `Zürich, Київ, 東京 — "quoted", 'single', back\\slash, $& and 🚀`,
    content: `## Ünïcödé ✓\n\n${"東京 Київ Zürich 🚀 naïve café — ".repeat(3000)}`,
    excerpt: null,
    imageUrl: image.url,
    imageAlt: "Ein Bild ✓",
    publishedAt: "2026-03-04T05:06:07.891Z",
    isPremium: true,
  });
  await createArticle(t.services, { title: "A draft without a date", status: "draft", imageUrl: null });
  const comment = await t.api("POST", `/api/articles/${article.id}/comments`, { body: { authorName: "Zoë 👍", authorEmail: "zoe@example.com", content: "Très bien — 很好 🚀" } });
  if (comment.status >= 300) throw new Error(`comment: ${comment.status} ${comment.text}`);
  return { article, image };
}

/** Every entity's rows, ordered by primary key: what restores must reproduce. (TypeORM reads a bigint as a string on
 *  MySQL and a number on SQLite: compared as numbers, so one value read two ways is one value.) */
export async function entityRows(ds: DataSource): Promise<Record<string, unknown[]>> {
  const out: Record<string, unknown[]> = {};
  for (const meta of ds.entityMetadatas) {
    const qb = ds.getRepository(meta.target).createQueryBuilder("e");
    for (const column of meta.primaryColumns) qb.addOrderBy(`e.${column.propertyPath}`, "ASC");
    const bigints = meta.columns.filter((c) => c.type === "bigint").map((c) => c.propertyName);
    const rows = (await qb.getMany()) as Record<string, unknown>[];
    for (const row of rows) for (const key of bigints) if (row[key] !== null) row[key] = Number(row[key]);
    out[meta.tableName] = rows;
  }
  return out;
}

/** Every file under `dir` with its bytes, by relative path. */
export function mediaFiles(dir: string): Record<string, Buffer> {
  if (!fs.existsSync(dir)) return {};
  const files = fs.readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile());
  return Object.fromEntries(files.map((e) => [path.relative(dir, path.join(e.parentPath, e.name)), fs.readFileSync(path.join(e.parentPath, e.name))]));
}

/** A configuration for a restore target: a fresh DATA_DIR, and the given MySQL/MariaDB database or the embedded one. */
export function targetConfig(databaseUrl?: string): Config {
  return parseConfig({ NODE_ENV: "test", DATA_DIR: fs.mkdtempSync(path.join(runTmpDir(), "ds-restore-")), DATABASE_URL: databaseUrl ?? "", LOG_LEVEL: "silent" });
}

export async function openDataSource(config: Config) {
  const ds = createDataSource(config);
  await ds.initialize();
  return ds;
}

/** Opens the target, runs `check` on it, closes it. */
export async function withDataSource<T>(config: Config, check: (ds: DataSource) => Promise<T>): Promise<T> {
  const ds = await openDataSource(config);
  try {
    return await check(ds);
  } finally {
    await ds.destroy();
  }
}
