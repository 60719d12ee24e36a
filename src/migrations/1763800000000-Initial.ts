import { Table, TableForeignKey, TableIndex, type MigrationInterface, type QueryRunner } from "typeorm";
import type { TableColumnOptions } from "typeorm/schema-builder/options/TableColumnOptions.js";

/** Builds columns whose types and defaults differ between MySQL/MariaDB and SQLite. */
export function dialectColumns(queryRunner: QueryRunner) {
  const mysql = queryRunner.connection.driver.options.type !== "better-sqlite3";
  const now = mysql ? "CURRENT_TIMESTAMP(3)" : "datetime('now')";
  return {
    mysql,
    id: (): TableColumnOptions => ({ name: "id", type: mysql ? "int" : "integer", isPrimary: true, isGenerated: true, generationStrategy: "increment" }),
    varchar: (name: string, length: number, extra: Partial<TableColumnOptions> = {}): TableColumnOptions => ({ name, type: "varchar", length: String(length), ...extra }),
    text: (name: string, extra: Partial<TableColumnOptions> = {}): TableColumnOptions => ({ name, type: "text", ...extra }),
    longText: (name: string): TableColumnOptions => ({ name, type: mysql ? "mediumtext" : "text" }),
    int: (name: string, extra: Partial<TableColumnOptions> = {}): TableColumnOptions => ({ name, type: mysql ? "int" : "integer", ...extra }),
    double: (name: string): TableColumnOptions => ({ name, type: "double" }),
    boolean: (name: string, value: boolean): TableColumnOptions => ({ name, type: "boolean", default: mysql ? String(Number(value)) : Number(value) }),
    datetime: (name: string, extra: Partial<TableColumnOptions> = {}): TableColumnOptions => ({ name, type: "datetime", precision: 3, ...extra }),
    createdAt: (name = "createdAt"): TableColumnOptions => ({ name, type: "datetime", precision: 3, default: now }),
    updatedAt: (name = "updatedAt"): TableColumnOptions => ({
      name,
      type: "datetime",
      precision: 3,
      default: now,
      ...(mysql ? { onUpdate: now } : {}),
    }),
  };
}

export class Initial1763800000000 implements MigrationInterface {
  name = "Initial1763800000000";

  public async up(queryRunner: QueryRunner): Promise<void> {
    const c = dialectColumns(queryRunner);
    await queryRunner.createTable(
      new Table({
        name: "article",
        columns: [
          c.id(),
          c.varchar("slug", 200),
          c.varchar("title", 200),
          c.varchar("excerpt", 510),
          c.longText("content"),
          c.longText("contentHtml"),
          c.text("headings"),
          c.varchar("author", 100),
          c.varchar("category", 20),
          c.varchar("contentTier", 20),
          c.varchar("imageUrl", 1000, { isNullable: true }),
          c.varchar("imageAlt", 300, { isNullable: true }),
          c.boolean("isBreaking", false),
          c.boolean("isPremium", false),
          c.varchar("status", 16),
          c.datetime("publishedAt", { isNullable: true }),
          c.createdAt(),
          c.updatedAt(),
        ],
        indices: [
          new TableIndex({ name: "UQ_article_slug", columnNames: ["slug"], isUnique: true }),
          new TableIndex({ name: "IDX_article_status_published", columnNames: ["status", "publishedAt"] }),
          new TableIndex({ name: "IDX_article_category_status_published", columnNames: ["category", "status", "publishedAt"] }),
          new TableIndex({ name: "IDX_article_breaking_status_published", columnNames: ["isBreaking", "status", "publishedAt"] }),
          new TableIndex({ name: "IDX_article_created", columnNames: ["createdAt"] }),
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: "comment",
        columns: [
          c.id(),
          c.int("articleId"),
          c.varchar("authorName", 100),
          c.varchar("authorEmail", 254),
          c.text("content"),
          c.varchar("status", 16),
          c.varchar("moderationReason", 200, { isNullable: true }),
          c.createdAt(),
        ],
        indices: [
          new TableIndex({ name: "IDX_comment_article_status_created", columnNames: ["articleId", "status", "createdAt"] }),
          new TableIndex({ name: "IDX_comment_status_created", columnNames: ["status", "createdAt"] }),
        ],
        foreignKeys: [
          new TableForeignKey({
            name: "FK_comment_article",
            columnNames: ["articleId"],
            referencedTableName: "article",
            referencedColumnNames: ["id"],
            onDelete: "CASCADE",
            onUpdate: "NO ACTION",
          }),
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: "business_contact",
        columns: [
          c.varchar("id", 100, { isPrimary: true }),
          c.varchar("label", 200),
          c.varchar("email", 254),
          c.varchar("phone", 50, { isNullable: true }),
          c.varchar("description", 1000, { isNullable: true }),
          c.boolean("isActive", true),
          c.int("displayOrder", { default: c.mysql ? "0" : 0 }),
          c.createdAt(),
          c.updatedAt(),
        ],
        indices: [new TableIndex({ name: "IDX_contact_active_order", columnNames: ["isActive", "displayOrder"] })],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: "site_page",
        columns: [c.varchar("id", 50, { isPrimary: true }), c.varchar("title", 200), c.longText("content"), c.updatedAt()],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: "admin_session",
        columns: [c.varchar("tokenHash", 64, { isPrimary: true }), c.createdAt(), c.datetime("expiresAt")],
        indices: [new TableIndex({ name: "IDX_admin_session_expires", columnNames: ["expiresAt"] })],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: "setting",
        columns: [c.varchar("key", 100, { isPrimary: true }), c.text("value"), c.updatedAt()],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: "newsletter_subscriber",
        columns: [
          c.id(),
          c.varchar("email", 254),
          c.varchar("status", 16),
          c.createdAt(),
          c.datetime("unsubscribedAt", { isNullable: true }),
        ],
        indices: [
          new TableIndex({ name: "UQ_subscriber_email", columnNames: ["email"], isUnique: true }),
          new TableIndex({ name: "IDX_subscriber_status_created", columnNames: ["status", "createdAt"] }),
          new TableIndex({ name: "IDX_subscriber_created", columnNames: ["createdAt"] }),
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: "premium_signup",
        columns: [
          c.id(),
          c.varchar("email", 254),
          c.varchar("plan", 16),
          c.varchar("status", 16),
          c.createdAt(),
          c.updatedAt(),
          c.datetime("activatedAt", { isNullable: true }),
          c.datetime("cancelledAt", { isNullable: true }),
        ],
        indices: [
          new TableIndex({ name: "IDX_premium_status_created", columnNames: ["status", "createdAt"] }),
          new TableIndex({ name: "IDX_premium_created", columnNames: ["createdAt"] }),
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: "stock_quote",
        columns: [
          c.varchar("symbol", 16, { isPrimary: true }),
          c.varchar("name", 100),
          c.double("price"),
          c.double("change"),
          c.datetime("asOf"),
          c.datetime("fetchedAt"),
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: "rate_limit_counter",
        columns: [
          c.varchar("key", 120, { isPrimary: true }),
          c.int("hits"),
          c.datetime("resetAt"),
          c.datetime("blockedUntil", { isNullable: true }),
        ],
        indices: [new TableIndex({ name: "IDX_rate_limit_reset", columnNames: ["resetAt"] })],
      }),
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of [
      "rate_limit_counter",
      "stock_quote",
      "premium_signup",
      "newsletter_subscriber",
      "setting",
      "admin_session",
      "site_page",
      "business_contact",
      "comment",
      "article",
    ]) {
      await queryRunner.dropTable(table);
    }
  }
}
