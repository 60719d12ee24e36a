import { Table, TableIndex, type MigrationInterface, type QueryRunner } from "typeorm";
import { dialectColumns } from "./1763800000000-Initial.js";

/** Uploaded images (issue 13); their files live under MEDIA_DIR. */
export class MediaImages1764013200000 implements MigrationInterface {
  name = "MediaImages1764013200000";

  public async up(queryRunner: QueryRunner): Promise<void> {
    const c = dialectColumns(queryRunner);
    await queryRunner.createTable(
      new Table({
        name: "media_image",
        columns: [
          c.varchar("id", 48, { isPrimary: true }),
          c.varchar("format", 8),
          c.int("width"),
          c.int("height"),
          c.int("bytes"),
          c.int("uploadBytes"),
          c.varchar("name", 200, { isNullable: true }),
          c.datetime("createdAt"),
        ],
        indices: [new TableIndex({ name: "IDX_media_image_created", columnNames: ["createdAt"] })],
      }),
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable("media_image");
  }
}
