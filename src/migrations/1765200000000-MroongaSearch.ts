import type { MigrationInterface, QueryRunner } from "typeorm";
import { createMroongaIndex, dropMroongaIndex, mroongaAvailable } from "../repositories/search/mroongaIndex.js";

/**
 * MySQL/MariaDB running Mroonga: the full-text index of published articles that holds at scale (`article_search`,
 * ENGINE=Mroonga, kept in step by triggers; src/repositories/search/mroongaIndex.ts), filled from the articles there.
 * A server without Mroonga gets nothing here and searches through InnoDB FULLTEXT; should the plugin be loaded later,
 * the app builds the index at start (prepareSearchEngine). SQLite: nothing (FTS5 already holds).
 */
export class MroongaSearch1765200000000 implements MigrationInterface {
  name = "MroongaSearch1765200000000";

  public async up(queryRunner: QueryRunner): Promise<void> {
    if (queryRunner.connection.driver.options.type === "better-sqlite3") return;
    if (!(await mroongaAvailable(queryRunner))) return;
    await createMroongaIndex((sql) => queryRunner.query(sql));
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    if (queryRunner.connection.driver.options.type === "better-sqlite3") return;
    await dropMroongaIndex((sql) => queryRunner.query(sql));
  }
}
