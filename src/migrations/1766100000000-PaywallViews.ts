import type { MigrationInterface, QueryRunner } from "typeorm";

/** The setting that holds the background fill's progress (services/premium/paywallFill.ts). */
export const PAYWALL_FILL_KEY = "paywall_views_fill";

/**
 * A premium article's preview and members-only views stored at save (`article.paywallViews`, lib/paywallViews.ts), so
 * that no read renders markdown. Rows saved before are not rendered here (at 1,000,000 articles some 100,000 premium
 * ones would hold the boot for minutes): the migration only records the highest article id then, and the background
 * fill renders the premium rows up to it, a slice at a time, saving its progress; until it reaches a row, the paywall
 * renders that row on read.
 */
export class PaywallViews1766100000000 implements MigrationInterface {
  name = "PaywallViews1766100000000";

  public async up(queryRunner: QueryRunner): Promise<void> {
    const mysql = queryRunner.connection.driver.options.type !== "better-sqlite3";
    // A plain ADD COLUMN: TypeORM's addColumn would copy the whole table on SQLite (and drop its triggers).
    await queryRunner.query(mysql ? "ALTER TABLE `article` ADD `paywallViews` mediumtext NULL" : 'ALTER TABLE "article" ADD COLUMN "paywallViews" text');
    const [{ last }]: { last: number | string | null }[] = await queryRunner.query("SELECT MAX(id) AS last FROM article");
    if (!Number(last)) return;
    const key = mysql ? "`key`" : '"key"';
    await queryRunner.query(`INSERT INTO setting (${key}, value) VALUES (?, ?)`, [PAYWALL_FILL_KEY, JSON.stringify({ next: 0, last: Number(last) })]);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    const mysql = queryRunner.connection.driver.options.type !== "better-sqlite3";
    await queryRunner.query(`DELETE FROM setting WHERE ${mysql ? "`key`" : '"key"'} = ?`, [PAYWALL_FILL_KEY]);
    await queryRunner.query(mysql ? "ALTER TABLE `article` DROP COLUMN `paywallViews`" : 'ALTER TABLE "article" DROP COLUMN "paywallViews"');
  }
}
