import { Table, TableForeignKey, TableIndex, type MigrationInterface, type QueryRunner } from "typeorm";
import { dialectColumns } from "./1763800000000-Initial.js";

/** Shareable preview links of articles (issue 13), deleted with the article. */
export class ArticlePreviews1764013100000 implements MigrationInterface {
  name = "ArticlePreviews1764013100000";

  public async up(queryRunner: QueryRunner): Promise<void> {
    const c = dialectColumns(queryRunner);
    await queryRunner.createTable(
      new Table({
        name: "article_preview",
        columns: [
          c.varchar("token", 64, { isPrimary: true }),
          c.int("articleId"),
          c.datetime("createdAt"),
          c.datetime("expiresAt"),
          c.datetime("revokedAt", { isNullable: true }),
        ],
        indices: [new TableIndex({ name: "IDX_article_preview_article", columnNames: ["articleId"] })],
        foreignKeys: [
          new TableForeignKey({
            name: "FK_article_preview_article",
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
    await queryRunner.dropTable("article_preview");
  }
}
