import { Table, TableForeignKey, TableIndex, type MigrationInterface, type QueryRunner } from "typeorm";
import { dialectColumns } from "./1763800000000-Initial.js";

/** Every saved version of an article (issue 13), deleted with the article. */
export class ArticleRevisions1764013000000 implements MigrationInterface {
  name = "ArticleRevisions1764013000000";

  public async up(queryRunner: QueryRunner): Promise<void> {
    const c = dialectColumns(queryRunner);
    await queryRunner.createTable(
      new Table({
        name: "article_revision",
        columns: [
          c.id(),
          c.int("articleId"),
          c.varchar("kind", 16),
          c.int("restoredFrom", { isNullable: true }),
          c.varchar("savedBy", 100),
          c.datetime("savedAt"),
          c.int("wordCount"),
          c.varchar("slug", 200),
          c.varchar("title", 200),
          c.varchar("excerpt", 510),
          c.longText("content"),
          c.varchar("author", 100),
          c.varchar("category", 20),
          c.varchar("contentTier", 20),
          c.varchar("imageUrl", 1000, { isNullable: true }),
          c.varchar("imageAlt", 300, { isNullable: true }),
          { name: "isBreaking", type: "boolean" },
          { name: "isPremium", type: "boolean" },
          c.varchar("status", 16),
          c.datetime("publishedAt", { isNullable: true }),
        ],
        indices: [new TableIndex({ name: "IDX_article_revision_article", columnNames: ["articleId", "id"] })],
        foreignKeys: [
          new TableForeignKey({
            name: "FK_article_revision_article",
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
    await queryRunner.dropTable("article_revision");
  }
}
