import type { MigrationInterface, QueryRunner } from "typeorm";
import { splitPreview } from "../lib/premiumPreview.js";

/**
 * Search that keeps the paywall: a non-member's search must find only what a non-member may read, so the
 * members-only part of a premium article is indexed apart from the free text. `article.previewContent` holds a
 * premium article's free preview (null for other articles, whose body is free).
 *
 * SQLite: the FTS5 index becomes (title, excerpt, content, category, gated) over the view `article_search_text`,
 * where `content` is the free body (a premium article's preview, any other article's body) and `gated` the whole
 * body of a premium article; a non-member's query is limited to the first four columns with a column filter.
 * MySQL/MariaDB: FULLTEXT indexes over the preview (`FT_article_preview`) and over title, excerpt, preview and
 * category (`FT_article_free`); a non-member's search reads premium articles through them only.
 */
export class PremiumSearch1764800000000 implements MigrationInterface {
  name = "PremiumSearch1764800000000";

  public async up(queryRunner: QueryRunner): Promise<void> {
    const sqlite = queryRunner.connection.driver.options.type === "better-sqlite3";
    // A plain ADD COLUMN: TypeORM's addColumn would copy the whole table on SQLite (and drop its triggers).
    await queryRunner.query(sqlite ? 'ALTER TABLE "article" ADD COLUMN "previewContent" text' : "ALTER TABLE `article` ADD `previewContent` mediumtext NULL");
    const premium: { id: number; content: string }[] = await queryRunner.query("SELECT id, content FROM article WHERE isPremium = 1");
    for (const row of premium) await queryRunner.query("UPDATE article SET previewContent = ? WHERE id = ?", [splitPreview(row.content).preview, row.id]);
    for (const statement of sqlite ? SQLITE_UP : MYSQL_UP) await queryRunner.query(statement);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    const sqlite = queryRunner.connection.driver.options.type === "better-sqlite3";
    for (const statement of sqlite ? SQLITE_DOWN : MYSQL_DOWN) await queryRunner.query(statement);
    await queryRunner.query(sqlite ? 'ALTER TABLE "article" DROP COLUMN "previewContent"' : "ALTER TABLE `article` DROP COLUMN `previewContent`");
  }
}

/** The free body and the members' body of an article row (`r` is `article`, `new` or `old`). */
const free = (r: string) => `CASE WHEN ${r}.isPremium = 1 THEN COALESCE(${r}.previewContent, '') ELSE ${r}.content END`;
const gated = (r: string) => `CASE WHEN ${r}.isPremium = 1 THEN ${r}.content ELSE '' END`;
const SQLITE_REMOVE = `INSERT INTO article_fts(article_fts, rowid, title, excerpt, content, category, gated) VALUES ('delete', old.id, old.title, old.excerpt, ${free("old")}, old.category, ${gated("old")});`;
const SQLITE_ADD = `INSERT INTO article_fts(rowid, title, excerpt, content, category, gated) VALUES (new.id, new.title, new.excerpt, ${free("new")}, new.category, ${gated("new")});`;
const DROP_SEARCH = ["DROP TRIGGER IF EXISTS article_fts_insert", "DROP TRIGGER IF EXISTS article_fts_delete", "DROP TRIGGER IF EXISTS article_fts_update", "DROP TABLE IF EXISTS article_fts"];
/** Also the search mirror's index (src/repositories/search/mirror.ts): over its own `article` table. */
export const SQLITE_UP = [
  ...DROP_SEARCH,
  `CREATE VIEW article_search_text AS SELECT id, title, excerpt, ${free("article")} AS content, category, ${gated("article")} AS gated FROM article`,
  "CREATE VIRTUAL TABLE article_fts USING fts5(title, excerpt, content, category, gated, content='article_search_text', content_rowid='id', tokenize='unicode61 remove_diacritics 2', prefix='2 3 4 5 6')",
  "CREATE TRIGGER article_fts_insert AFTER INSERT ON article BEGIN " + SQLITE_ADD + " END",
  "CREATE TRIGGER article_fts_delete AFTER DELETE ON article BEGIN " + SQLITE_REMOVE + " END",
  "CREATE TRIGGER article_fts_update AFTER UPDATE OF id, title, excerpt, content, category, isPremium, previewContent ON article BEGIN " + SQLITE_REMOVE + " " + SQLITE_ADD + " END",
  "INSERT INTO article_fts(article_fts) VALUES ('rebuild')",
];
// Back to the ArticleSearch migration's index over the whole body.
const SQLITE_DOWN = [
  ...DROP_SEARCH,
  "DROP VIEW IF EXISTS article_search_text",
  "CREATE VIRTUAL TABLE article_fts USING fts5(title, excerpt, content, category, content='article', content_rowid='id', tokenize='unicode61 remove_diacritics 2', prefix='2 3 4 5 6')",
  "CREATE TRIGGER article_fts_insert AFTER INSERT ON article BEGIN INSERT INTO article_fts(rowid, title, excerpt, content, category) VALUES (new.id, new.title, new.excerpt, new.content, new.category); END",
  "CREATE TRIGGER article_fts_delete AFTER DELETE ON article BEGIN INSERT INTO article_fts(article_fts, rowid, title, excerpt, content, category) VALUES ('delete', old.id, old.title, old.excerpt, old.content, old.category); END",
  "CREATE TRIGGER article_fts_update AFTER UPDATE OF id, title, excerpt, content, category ON article BEGIN INSERT INTO article_fts(article_fts, rowid, title, excerpt, content, category) VALUES ('delete', old.id, old.title, old.excerpt, old.content, old.category); INSERT INTO article_fts(rowid, title, excerpt, content, category) VALUES (new.id, new.title, new.excerpt, new.content, new.category); END",
  "INSERT INTO article_fts(article_fts) VALUES ('rebuild')",
];
const MYSQL_UP = [
  "ALTER TABLE `article` ADD FULLTEXT INDEX `FT_article_preview` (`previewContent`)",
  "ALTER TABLE `article` ADD FULLTEXT INDEX `FT_article_free` (`title`, `excerpt`, `previewContent`, `category`)",
];
const MYSQL_DOWN = ["ALTER TABLE `article` DROP INDEX `FT_article_free`", "ALTER TABLE `article` DROP INDEX `FT_article_preview`"];
