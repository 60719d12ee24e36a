import { Table, TableForeignKey, TableIndex, type MigrationInterface, type QueryRunner } from "typeorm";
import { dialectColumns } from "./1763800000000-Initial.js";

/** Breaking-news web push (issue 26): browsers' subscriptions with their topics, alerts, and one delivery row per recipient. */
export class WebPush1765600000000 implements MigrationInterface {
  name = "WebPush1765600000000";

  public async up(queryRunner: QueryRunner): Promise<void> {
    const c = dialectColumns(queryRunner);
    const zero = { default: c.mysql ? "0" : 0 };
    await queryRunner.createTable(
      new Table({
        name: "push_subscription",
        columns: [c.id(), c.varchar("endpointHash", 64), c.varchar("endpoint", 1000), c.varchar("p256dh", 100), c.varchar("auth", 40), c.varchar("topics", 200), c.createdAt(), c.datetime("lastDeliveredAt", { isNullable: true })],
        indices: [new TableIndex({ name: "UQ_push_subscription_endpoint", columnNames: ["endpointHash"], isUnique: true })],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: "push_campaign",
        columns: [
          c.id(),
          c.int("articleId", { isNullable: true }),
          c.varchar("topic", 32),
          c.varchar("title", 120),
          c.varchar("body", 300),
          c.varchar("url", 500),
          c.varchar("autoKey", 64, { isNullable: true }),
          c.varchar("status", 16),
          c.int("recipients", zero),
          c.createdAt(),
          c.datetime("completedAt", { isNullable: true }),
        ],
        indices: [new TableIndex({ name: "IDX_push_campaign_status", columnNames: ["status"] }), new TableIndex({ name: "UQ_push_campaign_auto", columnNames: ["autoKey"], isUnique: true })],
        foreignKeys: [new TableForeignKey({ name: "FK_push_campaign_article", columnNames: ["articleId"], referencedTableName: "article", referencedColumnNames: ["id"], onDelete: "SET NULL", onUpdate: "NO ACTION" })],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: "push_delivery",
        columns: [
          c.id(),
          c.int("campaignId"),
          c.int("subscriptionId"),
          c.varchar("status", 16),
          c.int("attempts", zero),
          c.datetime("nextAttemptAt"),
          c.int("lastStatusCode", { isNullable: true }),
          c.varchar("lastError", 500, { isNullable: true }),
          c.datetime("deliveredAt", { isNullable: true }),
          c.datetime("clickedAt", { isNullable: true }),
        ],
        indices: [
          new TableIndex({ name: "UQ_push_delivery_campaign_subscription", columnNames: ["campaignId", "subscriptionId"], isUnique: true }),
          new TableIndex({ name: "IDX_push_delivery_status_next", columnNames: ["status", "nextAttemptAt"] }),
        ],
        foreignKeys: [new TableForeignKey({ name: "FK_push_delivery_campaign", columnNames: ["campaignId"], referencedTableName: "push_campaign", referencedColumnNames: ["id"], onDelete: "CASCADE", onUpdate: "NO ACTION" })],
      }),
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of ["push_delivery", "push_campaign", "push_subscription"]) await queryRunner.dropTable(table);
  }
}
