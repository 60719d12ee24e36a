import { Table, TableForeignKey, TableIndex, type MigrationInterface, type QueryRunner } from "typeorm";
import { dialectColumns } from "./1763800000000-Initial.js";

/**
 * Partner API keys, webhook endpoints with their deliveries, and the rate-limit table of
 * rate-limiter-flexible (its own column layout: key, points, expire in unix ms), which replaces the
 * hand-written counters.
 */
export class PartnerApi1764400000000 implements MigrationInterface {
  name = "PartnerApi1764400000000";

  public async up(queryRunner: QueryRunner): Promise<void> {
    const c = dialectColumns(queryRunner);
    const zero = { default: c.mysql ? "0" : 0 };
    await queryRunner.createTable(
      new Table({
        name: "api_key",
        columns: [
          c.id(),
          c.varchar("label", 100),
          c.varchar("keyHash", 64),
          c.varchar("prefix", 16),
          c.varchar("scopes", 200),
          c.createdAt(),
          c.datetime("expiresAt", { isNullable: true }),
          c.datetime("lastUsedAt", { isNullable: true }),
          c.datetime("revokedAt", { isNullable: true }),
        ],
        indices: [new TableIndex({ name: "UQ_api_key_hash", columnNames: ["keyHash"], isUnique: true })],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: "webhook_endpoint",
        columns: [
          c.id(),
          c.varchar("url", 2000),
          c.varchar("events", 500),
          c.varchar("secret", 100),
          c.createdAt(),
          c.datetime("disabledAt", { isNullable: true }),
          c.varchar("disabledReason", 500, { isNullable: true }),
          c.datetime("failingSince", { isNullable: true }),
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: "webhook_delivery",
        columns: [
          c.id(),
          c.int("endpointId"),
          c.varchar("eventId", 36),
          c.varchar("type", 40),
          c.longText("payload"),
          c.varchar("status", 16),
          c.int("attempts", zero),
          c.createdAt(),
          c.datetime("nextAttemptAt", { isNullable: true }),
          c.datetime("lastAttemptAt", { isNullable: true }),
          c.int("lastStatusCode", { isNullable: true }),
          c.int("lastDurationMs", { isNullable: true }),
          c.varchar("lastResponse", 500, { isNullable: true }),
          c.datetime("deliveredAt", { isNullable: true }),
        ],
        indices: [
          new TableIndex({ name: "IDX_webhook_delivery_endpoint_status", columnNames: ["endpointId", "status", "id"] }),
          new TableIndex({ name: "UQ_webhook_delivery_event", columnNames: ["endpointId", "eventId"], isUnique: true }),
        ],
        foreignKeys: [
          new TableForeignKey({ name: "FK_webhook_delivery_endpoint", columnNames: ["endpointId"], referencedTableName: "webhook_endpoint", referencedColumnNames: ["id"], onDelete: "CASCADE", onUpdate: "NO ACTION" }),
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: "rate_limit",
        columns: [c.varchar("key", 255, { isPrimary: true }), c.int("points", zero), { name: "expire", type: "bigint", isNullable: true }],
        indices: [new TableIndex({ name: "IDX_rate_limit_expire", columnNames: ["expire"] })],
      }),
    );
    await queryRunner.dropTable("rate_limit_counter");
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    const c = dialectColumns(queryRunner);
    await queryRunner.createTable(
      new Table({
        name: "rate_limit_counter",
        columns: [c.varchar("key", 120, { isPrimary: true }), c.int("hits"), c.datetime("resetAt"), c.datetime("blockedUntil", { isNullable: true })],
        indices: [new TableIndex({ name: "IDX_rate_limit_reset", columnNames: ["resetAt"] })],
      }),
    );
    for (const table of ["rate_limit", "webhook_delivery", "webhook_endpoint", "api_key"]) await queryRunner.dropTable(table);
  }
}
