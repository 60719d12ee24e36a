import { Table, TableColumn, TableForeignKey, TableIndex, type MigrationInterface, type QueryRunner } from "typeorm";
import { dialectColumns } from "./1763800000000-Initial.js";

/** Double opt-in for subscribers, newsletter issues with one delivery row per recipient, and a lease so one instance sends. */
export class NewsletterSending1764200000000 implements MigrationInterface {
  name = "NewsletterSending1764200000000";

  public async up(queryRunner: QueryRunner): Promise<void> {
    const c = dialectColumns(queryRunner);
    const zero = { default: c.mysql ? "0" : 0 };
    await queryRunner.addColumns("newsletter_subscriber", [
      new TableColumn(c.datetime("confirmedAt", { isNullable: true })),
      new TableColumn(c.datetime("lastMailedAt", { isNullable: true })),
    ]);
    // Addresses stored before double opt-in were active already: they count as confirmed when they signed up.
    await queryRunner.query("UPDATE newsletter_subscriber SET confirmedAt = createdAt WHERE status = 'active'");
    await queryRunner.createIndex("newsletter_subscriber", new TableIndex({ name: "IDX_subscriber_confirmed", columnNames: ["confirmedAt"] }));
    await queryRunner.createTable(
      new Table({
        name: "newsletter_issue",
        columns: [
          c.id(),
          c.varchar("dailyKey", 10, { isNullable: true }),
          c.varchar("subject", 300),
          c.longText("articles"),
          c.varchar("status", 16),
          c.int("recipients", zero),
          c.datetime("windowStart"),
          c.datetime("windowEnd"),
          c.createdAt(),
          c.datetime("sentAt", { isNullable: true }),
          c.datetime("completedAt", { isNullable: true }),
        ],
        indices: [
          new TableIndex({ name: "UQ_issue_daily", columnNames: ["dailyKey"], isUnique: true }),
          new TableIndex({ name: "IDX_issue_status", columnNames: ["status"] }),
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: "newsletter_delivery",
        columns: [
          c.id(),
          c.int("issueId"),
          c.int("subscriberId"),
          c.varchar("email", 254),
          c.varchar("status", 16),
          c.int("attempts", zero),
          c.datetime("nextAttemptAt"),
          c.varchar("lastError", 500, { isNullable: true }),
          c.datetime("sentAt", { isNullable: true }),
          c.datetime("openedAt", { isNullable: true }),
          c.int("opens", zero),
          c.int("botOpens", zero),
          c.datetime("clickedAt", { isNullable: true }),
          c.int("clicks", zero),
          c.int("botClicks", zero),
        ],
        indices: [
          new TableIndex({ name: "UQ_delivery_issue_subscriber", columnNames: ["issueId", "subscriberId"], isUnique: true }),
          new TableIndex({ name: "IDX_delivery_status_next", columnNames: ["status", "nextAttemptAt"] }),
          new TableIndex({ name: "IDX_delivery_sent", columnNames: ["sentAt"] }),
        ],
        foreignKeys: [
          new TableForeignKey({ name: "FK_delivery_issue", columnNames: ["issueId"], referencedTableName: "newsletter_issue", referencedColumnNames: ["id"], onDelete: "CASCADE", onUpdate: "NO ACTION" }),
          new TableForeignKey({ name: "FK_delivery_subscriber", columnNames: ["subscriberId"], referencedTableName: "newsletter_subscriber", referencedColumnNames: ["id"], onDelete: "CASCADE", onUpdate: "NO ACTION" }),
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: "job_lease",
        columns: [c.varchar("name", 64, { isPrimary: true }), c.varchar("holder", 64), c.datetime("expiresAt")],
      }),
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of ["job_lease", "newsletter_delivery", "newsletter_issue"]) await queryRunner.dropTable(table);
    await queryRunner.dropIndex("newsletter_subscriber", "IDX_subscriber_confirmed");
    await queryRunner.dropColumn("newsletter_subscriber", "lastMailedAt");
    await queryRunner.dropColumn("newsletter_subscriber", "confirmedAt");
  }
}
