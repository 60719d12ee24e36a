import type { MigrationInterface, QueryRunner } from "typeorm";

/** Names of the MySQL/MariaDB FULLTEXT indexes, also declared (unsynchronised) on the Article entity. */
export const FULLTEXT_INDEXES = {
  FT_article_title: ["title"],
  FT_article_excerpt: ["excerpt"],
  FT_article_content: ["content"],
  FT_article_search: ["title", "excerpt", "content", "category"],
} as const;

/**
 * Full-text search over articles. SQLite: an FTS5 external-content table over `article`, kept in
 * sync by triggers and rebuilt from the rows already there, with prefix indexes for words typed
 * up to 6 letters (a prefix query past them merges every matching word's list). MySQL/MariaDB: InnoDB FULLTEXT
 * indexes, one per weighted column and one over all searched columns.
 *
 * Beware on SQLite: a later migration that makes TypeORM recreate the `article` table (changing
 * a column) drops these triggers with it; such a migration must create them again and rebuild.
 */
export class ArticleSearch1764000000800 implements MigrationInterface {
  name = "ArticleSearch1764000000800";

  public async up(queryRunner: QueryRunner): Promise<void> {
    if (queryRunner.connection.driver.options.type === "better-sqlite3") {
      for (const statement of SQLITE_UP) await queryRunner.query(statement);
      return;
    }
    // InnoDB builds one FULLTEXT index per statement.
    for (const statement of MYSQL_UP) await queryRunner.query(statement);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    const statements = queryRunner.connection.driver.options.type === "better-sqlite3" ? SQLITE_DOWN : MYSQL_DOWN;
    for (const statement of statements) await queryRunner.query(statement);
  }
}

const SQLITE_REMOVE = "INSERT INTO article_fts(article_fts, rowid, title, excerpt, content, category) VALUES ('delete', old.id, old.title, old.excerpt, old.content, old.category);";
const SQLITE_ADD = "INSERT INTO article_fts(rowid, title, excerpt, content, category) VALUES (new.id, new.title, new.excerpt, new.content, new.category);";
const SQLITE_UP = [
  "CREATE VIRTUAL TABLE article_fts USING fts5(title, excerpt, content, category, content='article', content_rowid='id', tokenize='unicode61 remove_diacritics 2', prefix='2 3 4 5 6')",
  "CREATE TRIGGER article_fts_insert AFTER INSERT ON article BEGIN " + SQLITE_ADD + " END",
  "CREATE TRIGGER article_fts_delete AFTER DELETE ON article BEGIN " + SQLITE_REMOVE + " END",
  "CREATE TRIGGER article_fts_update AFTER UPDATE OF id, title, excerpt, content, category ON article BEGIN " + SQLITE_REMOVE + " " + SQLITE_ADD + " END",
  "INSERT INTO article_fts(article_fts) VALUES ('rebuild')",
];
const SQLITE_DOWN = ["DROP TRIGGER IF EXISTS article_fts_insert", "DROP TRIGGER IF EXISTS article_fts_delete", "DROP TRIGGER IF EXISTS article_fts_update", "DROP TABLE IF EXISTS article_fts"];
const MYSQL_UP = [
  "ALTER TABLE `article` ADD FULLTEXT INDEX `FT_article_title` (`title`)",
  "ALTER TABLE `article` ADD FULLTEXT INDEX `FT_article_excerpt` (`excerpt`)",
  "ALTER TABLE `article` ADD FULLTEXT INDEX `FT_article_content` (`content`)",
  "ALTER TABLE `article` ADD FULLTEXT INDEX `FT_article_search` (`title`, `excerpt`, `content`, `category`)",
];
const MYSQL_DOWN = [
  "ALTER TABLE `article` DROP INDEX `FT_article_search`",
  "ALTER TABLE `article` DROP INDEX `FT_article_content`",
  "ALTER TABLE `article` DROP INDEX `FT_article_excerpt`",
  "ALTER TABLE `article` DROP INDEX `FT_article_title`",
];
