import { Table, TableForeignKey, TableIndex, type MigrationInterface, type QueryRunner } from "typeorm";
import { dialectColumns } from "./1763800000000-Initial.js";

const LIVE_COLUMNS = [
  ["liveStatus", "varchar(8)"],
  ["liveStartedAt", "datetime(3)"],
  ["liveEndedAt", "datetime(3)"],
] as const;

const articleKey = (table: string) =>
  new TableForeignKey({ name: `FK_${table}_article`, columnNames: ["articleId"], referencedTableName: "article", referencedColumnNames: ["id"], onDelete: "CASCADE", onUpdate: "NO ACTION" });

/**
 * Live blogs (issue 26): an article's live state and coverage times, its posts, and the log of what its stream sent
 * (the event ids a reconnecting reader resumes from).
 */
export class LiveBlogs1765500000000 implements MigrationInterface {
  name = "LiveBlogs1765500000000";

  public async up(queryRunner: QueryRunner): Promise<void> {
    const c = dialectColumns(queryRunner);
    // Plain ADD COLUMN: TypeORM's addColumn would copy the whole table on SQLite (and drop its search triggers).
    for (const [name, type] of LIVE_COLUMNS) {
      await queryRunner.query(c.mysql ? `ALTER TABLE \`article\` ADD \`${name}\` ${type} NULL` : `ALTER TABLE "article" ADD COLUMN "${name}" ${type}`);
    }
    // The ticker and the LIVE badges ask for the running live blogs.
    await queryRunner.createIndex("article", new TableIndex({ name: "IDX_article_live", columnNames: ["liveStatus"] }));
    await queryRunner.createTable(
      new Table({
        name: "live_post",
        columns: [c.id(), c.int("articleId"), c.varchar("title", 200, { isNullable: true }), c.text("body"), c.text("bodyHtml"), c.varchar("imageUrl", 1000, { isNullable: true }), c.boolean("isKeyEvent", false), c.boolean("pinned", false), c.createdAt(), c.updatedAt()],
        indices: [new TableIndex({ name: "IDX_live_post_article", columnNames: ["articleId", "id"] })],
        foreignKeys: [articleKey("live_post")],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: "live_event",
        columns: [c.id(), c.int("articleId"), c.int("seq"), c.varchar("kind", 8), c.int("postId", { isNullable: true }), c.text("payload"), c.createdAt()],
        indices: [new TableIndex({ name: "UQ_live_event_seq", columnNames: ["articleId", "seq"], isUnique: true })],
        foreignKeys: [articleKey("live_event")],
      }),
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    const c = dialectColumns(queryRunner);
    await queryRunner.dropTable("live_event");
    await queryRunner.dropTable("live_post");
    await queryRunner.dropIndex("article", "IDX_article_live");
    for (const [name] of [...LIVE_COLUMNS].reverse()) await queryRunner.query(c.mysql ? `ALTER TABLE \`article\` DROP COLUMN \`${name}\`` : `ALTER TABLE "article" DROP COLUMN "${name}"`);
  }
}
