import type { MigrationInterface, QueryRunner } from "typeorm";

/** Names of the MySQL/MariaDB FULLTEXT indexes, also declared (unsynchronised) on the Article entity. */
export const FULLTEXT_INDEXES = {
  FT_article_title: ["title"],
  FT_article_excerpt: ["excerpt"],
  FT_article_content: ["content"],
  FT_article_search: ["title", "excerpt", "content", "category"],
} as const;

const SQLITE_COLUMNS = "title, excerpt, content, category";

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
      await queryRunner.query(
        `CREATE VIRTUAL TABLE article_fts USING fts5(${SQLITE_COLUMNS}, content='article', content_rowid='id', tokenize='unicode61 remove_diacritics 2', prefix='2 3 4 5 6')`,
      );
      const values = (row: "new" | "old") => `${row}.id, ${row}.title, ${row}.excerpt, ${row}.content, ${row}.category`;
      const remove = `INSERT INTO article_fts(article_fts, rowid, ${SQLITE_COLUMNS}) VALUES ('delete', ${values("old")});`;
      const add = `INSERT INTO article_fts(rowid, ${SQLITE_COLUMNS}) VALUES (${values("new")});`;
      await queryRunner.query(`CREATE TRIGGER article_fts_insert AFTER INSERT ON article BEGIN ${add} END`);
      await queryRunner.query(`CREATE TRIGGER article_fts_delete AFTER DELETE ON article BEGIN ${remove} END`);
      await queryRunner.query(`CREATE TRIGGER article_fts_update AFTER UPDATE OF id, ${SQLITE_COLUMNS} ON article BEGIN ${remove} ${add} END`);
      await queryRunner.query(`INSERT INTO article_fts(article_fts) VALUES ('rebuild')`);
      return;
    }
    // InnoDB builds one FULLTEXT index per statement.
    for (const [name, columns] of Object.entries(FULLTEXT_INDEXES)) {
      await queryRunner.query(`ALTER TABLE \`article\` ADD FULLTEXT INDEX \`${name}\` (${columns.map((c) => `\`${c}\``).join(", ")})`);
    }
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    if (queryRunner.connection.driver.options.type === "better-sqlite3") {
      for (const trigger of ["article_fts_insert", "article_fts_delete", "article_fts_update"]) await queryRunner.query(`DROP TRIGGER IF EXISTS ${trigger}`);
      await queryRunner.query(`DROP TABLE IF EXISTS article_fts`);
      return;
    }
    for (const name of Object.keys(FULLTEXT_INDEXES).reverse()) await queryRunner.query(`ALTER TABLE \`article\` DROP INDEX \`${name}\``);
  }
}
