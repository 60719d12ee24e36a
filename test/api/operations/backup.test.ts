// Backup and restore round trips (README "Backup and restore"): a populated database restored into a fresh one
// has every table row for row and every media file byte for byte, on the test database's own kind and across
// kinds (SQLite → MariaDB → SQLite, when MariaDB answers); a target with rows is refused unless forced.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import mysql from "mysql2/promise";
import type { Config } from "../../../src/config.js";
import { Setting } from "../../../src/entities/Setting.js";
import { migrations } from "../../../src/migrations/index.js";
import { appVersion, createBackup } from "../../../src/services/backup/backup.js";
import { RestoreRefusedError } from "../../../src/services/backup/manifest.js";
import { restoreBackup } from "../../../src/services/backup/restore.js";
import { entityRows, mediaFiles, populate, targetConfig, withDataSource } from "../../helpers/backupCompare.js";
import { mariadbDatabaseUrl, needs } from "../../helpers/services.js";
import { createTestApp, type TestApp } from "../../helpers/testApp.js";

const mariadb = await needs("mariadb");
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "ds-backups-"));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

/** An empty MySQL/MariaDB database for a restore (dropped and created again). */
async function emptyDatabase(url: string) {
  const u = new URL(url.replace(/^mariadb:/, "mysql:"));
  const conn = await mysql.createConnection({ host: u.hostname, port: Number(u.port || 3306), user: decodeURIComponent(u.username), password: decodeURIComponent(u.password) });
  const name = decodeURIComponent(u.pathname.slice(1));
  await conn.query(`DROP DATABASE IF EXISTS \`${name}\``);
  await conn.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  await conn.end();
  return url;
}

/** The target's tables and media equal the source's. */
async function expectSameAs(source: { ds: TestApp["ds"]; config: Config }, target: Config) {
  const want = await entityRows(source.ds);
  const got = await withDataSource(target, entityRows);
  expect(Object.keys(got).sort()).toEqual(Object.keys(want).sort());
  for (const table of Object.keys(want)) expect([table, got[table]]).toEqual([table, want[table]]);
  expect(mediaFiles(target.mediaDir)).toEqual(mediaFiles(source.config.mediaDir));
}

const lastMigration = new migrations[migrations.length - 1]().name;

describe(`on the test database (${process.env.DATABASE_URL ? "MySQL/MariaDB" : "SQLite"})`, () => {
  let t: TestApp;
  let file: string;
  const freshTarget = async () => targetConfig(t.config.databaseUrl ? await emptyDatabase(mariadbDatabaseUrl("restore")) : undefined);

  beforeAll(async () => {
    t = await createTestApp();
    await populate(t);
    file = path.join(tmp, "own.tar.gz");
  });
  afterAll(() => t.close());

  test("a backup restored into a fresh database has every table row for row and every media file byte for byte", async () => {
    const { manifest, bytes } = await createBackup(t.config, file);
    expect(bytes).toBe(fs.statSync(file).size);
    expect(manifest).toMatchObject({ databaseKind: t.config.databaseKind, schemaVersion: lastMigration, appVersion: appVersion() });
    expect(manifest.tables.map((table) => table.name).sort()).toEqual(t.ds.entityMetadatas.map((m) => m.tableName).sort());
    expect(manifest.tables.find((table) => table.name === "article")!.rows).toBeGreaterThan(40);
    expect(manifest.media.files).toBeGreaterThan(5);

    const target = await freshTarget();
    const { migratedForward } = await restoreBackup(target, file);
    expect(migratedForward).toEqual([]);
    await expectSameAs(t, target);
    // The restored database is whole: the full-text index finds the unicode article, new ids follow the old ones.
    await withDataSource(target, async (ds) => {
      const found = await ds.query(ds.options.type === "better-sqlite3" ? "SELECT rowid FROM article_fts WHERE article_fts MATCH 'Київ'" : "SELECT id FROM article WHERE MATCH(title, excerpt, content, category) AGAINST ('Київ' IN BOOLEAN MODE)");
      expect(found.length).toBe(1);
    });
  });

  test("restoring over a database with rows is refused and changes nothing; with force it is replaced", async () => {
    const target = await freshTarget();
    await restoreBackup(target, file);
    await withDataSource(target, (ds) => ds.getRepository(Setting).save({ key: "extra.row", value: "kept" }));
    const before = await withDataSource(target, entityRows);
    const media = mediaFiles(target.mediaDir);

    const refused = await restoreBackup(target, file).catch((error: Error) => error);
    expect(refused).toBeInstanceOf(RestoreRefusedError);
    expect((refused as Error).message).toMatch(/^Refusing to restore over existing data: the database has rows in article, .* and the media folder .* is not empty\. .*--force.*Nothing was changed\.$/);
    expect(await withDataSource(target, entityRows)).toEqual(before);
    expect(mediaFiles(target.mediaDir)).toEqual(media);

    await restoreBackup(target, file, { force: true });
    await expectSameAs(t, target);
  });
});

mariadb.describe("across kinds", () => {
  test("SQLite → MariaDB → SQLite keeps every table row for row and every media file byte for byte", async () => {
    const t = await createTestApp({ DATABASE_URL: "" });
    try {
      await populate(t);
      const fromSqlite = path.join(tmp, "sqlite.tar.gz");
      await createBackup(t.config, fromSqlite);
      const onMariadb = targetConfig(await emptyDatabase(mariadbDatabaseUrl("across")));
      await restoreBackup(onMariadb, fromSqlite);
      await expectSameAs(t, onMariadb);

      const fromMariadb = path.join(tmp, "mariadb.tar.gz");
      const { manifest } = await createBackup(onMariadb, fromMariadb);
      expect(manifest).toMatchObject({ databaseKind: "mariadb", dumpMethod: "mysql-consistent-snapshot" });
      const backOnSqlite = targetConfig();
      await restoreBackup(backOnSqlite, fromMariadb);
      await expectSameAs(t, backOnSqlite);
    } finally {
      await t.close();
    }
  });
});
