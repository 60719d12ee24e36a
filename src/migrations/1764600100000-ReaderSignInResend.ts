import { TableColumn, TableIndex, type MigrationInterface, type QueryRunner } from "typeorm";
import { dialectColumns } from "./1763800000000-Initial.js";

/**
 * A sign-in link can be mailed again while it is fresh: `linkKey` (random) is what its token is derived
 * from under APP_SECRET, so the token itself is still stored only as a hash. Links are looked up by address.
 */
export class ReaderSignInResend1764600100000 implements MigrationInterface {
  name = "ReaderSignInResend1764600100000";

  public async up(queryRunner: QueryRunner): Promise<void> {
    const c = dialectColumns(queryRunner);
    await queryRunner.addColumn("reader_sign_in", new TableColumn(c.varchar("linkKey", 64, { isNullable: true })));
    await queryRunner.createIndex("reader_sign_in", new TableIndex({ name: "IDX_reader_sign_in_email", columnNames: ["email"] }));
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropIndex("reader_sign_in", "IDX_reader_sign_in_email");
    await queryRunner.dropColumn("reader_sign_in", "linkKey");
  }
}
