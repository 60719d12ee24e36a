import { TableColumn, type MigrationInterface, type QueryRunner } from "typeorm";
import { renderMarkdown } from "../lib/markdown.js";

/** Static pages store their rendered HTML when saved, so reading one never renders markdown. */
export class SitePageHtml1764100000000 implements MigrationInterface {
  name = "SitePageHtml1764100000000";

  public async up(queryRunner: QueryRunner): Promise<void> {
    const mysql = queryRunner.connection.driver.options.type !== "better-sqlite3";
    await queryRunner.addColumn("site_page", new TableColumn({ name: "contentHtml", type: mysql ? "mediumtext" : "text", isNullable: true }));
    const rows: { id: string; content: string }[] = await queryRunner.query("SELECT id, content FROM site_page");
    for (const row of rows) {
      const { html } = await renderMarkdown(row.content);
      await queryRunner.query("UPDATE site_page SET contentHtml = ? WHERE id = ?", [html, row.id]);
    }
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropColumn("site_page", "contentHtml");
  }
}
