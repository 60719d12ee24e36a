import type { MigrationInterface, QueryRunner } from "typeorm";

/** Also the search mirror's (src/repositories/search/mirror.ts). */
export const SEARCH_FILTER_INDEX = 'CREATE INDEX "IDX_article_search_filter" ON "article" ("id", "status", "publishedAt", "category", "isBreaking")';

/**
 * SQLite only: the columns a search filters its candidates on (status, publication time, category,
 * breaking), keyed by id. SQLite stores them after the article's two bodies, so reading them from
 * the table walks each candidate's overflow pages; from this index a search reads no body at all
 * (2–3 ms less for 500 candidates at 100,000 articles). InnoDB keeps long bodies off the row already.
 */
export class ArticleSearchFilter1764500000000 implements MigrationInterface {
  name = "ArticleSearchFilter1764500000000";

  public async up(queryRunner: QueryRunner): Promise<void> {
    if (queryRunner.connection.driver.options.type !== "better-sqlite3") return;
    await queryRunner.query(SEARCH_FILTER_INDEX);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    if (queryRunner.connection.driver.options.type !== "better-sqlite3") return;
    await queryRunner.query('DROP INDEX "IDX_article_search_filter"');
  }
}
