import { Table, TableColumn, TableForeignKey, TableIndex, type MigrationInterface, type QueryRunner } from "typeorm";
import { dialectColumns } from "./1763800000000-Initial.js";

const PASSWORD_KEY = "admin.passwordHash";
const FK = (name: string, table: string) => new TableForeignKey({ name, columnNames: ["staffId"], referencedTableName: table, referencedColumnNames: ["id"], onDelete: "CASCADE", onUpdate: "NO ACTION" });

/** The article's new columns: name, SQLite type, MySQL/MariaDB type (all nullable). */
const ARTICLE_COLUMNS = [
  ["authorId", "integer", "int"],
  ["submittedAt", "datetime(3)", "datetime(3)"],
  ["submittedById", "integer", "int"],
  ["reviewNote", "varchar(1000)", "varchar(1000)"],
] as const;

/**
 * The newsroom becomes a team (issue 25): staff accounts with roles, mailed invitation and reset links, recovery
 * codes of the second factor, the audit log; sessions and API keys belong to a person; articles get an owner and a
 * review state. The one administrator becomes the owner, keeping the password (its hash moves from the settings to
 * the account). Sessions open at the upgrade end: everyone signs in again once.
 */
export class StaffAccounts1765400000000 implements MigrationInterface {
  name = "StaffAccounts1765400000000";

  public async up(queryRunner: QueryRunner): Promise<void> {
    const c = dialectColumns(queryRunner);
    await queryRunner.createTable(
      new Table({
        name: "staff_member",
        columns: [
          c.id(),
          c.varchar("email", 254, { isNullable: true }),
          c.varchar("name", 100),
          c.varchar("passwordHash", 200, { isNullable: true }),
          c.varchar("role", 20),
          c.varchar("status", 20),
          c.varchar("slug", 100),
          c.text("bio", { isNullable: true }),
          c.varchar("avatarUrl", 1000, { isNullable: true }),
          c.varchar("totpSecret", 64, { isNullable: true }),
          c.varchar("totpPending", 64, { isNullable: true }),
          c.int("totpLastStep", { isNullable: true }),
          c.datetime("lastSeenAt", { isNullable: true }),
          c.createdAt(),
        ],
        indices: [new TableIndex({ name: "UQ_staff_member_email", columnNames: ["email"], isUnique: true }), new TableIndex({ name: "UQ_staff_member_slug", columnNames: ["slug"], isUnique: true })],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: "staff_token",
        columns: [
          c.id(),
          c.varchar("kind", 10),
          c.varchar("tokenHash", 64),
          c.varchar("email", 254),
          c.varchar("role", 20, { isNullable: true }),
          c.int("staffId", { isNullable: true }),
          c.createdAt(),
          c.datetime("expiresAt"),
          c.datetime("usedAt", { isNullable: true }),
          c.datetime("revokedAt", { isNullable: true }),
        ],
        indices: [new TableIndex({ name: "UQ_staff_token_hash", columnNames: ["tokenHash"], isUnique: true }), new TableIndex({ name: "IDX_staff_token_email", columnNames: ["kind", "email"] })],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: "staff_recovery_code",
        columns: [c.id(), c.int("staffId"), c.varchar("codeHash", 64), c.datetime("usedAt", { isNullable: true })],
        indices: [new TableIndex({ name: "IDX_staff_recovery_code_staff", columnNames: ["staffId"] })],
        foreignKeys: [FK("FK_staff_recovery_code_staff", "staff_member")],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: "audit_entry",
        columns: [
          c.id(),
          c.datetime("at"),
          c.int("actorId", { isNullable: true }),
          c.varchar("actorEmail", 254, { isNullable: true }),
          c.varchar("action", 60),
          c.varchar("targetType", 40, { isNullable: true }),
          c.varchar("targetId", 100, { isNullable: true }),
          c.varchar("summary", 1000),
        ],
        indices: [
          new TableIndex({ name: "IDX_audit_entry_at", columnNames: ["at"] }),
          new TableIndex({ name: "IDX_audit_entry_actor", columnNames: ["actorId", "id"] }),
          new TableIndex({ name: "IDX_audit_entry_action", columnNames: ["action", "id"] }),
        ],
      }),
    );

    // The one administrator becomes the owner; the name and slug are set at the first start (SITE_NAME's staff byline).
    const stored: Array<{ value: string }> = await queryRunner.query(`SELECT value FROM setting WHERE ${c.mysql ? "`key`" : '"key"'} = ?`, [PASSWORD_KEY]);
    await queryRunner.query(`INSERT INTO staff_member (email, name, passwordHash, role, status, slug) VALUES (NULL, '', ?, 'owner', 'active', 'owner')`, [stored[0]?.value ?? null]);
    await queryRunner.query(`DELETE FROM setting WHERE ${c.mysql ? "`key`" : '"key"'} = ?`, [PASSWORD_KEY]);
    const [{ id: ownerId }]: Array<{ id: number }> = await queryRunner.query(`SELECT id FROM staff_member WHERE role = 'owner'`);

    await queryRunner.query(`DELETE FROM admin_session`);
    await queryRunner.addColumns("admin_session", [c.int("staffId"), c.datetime("lastSeenAt", { isNullable: true }), c.varchar("userAgent", 200, { isNullable: true })].map((o) => new TableColumn(o)));
    await queryRunner.createIndex("admin_session", new TableIndex({ name: "IDX_admin_session_staff", columnNames: ["staffId"] }));
    await queryRunner.createForeignKey("admin_session", FK("FK_admin_session_staff", "staff_member"));

    await queryRunner.addColumn("api_key", new TableColumn(c.int("staffId", { isNullable: true })));
    await queryRunner.createIndex("api_key", new TableIndex({ name: "IDX_api_key_staff", columnNames: ["staffId"] }));
    await queryRunner.query(`UPDATE api_key SET staffId = ?`, [ownerId]);

    // Plain ADD COLUMNs: TypeORM's addColumn would copy the whole table on SQLite (and break its search view and triggers).
    for (const [name, sqlite, mysql] of ARTICLE_COLUMNS) await queryRunner.query(c.mysql ? `ALTER TABLE \`article\` ADD \`${name}\` ${mysql} NULL` : `ALTER TABLE "article" ADD COLUMN "${name}" ${sqlite}`);
    await queryRunner.createIndex("article", new TableIndex({ name: "IDX_article_author", columnNames: ["authorId", "status", "publishedAt"] }));
    await queryRunner.createIndex("article", new TableIndex({ name: "IDX_article_submitted", columnNames: ["submittedAt"] }));
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    const c = dialectColumns(queryRunner);
    await queryRunner.dropIndex("article", "IDX_article_submitted");
    await queryRunner.dropIndex("article", "IDX_article_author");
    for (const [name] of ARTICLE_COLUMNS) await queryRunner.query(c.mysql ? `ALTER TABLE \`article\` DROP COLUMN \`${name}\`` : `ALTER TABLE "article" DROP COLUMN "${name}"`);
    await queryRunner.dropIndex("api_key", "IDX_api_key_staff");
    await queryRunner.dropColumn("api_key", "staffId");
    await queryRunner.query(`DELETE FROM admin_session`);
    await queryRunner.dropForeignKey("admin_session", "FK_admin_session_staff");
    await queryRunner.dropIndex("admin_session", "IDX_admin_session_staff");
    for (const column of ["userAgent", "lastSeenAt", "staffId"]) await queryRunner.dropColumn("admin_session", column);
    // The owner's password goes back to the settings.
    const owner: Array<{ passwordHash: string | null }> = await queryRunner.query(`SELECT passwordHash FROM staff_member WHERE role = 'owner'`);
    if (owner[0]?.passwordHash) await queryRunner.query(`INSERT INTO setting (${c.mysql ? "`key`" : '"key"'}, value) VALUES (?, ?)`, [PASSWORD_KEY, owner[0].passwordHash]);
    for (const table of ["audit_entry", "staff_recovery_code", "staff_token", "staff_member"]) await queryRunner.dropTable(table);
  }
}
