// Reads the live database while the site keeps serving: SQLite through its online backup API (a page-by-page
// copy that stays consistent under writes), then from that copy; MySQL/MariaDB in one REPEATABLE READ
// transaction started WITH CONSISTENT SNAPSHOT. Either way every table is written as JSON lines.
import { createHash } from "node:crypto";
import fs from "node:fs";
import { once } from "node:events";
import path from "node:path";
import Database from "better-sqlite3";
import type { Config } from "../../config.js";
import { encodeValue, type Manifest, type TableDump } from "./manifest.js";
import { MysqlRaw, SqliteRaw, type RawDb } from "../../repositories/backup/rawDb.js";

export type DbConfig = Pick<Config, "databaseUrl" | "databaseKind" | "dataDir">;
export const sqliteFile = (dataDir: string) => path.join(dataDir, "site.db");

type DumpResult = Pick<Manifest, "dumpMethod" | "migrations" | "tables">;

/** Writes db/<table>.jsonl for every data table into `dir` and describes them. */
export async function dumpDatabase(config: DbConfig, dir: string): Promise<DumpResult> {
  fs.mkdirSync(path.join(dir, "db"), { recursive: true });
  if (config.databaseUrl) {
    const raw = await MysqlRaw.open(config.databaseUrl);
    try {
      await raw.beginSnapshot();
      const result = await dumpTables(raw, dir);
      await raw.rollback();
      return { dumpMethod: "mysql-consistent-snapshot", ...result };
    } finally {
      await raw.close();
    }
  }
  const snapshot = path.join(dir, "snapshot.sqlite");
  await onlineBackup(sqliteFile(config.dataDir), snapshot);
  const raw = SqliteRaw.open(snapshot, { mustExist: true });
  try {
    return { dumpMethod: "sqlite-online-backup", ...(await dumpTables(raw, dir)) };
  } finally {
    await raw.close();
    fs.rmSync(snapshot, { force: true });
  }
}

/** SQLite's online backup of the live file into `to`, 1,000 pages (4 MB) a step so a backup inside the server yields between steps. */
async function onlineBackup(from: string, to: string) {
  if (!fs.existsSync(from)) throw new Error(`There is no database at ${from}`);
  const source = new Database(from, { fileMustExist: true });
  try {
    source.pragma("busy_timeout = 5000");
    let remaining = Infinity;
    await source.backup(to, {
      // A step that made no headway was restarted by another connection's write: copy the rest in one step.
      progress: ({ totalPages, remainingPages }) => {
        const restarted = remainingPages >= remaining;
        remaining = remainingPages;
        return restarted ? totalPages : 1000;
      },
    });
  } finally {
    source.close();
  }
}

async function dumpTables(raw: RawDb, dir: string) {
  const migrations = await raw.migrations();
  if (!migrations.length) throw new Error("The database has no migrations table: it was never set up (run the app or npm run migration:run once)");
  const lastIds = await raw.lastIds();
  const tables: TableDump[] = [];
  for (const name of await raw.dataTables()) {
    const columns = await raw.columns(name);
    const { rows, sha256 } = await writeLines(path.join(dir, "db", `${name}.jsonl`), raw.rows(name, columns));
    tables.push({ name, columns, rows, sha256, lastId: lastIds.get(name) ?? null });
  }
  return { migrations, tables };
}

async function writeLines(file: string, rows: AsyncIterable<unknown[]>) {
  const out = fs.createWriteStream(file);
  const hash = createHash("sha256");
  let count = 0;
  try {
    for await (const row of rows) {
      const line = `${JSON.stringify(row.map(encodeValue))}\n`;
      hash.update(line);
      count++;
      if (!out.write(line)) await once(out, "drain");
    }
  } finally {
    out.end();
    await once(out, "close");
  }
  return { rows: count, sha256: hash.digest("hex") };
}

/** SHA-256 of a file, streamed. */
export async function fileSha256(file: string): Promise<string> {
  const hash = createHash("sha256");
  for await (const chunk of fs.createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest("hex");
}
