import { Table, TableForeignKey, TableIndex, type MigrationInterface, type QueryRunner } from "typeorm";
import { dialectColumns } from "./1763800000000-Initial.js";

/** Audience events with their daily roll-ups, and the stored SEO audit of each article. */
export class AudienceAndRevenue1763900000000 implements MigrationInterface {
  name = "AudienceAndRevenue1763900000000";

  public async up(queryRunner: QueryRunner): Promise<void> {
    const c = dialectColumns(queryRunner);
    const zero = { default: c.mysql ? "0" : 0 };
    await queryRunner.createTable(
      new Table({
        name: "audience_event",
        columns: [
          c.id(),
          c.varchar("type", 8),
          c.datetime("occurredAt"),
          c.varchar("day", 10),
          c.varchar("path", 300),
          c.int("articleId", { isNullable: true }),
          c.varchar("referrerDomain", 255, { isNullable: true }),
          c.varchar("network", 16, { isNullable: true }),
          c.varchar("visitorHash", 32),
        ],
        indices: [new TableIndex({ name: "IDX_audience_event_occurred", columnNames: ["occurredAt"] })],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: "audience_page_day",
        columns: [
          c.varchar("day", 10, { isPrimary: true }),
          c.varchar("path", 300, { isPrimary: true }),
          c.int("articleId", { isNullable: true }),
          c.int("views", zero),
          c.int("shares", zero),
          c.int("searchViews", zero),
          c.int("socialViews", zero),
          c.int("entries", zero),
          c.int("engagedEntries", zero),
        ],
        indices: [new TableIndex({ name: "IDX_audience_page_day_article", columnNames: ["articleId", "day"] })],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: "audience_visitor_day",
        columns: [
          c.varchar("day", 10, { isPrimary: true }),
          c.varchar("visitorHash", 32, { isPrimary: true }),
          c.int("views", zero),
          c.varchar("entryPath", 300),
          c.int("entryArticleId", { isNullable: true }),
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: "article_seo_audit",
        columns: [
          c.int("articleId", { isPrimary: true }),
          c.int("score"),
          c.int("titleLength"),
          c.int("descriptionLength"),
          { name: "imageAlt", type: "boolean" },
          c.int("headings"),
          c.int("internalLinks"),
          c.text("issues"),
          c.datetime("auditedAt"),
        ],
        foreignKeys: [
          new TableForeignKey({
            name: "FK_seo_audit_article",
            columnNames: ["articleId"],
            referencedTableName: "article",
            referencedColumnNames: ["id"],
            onDelete: "CASCADE",
            onUpdate: "NO ACTION",
          }),
        ],
      }),
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of ["article_seo_audit", "audience_visitor_day", "audience_page_day", "audience_event"]) await queryRunner.dropTable(table);
  }
}
