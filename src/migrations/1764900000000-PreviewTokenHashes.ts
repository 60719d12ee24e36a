import { randomBytes } from "node:crypto";
import { Table, TableForeignKey, TableIndex, type MigrationInterface, type QueryRunner } from "typeorm";
import { sha256 } from "../lib/password.js";
import { dialectColumns } from "./1763800000000-Initial.js";

const OLD = "article_preview";
const NEW = "article_preview_link";

function linkTable(queryRunner: QueryRunner) {
  const c = dialectColumns(queryRunner);
  return new Table({
    name: NEW,
    columns: [c.varchar("id", 64, { isPrimary: true }), c.varchar("tokenHash", 64), c.int("articleId"), c.datetime("createdAt"), c.datetime("expiresAt"), c.datetime("revokedAt", { isNullable: true })],
    indices: [new TableIndex({ name: "IDX_article_preview_link_article", columnNames: ["articleId"] }), new TableIndex({ name: "UQ_article_preview_link_token", columnNames: ["tokenHash"], isUnique: true })],
    foreignKeys: [new TableForeignKey({ name: "FK_article_preview_link_article", columnNames: ["articleId"], referencedTableName: "article", referencedColumnNames: ["id"], onDelete: "CASCADE", onUpdate: "NO ACTION" })],
  });
}

/**
 * Preview links stop storing their token in clear (issue 22): each row keeps the token's SHA-256 and gets a random
 * public id. Existing links are hashed, not invalidated: they were sent to reviewers and keep working until they
 * expire (PREVIEW_DAYS); only their address can no longer be shown again in the newsroom, as for API keys.
 */
export class PreviewTokenHashes1764900000000 implements MigrationInterface {
  name = "PreviewTokenHashes1764900000000";

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(linkTable(queryRunner));
    // Copied as they are (dates keep their stored form), keyed by the old token for a moment, then re-keyed.
    await queryRunner.query(`INSERT INTO ${NEW} (id, tokenHash, articleId, createdAt, expiresAt, revokedAt) SELECT token, token, articleId, createdAt, expiresAt, revokedAt FROM ${OLD}`);
    const rows: Array<{ id: string }> = await queryRunner.query(`SELECT id FROM ${NEW}`);
    for (const { id: token } of rows) {
      await queryRunner.query(`UPDATE ${NEW} SET id = ?, tokenHash = ? WHERE id = ?`, [randomBytes(8).toString("hex"), sha256(token), token]);
    }
    await queryRunner.dropTable(OLD);
  }

  /** The tokens cannot be recovered from their hashes: reverting ends every preview link. */
  public async down(queryRunner: QueryRunner): Promise<void> {
    const c = dialectColumns(queryRunner);
    await queryRunner.createTable(
      new Table({
        name: OLD,
        columns: [c.varchar("token", 64, { isPrimary: true }), c.int("articleId"), c.datetime("createdAt"), c.datetime("expiresAt"), c.datetime("revokedAt", { isNullable: true })],
        indices: [new TableIndex({ name: "IDX_article_preview_article", columnNames: ["articleId"] })],
        foreignKeys: [new TableForeignKey({ name: "FK_article_preview_article", columnNames: ["articleId"], referencedTableName: "article", referencedColumnNames: ["id"], onDelete: "CASCADE", onUpdate: "NO ACTION" })],
      }),
    );
    await queryRunner.dropTable(NEW);
  }
}
