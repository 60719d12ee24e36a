import { Table, TableIndex, type MigrationInterface, type QueryRunner } from "typeorm";
import { dialectColumns } from "./1763800000000-Initial.js";

/** Reader accounts signed in by e-mail link, Stripe subscriptions, their changes, paid invoices and processed webhook events. */
export class ReaderAccounts1764300000000 implements MigrationInterface {
  name = "ReaderAccounts1764300000000";

  public async up(queryRunner: QueryRunner): Promise<void> {
    const c = dialectColumns(queryRunner);
    const tokenHash = { ...c.varchar("tokenHash", 64), isPrimary: true };
    await queryRunner.createTable(
      new Table({
        name: "reader",
        columns: [c.id(), c.varchar("email", 254), c.varchar("stripeCustomerId", 100, { isNullable: true }), c.createdAt(), c.datetime("lastSignInAt", { isNullable: true })],
        indices: [
          new TableIndex({ name: "UQ_reader_email", columnNames: ["email"], isUnique: true }),
          new TableIndex({ name: "UQ_reader_customer", columnNames: ["stripeCustomerId"], isUnique: true }),
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: "reader_session",
        columns: [tokenHash, c.int("readerId"), c.createdAt(), c.datetime("expiresAt")],
        indices: [new TableIndex({ name: "IDX_reader_session_reader", columnNames: ["readerId"] }), new TableIndex({ name: "IDX_reader_session_expires", columnNames: ["expiresAt"] })],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: "reader_sign_in",
        columns: [tokenHash, c.varchar("email", 254), c.createdAt(), c.datetime("expiresAt")],
        indices: [new TableIndex({ name: "IDX_reader_sign_in_expires", columnNames: ["expiresAt"] })],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: "member_subscription",
        columns: [
          c.id(),
          c.varchar("stripeSubscriptionId", 100),
          c.varchar("stripeCustomerId", 100),
          c.int("readerId", { isNullable: true }),
          c.varchar("plan", 16),
          c.varchar("status", 24),
          c.int("unitAmount"),
          c.int("monthlyAmount"),
          c.varchar("currency", 3),
          c.datetime("currentPeriodEnd", { isNullable: true }),
          c.datetime("graceUntil", { isNullable: true }),
          c.datetime("startedAt"),
          c.datetime("endedAt", { isNullable: true }),
          c.createdAt(),
          c.updatedAt(),
        ],
        indices: [
          new TableIndex({ name: "UQ_member_sub_stripe", columnNames: ["stripeSubscriptionId"], isUnique: true }),
          new TableIndex({ name: "IDX_member_sub_customer", columnNames: ["stripeCustomerId"] }),
          new TableIndex({ name: "IDX_member_sub_reader", columnNames: ["readerId"] }),
          new TableIndex({ name: "IDX_member_sub_status", columnNames: ["status"] }),
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: "subscription_change",
        columns: [c.id(), c.varchar("stripeSubscriptionId", 100), c.varchar("fromStatus", 24, { isNullable: true }), c.varchar("toStatus", 24), c.varchar("plan", 16), c.varchar("eventId", 255), c.datetime("occurredAt")],
        indices: [new TableIndex({ name: "IDX_sub_change_sub", columnNames: ["stripeSubscriptionId"] }), new TableIndex({ name: "IDX_sub_change_status_at", columnNames: ["toStatus", "occurredAt"] })],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: "invoice_payment",
        columns: [
          c.id(),
          c.varchar("stripeInvoiceId", 100),
          c.varchar("stripeCustomerId", 100),
          c.varchar("stripeSubscriptionId", 100, { isNullable: true }),
          c.int("readerId", { isNullable: true }),
          c.varchar("email", 254, { isNullable: true }),
          c.varchar("plan", 16, { isNullable: true }),
          c.int("amount"),
          c.varchar("currency", 3),
          c.datetime("periodStart", { isNullable: true }),
          c.datetime("periodEnd", { isNullable: true }),
          c.datetime("paidAt"),
          c.createdAt(),
        ],
        indices: [
          new TableIndex({ name: "UQ_invoice_stripe", columnNames: ["stripeInvoiceId"], isUnique: true }),
          new TableIndex({ name: "IDX_invoice_reader", columnNames: ["readerId"] }),
          new TableIndex({ name: "IDX_invoice_paid", columnNames: ["paidAt"] }),
        ],
      }),
    );
    await queryRunner.createTable(new Table({ name: "stripe_event", columns: [{ ...c.varchar("id", 255), isPrimary: true }, c.varchar("type", 100), c.createdAt("receivedAt")] }));
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of ["stripe_event", "invoice_payment", "subscription_change", "member_subscription", "reader_sign_in", "reader_session", "reader"]) await queryRunner.dropTable(table);
  }
}
