import type { MigrationInterface, QueryRunner } from "typeorm";

/**
 * SQLite: how many articles there are by status, category and breaking flag, kept by triggers in the same statement
 * as every write to `article` (the app's, an import's, a restore's, the previous release's during a deploy), so a
 * public list's total is a few rows of this table less the scheduled articles (articleTally.ts) instead of a count of
 * the archive: at 1,000,000 articles that count took 0.6–1.1 s cold and 50–200 ms warm, on a read thread of its own
 * (about 12 MB more memory) or else on the event loop. MySQL/MariaDB count in the server, off the event loop (14 ms
 * for 100,000 published articles): no tally there.
 */
export class ArticleTally1766000000000 implements MigrationInterface {
  name = "ArticleTally1766000000000";

  public async up(queryRunner: QueryRunner): Promise<void> {
    if (queryRunner.connection.driver.options.type !== "better-sqlite3") return;
    for (const statement of UP) await queryRunner.query(statement);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    if (queryRunner.connection.driver.options.type !== "better-sqlite3") return;
    for (const statement of DOWN) await queryRunner.query(statement);
  }
}

const add = (r: string) => `INSERT INTO article_tally (status, category, isBreaking, n) VALUES (${r}.status, ${r}.category, ${r}.isBreaking, 1) ON CONFLICT (status, category, isBreaking) DO UPDATE SET n = n + 1;`;
const remove = (r: string) => `UPDATE article_tally SET n = n - 1 WHERE status = ${r}.status AND category = ${r}.category AND isBreaking = ${r}.isBreaking;`;

const UP = [
  "CREATE TABLE article_tally (status varchar NOT NULL, category varchar NOT NULL, isBreaking boolean NOT NULL, n integer NOT NULL, PRIMARY KEY (status, category, isBreaking)) WITHOUT ROWID",
  "INSERT INTO article_tally (status, category, isBreaking, n) SELECT status, category, isBreaking, COUNT(*) FROM article GROUP BY status, category, isBreaking",
  `CREATE TRIGGER article_tally_insert AFTER INSERT ON article BEGIN ${add("new")} END`,
  `CREATE TRIGGER article_tally_delete AFTER DELETE ON article BEGIN ${remove("old")} END`,
  `CREATE TRIGGER article_tally_update AFTER UPDATE OF status, category, isBreaking ON article
   WHEN old.status IS NOT new.status OR old.category IS NOT new.category OR old.isBreaking IS NOT new.isBreaking
   BEGIN ${remove("old")} ${add("new")} END`,
];
const DOWN = ["DROP TRIGGER IF EXISTS article_tally_update", "DROP TRIGGER IF EXISTS article_tally_delete", "DROP TRIGGER IF EXISTS article_tally_insert", "DROP TABLE IF EXISTS article_tally"];
