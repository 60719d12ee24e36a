// A fresh, migrated database for each test app, without paying for every migration each time.
// MySQL/MariaDB: the first app of a jest worker drops the database and runs every migration; it then
// records the schema (tables, engines, columns, indexes, triggers, applied migrations) and the rows the
// migrations themselves wrote. Each later app whose database still has exactly that schema only empties
// the tables, resets their counters and writes those rows back; any other schema (a suite renamed a
// table, reverted a migration, or another run changed it) gets the drop and the migrations again.
// SQLite: every app has a new file anyway, a copy of one migrated once per worker.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { DataSource } from "typeorm";
import { runTmpDir } from "./runTmp.js";

interface Template {
  fingerprint: string;
  rows: Map<string, Record<string, unknown>[]>;
}
const templates = new Map<string, Template>();
let sqliteTemplate: string | undefined;

const SCHEMA_QUERIES = [
  "SELECT TABLE_NAME, TABLE_TYPE, ENGINE, TABLE_COLLATION FROM information_schema.TABLES WHERE TABLE_SCHEMA = DATABASE() ORDER BY TABLE_NAME",
  "SELECT TABLE_NAME, COLUMN_NAME, ORDINAL_POSITION, COLUMN_TYPE, IS_NULLABLE, COLUMN_DEFAULT, EXTRA, COLLATION_NAME FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = DATABASE() ORDER BY TABLE_NAME, ORDINAL_POSITION",
  "SELECT TABLE_NAME, INDEX_NAME, SEQ_IN_INDEX, COLUMN_NAME, NON_UNIQUE, INDEX_TYPE, SUB_PART FROM information_schema.STATISTICS WHERE TABLE_SCHEMA = DATABASE() ORDER BY TABLE_NAME, INDEX_NAME, SEQ_IN_INDEX",
  "SELECT CONSTRAINT_NAME, TABLE_NAME, REFERENCED_TABLE_NAME, UPDATE_RULE, DELETE_RULE FROM information_schema.REFERENTIAL_CONSTRAINTS WHERE CONSTRAINT_SCHEMA = DATABASE() ORDER BY CONSTRAINT_NAME",
  "SELECT TRIGGER_NAME, EVENT_OBJECT_TABLE, ACTION_STATEMENT FROM information_schema.TRIGGERS WHERE TRIGGER_SCHEMA = DATABASE() ORDER BY TRIGGER_NAME",
];

async function schemaFingerprint(ds: DataSource): Promise<string> {
  const hash = crypto.createHash("sha256");
  for (const sql of SCHEMA_QUERIES) hash.update(JSON.stringify(await ds.query(sql)));
  const hasMigrations = (await ds.query("SELECT COUNT(*) AS n FROM information_schema.TABLES WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = 'migrations'"))[0].n > 0;
  if (hasMigrations) hash.update(JSON.stringify(await ds.query("SELECT name FROM migrations ORDER BY id")));
  return hash.digest("hex");
}

const dataTables = async (ds: DataSource): Promise<string[]> =>
  (await ds.query("SELECT TABLE_NAME AS name FROM information_schema.TABLES WHERE TABLE_SCHEMA = DATABASE() AND TABLE_TYPE = 'BASE TABLE' AND TABLE_NAME <> 'migrations' ORDER BY TABLE_NAME")).map((r: { name: string }) => r.name);

async function migrateFromScratch(ds: DataSource, key: string) {
  await ds.dropDatabase();
  await ds.runMigrations({ transaction: "each" });
  const rows = new Map<string, Record<string, unknown>[]>();
  for (const table of await dataTables(ds)) {
    const content = await ds.query(`SELECT * FROM \`${table}\``);
    if (content.length) rows.set(table, content);
  }
  templates.set(key, { fingerprint: await schemaFingerprint(ds), rows });
}

/** Empties every table on one connection (foreign keys off for the moment), then writes the migrations' rows back. */
async function resetTo(ds: DataSource, template: Template) {
  const runner = ds.createQueryRunner();
  try {
    await runner.query("SET FOREIGN_KEY_CHECKS = 0");
    for (const table of await dataTables(ds)) {
      await runner.query(`DELETE FROM \`${table}\``);
      await runner.query(`ALTER TABLE \`${table}\` AUTO_INCREMENT = 1`);
    }
    for (const [table, rows] of template.rows) {
      for (const row of rows) {
        const columns = Object.keys(row);
        await runner.query(`INSERT INTO \`${table}\` (${columns.map((c) => `\`${c}\``).join(", ")}) VALUES (${columns.map(() => "?").join(", ")})`, columns.map((c) => row[c]));
      }
    }
  } finally {
    await runner.query("SET FOREIGN_KEY_CHECKS = 1").catch(() => undefined);
    await runner.release();
  }
}

/** Brings an initialised MySQL/MariaDB DataSource to a freshly migrated, empty state. */
export async function freshMysqlDatabase(ds: DataSource, databaseUrl: string): Promise<void> {
  const template = templates.get(databaseUrl);
  if (template && (await schemaFingerprint(ds)) === template.fingerprint) return resetTo(ds, template);
  await migrateFromScratch(ds, databaseUrl);
}

/** A migrated SQLite file at `file`: a copy of one this worker migrated once. */
export async function freshSqliteFile(file: string, migrate: (file: string) => Promise<void>): Promise<void> {
  if (!sqliteTemplate || !fs.existsSync(sqliteTemplate)) {
    const dir = fs.mkdtempSync(path.join(runTmpDir(), "ds-template-"));
    await migrate(path.join(dir, "site.db"));
    sqliteTemplate = path.join(dir, "site.db");
  }
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.copyFileSync(sqliteTemplate, file);
}
