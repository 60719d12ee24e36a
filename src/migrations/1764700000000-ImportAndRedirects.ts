import { Table, TableIndex, type MigrationInterface, type QueryRunner } from "typeorm";
import { dialectColumns } from "./1763800000000-Initial.js";

/** Redirects (old links → ours), WordPress import jobs with their uploaded file, and the GUID map that makes a re-import update instead of duplicate. */
export class ImportAndRedirects1764700000000 implements MigrationInterface {
  name = "ImportAndRedirects1764700000000";

  public async up(queryRunner: QueryRunner): Promise<void> {
    const c = dialectColumns(queryRunner);
    const zero = { default: c.mysql ? "0" : 0 };
    await queryRunner.createTable(
      new Table({
        name: "redirect",
        columns: [c.id(), c.varchar("source", 400), c.varchar("target", 400), c.varchar("origin", 16), c.int("hits", zero), c.datetime("lastHitAt", { isNullable: true }), c.createdAt()],
        indices: [new TableIndex({ name: "UQ_redirect_source", columnNames: ["source"], isUnique: true })],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: "import_job",
        columns: [
          c.varchar("id", 36, { isPrimary: true }),
          c.varchar("status", 16),
          c.boolean("dryRun", false),
          c.text("options"),
          c.longText("analysis"),
          c.int("itemsDone", zero),
          c.int("itemsTotal", zero),
          c.longText("report"),
          c.varchar("error", 500, { isNullable: true }),
          c.createdAt(),
          c.datetime("startedAt", { isNullable: true }),
          c.datetime("finishedAt", { isNullable: true }),
        ],
        indices: [new TableIndex({ name: "IDX_import_job_status_created", columnNames: ["status", "createdAt"] })],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: "import_chunk",
        columns: [c.varchar("jobId", 36, { isPrimary: true }), c.int("seq", { isPrimary: true }), c.longText("text")],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: "imported_item",
        columns: [c.varchar("key", 64, { isPrimary: true }), c.varchar("guid", 1000), c.varchar("kind", 16), c.varchar("targetId", 200), c.varchar("fingerprint", 64)],
      }),
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of ["imported_item", "import_chunk", "import_job", "redirect"]) await queryRunner.dropTable(table);
  }
}
