import { Table, TableIndex, type MigrationInterface, type QueryRunner } from "typeorm";
import { dialectColumns } from "./1763800000000-Initial.js";

/** The outbox: content changes written with the rows they describe, delivered to listeners after commit (issue 24). */
export class Outbox1765900000000 implements MigrationInterface {
  name = "Outbox1765900000000";

  public async up(queryRunner: QueryRunner): Promise<void> {
    const c = dialectColumns(queryRunner);
    await queryRunner.createTable(
      new Table({
        name: "outbox_event",
        columns: [c.varchar("id", 36, { isPrimary: true }), c.text("change"), c.datetime("createdAt"), c.int("attempts", { default: 0 }), c.datetime("nextAttemptAt"), c.varchar("lastError", 500, { isNullable: true })],
        indices: [new TableIndex({ name: "IDX_outbox_event_next", columnNames: ["nextAttemptAt"] })],
      }),
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable("outbox_event");
  }
}
