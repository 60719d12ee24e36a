// The few raw operations a dump and a restore need, on SQLite (better-sqlite3) and MySQL/MariaDB (mysql2),
// below TypeORM: values are read exactly as stored (dates as their text, no time-zone conversion) so a
// dump is the same bytes whichever way it is read, and rows are written back in bulk.
import Database from "better-sqlite3";
import type mysql from "mysql2/promise";
import type { Readable } from "node:stream";
import { setImmediate as yieldToLoop } from "node:timers/promises";
import { MROONGA_TABLE } from "../search/mroongaIndex.js";
import { CHANGE_TABLE } from "../search/changeFeed.js";
import { ARTICLE_TALLY } from "../articleListing.js";

/** TypeORM's bookkeeping table: its rows are written by the migrations a restore runs, never copied. */
export const MIGRATIONS_TABLE = "migrations";

export interface RawDb {
  readonly kind: "sqlite" | "mysql";
  /** Tables holding data: not the migrations table, not SQLite's own nor its full-text index and article tally (kept by triggers). */
  dataTables(): Promise<string[]>;
  /** Every table, for dropping them all. */
  allTables(): Promise<string[]>;
  columns(table: string): Promise<string[]>;
  rows(table: string, columns: string[]): AsyncIterable<unknown[]>;
  hasRows(table: string): Promise<boolean>;
  count(table: string): Promise<number>;
  /** Names of the migrations run, oldest first ([] when there is no migrations table). */
  migrations(): Promise<string[]>;
  /** The last id each auto-increment table handed out. */
  lastIds(): Promise<Map<string, number>>;
  setLastId(table: string, lastId: number): Promise<void>;
  /** Starts the one transaction a load runs in, with foreign keys unchecked until the end. */
  beginLoad(): Promise<void>;
  insert(table: string, columns: string[], rows: unknown[][]): Promise<void>;
  clear(table: string): Promise<void>;
  /** Checks foreign keys (where the database can) and commits. */
  commitLoad(): Promise<void>;
  rollback(): Promise<void>;
  dropAll(): Promise<void>;
  close(): Promise<void>;
}

const sqliteId = (name: string) => `"${name.replace(/"/g, '""')}"`;
const mysqlId = (name: string) => `\`${name.replace(/`/g, "``")}\``;

export class SqliteRaw implements RawDb {
  readonly kind = "sqlite";
  constructor(readonly db: Database.Database) {
    db.pragma("busy_timeout = 5000");
  }

  static open(file: string, options: { mustExist: boolean }) {
    return new SqliteRaw(new Database(file, { fileMustExist: options.mustExist }));
  }

  async allTables() {
    return (this.db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name").pluck().all() as string[]);
  }

  async dataTables() {
    const tables = this.db.prepare("SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name").all() as { name: string; sql: string }[];
    const virtual = tables.filter((t) => /^CREATE VIRTUAL TABLE/i.test(t.sql)).map((t) => t.name);
    const derived = (name: string) => virtual.some((v) => name === v || name.startsWith(`${v}_`));
    return tables.map((t) => t.name).filter((name) => name !== MIGRATIONS_TABLE && name !== ARTICLE_TALLY && !derived(name));
  }

  async columns(table: string) {
    return (this.db.prepare(`SELECT name FROM pragma_table_info(?) ORDER BY cid`).pluck().all(table) as string[]);
  }

  async *rows(table: string, columns: string[]): AsyncIterable<unknown[]> {
    const key = this.db.prepare("SELECT name FROM pragma_table_info(?) WHERE pk > 0 ORDER BY pk").pluck().all(table) as string[];
    const order = key.length ? key.map(sqliteId).join(", ") : "rowid";
    const statement = this.db.prepare(`SELECT ${columns.map(sqliteId).join(", ")} FROM ${sqliteId(table)} ORDER BY ${order}`).raw();
    let n = 0;
    for (const row of statement.iterate() as Iterable<unknown[]>) {
      yield row;
      // A scheduled backup runs inside the server: let it answer requests between slices.
      if (++n % 500 === 0) await yieldToLoop();
    }
  }

  async hasRows(table: string) {
    return this.db.prepare(`SELECT 1 FROM ${sqliteId(table)} LIMIT 1`).get() !== undefined;
  }

  async count(table: string) {
    return Number(this.db.prepare(`SELECT COUNT(*) FROM ${sqliteId(table)}`).pluck().get());
  }

  async migrations() {
    if (!(await this.allTables()).includes(MIGRATIONS_TABLE)) return [];
    return this.db.prepare(`SELECT name FROM ${MIGRATIONS_TABLE} ORDER BY id`).pluck().all() as string[];
  }

  async lastIds() {
    const exists = this.db.prepare("SELECT 1 FROM sqlite_master WHERE name = 'sqlite_sequence'").get();
    if (!exists) return new Map<string, number>();
    const rows = this.db.prepare("SELECT name, seq FROM sqlite_sequence").all() as { name: string; seq: number }[];
    return new Map(rows.map((r) => [r.name, Number(r.seq)]));
  }

  async setLastId(table: string, lastId: number) {
    // Only tables declared AUTOINCREMENT have a sqlite_sequence row (inserting ids created it).
    this.db.prepare("UPDATE sqlite_sequence SET seq = MAX(seq, ?) WHERE name = ?").run(lastId, table);
  }

  async beginLoad() {
    this.db.pragma("foreign_keys = OFF");
    this.db.exec("BEGIN");
  }

  async insert(table: string, columns: string[], rows: unknown[][]) {
    const statement = this.db.prepare(`INSERT INTO ${sqliteId(table)} (${columns.map(sqliteId).join(", ")}) VALUES (${columns.map(() => "?").join(", ")})`);
    for (const row of rows) statement.run(row);
  }

  async clear(table: string) {
    this.db.prepare(`DELETE FROM ${sqliteId(table)}`).run();
  }

  async commitLoad() {
    const broken = this.db.prepare("PRAGMA foreign_key_check").all() as { table: string; parent: string }[];
    if (broken.length) throw new Error(`${broken.length} rows point at missing rows (first: ${broken[0].table} → ${broken[0].parent})`);
    this.db.exec("COMMIT");
    this.db.pragma("foreign_keys = ON");
  }

  async rollback() {
    if (this.db.inTransaction) this.db.exec("ROLLBACK");
  }

  async dropAll() {
    this.db.pragma("foreign_keys = OFF");
    for (const table of await this.allTables()) this.db.exec(`DROP TABLE IF EXISTS ${sqliteId(table)}`);
  }

  async close() {
    this.db.close();
  }
}

/** Rows per INSERT, and the statement size past which a batch is sent early (max_allowed_packet is 16 MB by default). */
const BATCH_ROWS = 500;
export const BATCH_BYTES = 4 * 1024 * 1024;

export class MysqlRaw implements RawDb {
  readonly kind = "mysql";
  constructor(readonly conn: mysql.Connection) {}

  /** A connection of its own that reads values as stored: dates as text, big numbers exactly. */
  static async open(databaseUrl: string, options: { createDatabase?: boolean } = {}) {
    const url = new URL(databaseUrl.replace(/^mariadb:/, "mysql:"));
    const database = decodeURIComponent(url.pathname.slice(1));
    const settings = {
      host: url.hostname,
      port: Number(url.port || 3306),
      user: decodeURIComponent(url.username),
      password: decodeURIComponent(url.password),
      charset: "UTF8MB4_UNICODE_CI",
      dateStrings: true,
      supportBigNumbers: true,
      bigNumberStrings: true,
      timezone: "Z",
      connectTimeout: 5000,
    } as const;
    // Loaded when a backup or restore opens its connection, not at the boot (TypeORM's driver loads what it needs itself).
    const { default: mysql } = await import("mysql2/promise");
    if (options.createDatabase) {
      const admin = await mysql.createConnection(settings);
      await admin.query(`CREATE DATABASE IF NOT EXISTS ${mysqlId(database)} CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`).finally(() => admin.end());
    }
    const conn = await mysql.createConnection({ ...settings, database });
    await conn.query("SET SESSION time_zone = '+00:00'");
    return new MysqlRaw(conn);
  }

  private async list<T>(sql: string, params: unknown[] = []): Promise<T[]> {
    const [rows] = await this.conn.query({ sql, rowsAsArray: true }, params);
    return (rows as unknown[][]).map((r) => r[0] as T);
  }

  /** One REPEATABLE READ transaction on a consistent snapshot: every table as of one moment, without locking writers. */
  async beginSnapshot() {
    await this.conn.query("SET SESSION TRANSACTION ISOLATION LEVEL REPEATABLE READ");
    await this.conn.query("START TRANSACTION WITH CONSISTENT SNAPSHOT, READ ONLY");
  }

  async allTables() {
    return this.list<string>("SELECT TABLE_NAME FROM information_schema.TABLES WHERE TABLE_SCHEMA = DATABASE() AND TABLE_TYPE = 'BASE TABLE' ORDER BY TABLE_NAME");
  }

  /** Not the Mroonga index (`article_search`) nor the search mirrors' feed (`search_change`): derived from `article`,
   *  whose restored rows refill them through their triggers. */
  async dataTables() {
    return (await this.allTables()).filter((t) => t !== MIGRATIONS_TABLE && t !== MROONGA_TABLE && t !== CHANGE_TABLE);
  }

  async columns(table: string) {
    return this.list<string>(
      "SELECT COLUMN_NAME FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = ? AND EXTRA NOT LIKE '%GENERATED%' ORDER BY ORDINAL_POSITION",
      [table],
    );
  }

  async *rows(table: string, columns: string[]): AsyncIterable<unknown[]> {
    const key = await this.list<string>(
      "SELECT COLUMN_NAME FROM information_schema.KEY_COLUMN_USAGE WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = ? AND CONSTRAINT_NAME = 'PRIMARY' ORDER BY ORDINAL_POSITION",
      [table],
    );
    const order = key.length ? ` ORDER BY ${key.map(mysqlId).join(", ")}` : "";
    // The callback API's query streams rows as they arrive (the promise API would buffer the whole table).
    const stream = (this.conn as unknown as { connection: { query(o: object): { stream(): Readable } } }).connection
      .query({ sql: `SELECT ${columns.map(mysqlId).join(", ")} FROM ${mysqlId(table)}${order}`, rowsAsArray: true })
      .stream();
    for await (const row of stream) yield row as unknown[];
  }

  async hasRows(table: string) {
    return (await this.list(`SELECT 1 FROM ${mysqlId(table)} LIMIT 1`)).length > 0;
  }

  async count(table: string) {
    return Number((await this.list(`SELECT COUNT(*) FROM ${mysqlId(table)}`))[0]);
  }

  async migrations() {
    if (!(await this.allTables()).includes(MIGRATIONS_TABLE)) return [];
    return this.list<string>(`SELECT name FROM ${MIGRATIONS_TABLE} ORDER BY id`);
  }

  async lastIds() {
    // MySQL 8 caches these figures for a day unless told otherwise; MariaDB has no such setting.
    await this.conn.query("SET SESSION information_schema_stats_expiry = 0").catch(() => undefined);
    const [rows] = await this.conn.query("SELECT TABLE_NAME AS name, AUTO_INCREMENT AS next FROM information_schema.TABLES WHERE TABLE_SCHEMA = DATABASE() AND AUTO_INCREMENT IS NOT NULL");
    return new Map((rows as { name: string; next: string | number }[]).map((r) => [r.name, Number(r.next) - 1]));
  }

  async setLastId(table: string, lastId: number) {
    // InnoDB never sets the counter below the largest id present.
    await this.conn.query(`ALTER TABLE ${mysqlId(table)} AUTO_INCREMENT = ${Math.floor(lastId) + 1}`);
  }

  async beginLoad() {
    await this.conn.query("SET SESSION FOREIGN_KEY_CHECKS = 0");
    await this.conn.query("START TRANSACTION");
  }

  async insert(table: string, columns: string[], rows: unknown[][]) {
    const head = `INSERT INTO ${mysqlId(table)} (${columns.map(mysqlId).join(", ")}) VALUES ?`;
    for (let i = 0; i < rows.length; i += BATCH_ROWS) await this.conn.query(head, [rows.slice(i, i + BATCH_ROWS)]);
  }

  async clear(table: string) {
    await this.conn.query(`DELETE FROM ${mysqlId(table)}`);
  }

  async commitLoad() {
    await this.conn.query("COMMIT");
    await this.conn.query("SET SESSION FOREIGN_KEY_CHECKS = 1");
  }

  async rollback() {
    await this.conn.query("ROLLBACK");
  }

  async dropAll() {
    await this.conn.query("SET SESSION FOREIGN_KEY_CHECKS = 0");
    for (const table of await this.allTables()) await this.conn.query(`DROP TABLE IF EXISTS ${mysqlId(table)}`);
    await this.conn.query("SET SESSION FOREIGN_KEY_CHECKS = 1");
  }

  async close() {
    await this.conn.end();
  }
}
