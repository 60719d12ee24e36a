import type { MigrationInterface, QueryRunner } from "typeorm";
import { createChangeFeed, dropChangeFeed } from "../repositories/search/changeFeed.js";

/**
 * MySQL/MariaDB: the feed of article changes each instance's local search mirror follows (`search_change`, appended by
 * triggers on `article`; src/repositories/search/changeFeed.ts). SQLite: nothing (its FTS5 index is in the database).
 */
export class SearchChange1766200000000 implements MigrationInterface {
  name = "SearchChange1766200000000";

  public async up(queryRunner: QueryRunner): Promise<void> {
    if (queryRunner.connection.driver.options.type === "better-sqlite3") return;
    await createChangeFeed((sql) => queryRunner.query(sql));
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    if (queryRunner.connection.driver.options.type === "better-sqlite3") return;
    await dropChangeFeed((sql) => queryRunner.query(sql));
  }
}
