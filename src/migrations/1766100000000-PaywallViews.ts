import { Table, TableForeignKey, type MigrationInterface, type QueryRunner } from "typeorm";
import { dialectColumns } from "./1763800000000-Initial.js";

/** The setting that holds the background fill's progress (services/premium/paywallFill.ts). */
export const PAYWALL_FILL_KEY = "paywall_views_fill";

/**
 * A premium article's preview and members-only views stored at save, in a table of their own (`article_paywall_view`,
 * entities/ArticlePaywallView.ts), so that no read renders markdown. Not a column of `article`: on MariaDB, InnoDB adds
 * no column in place to a table with several FULLTEXT indexes and copied `article` at boot (18.8 s at 20,000 articles,
 * about 15 minutes at 1,000,000); a new table is created at once and `article` is not touched. Rows saved before are not
 * rendered here (at 1,000,000 articles some 100,000 premium ones would hold the boot for minutes): the migration only
 * records the highest article id then, and the background fill renders the premium rows up to it, a slice at a time,
 * saving its progress; until it reaches a row, the paywall renders that row on read.
 */
export class PaywallViews1766100000000 implements MigrationInterface {
  name = "PaywallViews1766100000000";

  public async up(queryRunner: QueryRunner): Promise<void> {
    // A new table, at once on both databases; `article` itself is not altered (test/api/premium/paywall-views.test.ts).
    await createViewsTable(queryRunner);
    const [{ last }]: { last: number | string | null }[] = await queryRunner.query("SELECT MAX(id) AS last FROM article");
    if (!Number(last)) return;
    await queryRunner.query(`INSERT INTO setting (${settingKey(queryRunner)}, value) VALUES (?, ?)`, [PAYWALL_FILL_KEY, JSON.stringify({ next: 0, last: Number(last) })]);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DELETE FROM setting WHERE ${settingKey(queryRunner)} = ?`, [PAYWALL_FILL_KEY]);
    await queryRunner.dropTable("article_paywall_view");
  }
}

/** The setting table's `key` column, quoted as the database quotes a name (a reserved word on MySQL/MariaDB). */
const settingKey = (queryRunner: QueryRunner) => queryRunner.connection.driver.escape("key");

/** Creates `article_paywall_view` (entities/ArticlePaywallView.ts). */
async function createViewsTable(queryRunner: QueryRunner): Promise<void> {
  const c = dialectColumns(queryRunner);
  const article = new TableForeignKey({ name: "FK_paywall_view_article", columnNames: ["articleId"], referencedTableName: "article", referencedColumnNames: ["id"], onDelete: "CASCADE", onUpdate: "NO ACTION" });
  await queryRunner.createTable(new Table({ name: "article_paywall_view", columns: [c.int("articleId", { isPrimary: true }), c.varchar("contentHash", 64), c.longText("views")], foreignKeys: [article] }));
}
