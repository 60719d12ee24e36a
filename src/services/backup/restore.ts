// `npm run restore -- FILE [--force]`: checks the whole archive first (gzip and tar intact, manifest valid, every
// table and media file matching its checksum, a schema this code knows), then builds the database at the
// archive's schema version, loads every table in one transaction, runs the newer migrations, and puts the media
// files in place. A refused or broken archive changes nothing.
import fs from "node:fs";
import path from "node:path";
import readline from "node:readline";
import type * as Tar from "tar";
import { migrateDatabase as migrate, migrationNames } from "../../dataSource.js";
import type { BackupConfig } from "./backup.js";
import { fileSha256, sqliteFile } from "./dump.js";
import { BackupArchiveError, decodeValue, manifestSchema, RestoreRefusedError, type DumpValue, type Manifest } from "./manifest.js";
import { BATCH_BYTES, MysqlRaw, SqliteRaw, type RawDb } from "../../repositories/backup/rawDb.js";

export interface RestoreResult {
  manifest: Manifest;
  /** Migrations run after loading, because the archive's schema was older than this code's. */
  migratedForward: string[];
}

export async function restoreBackup(config: BackupConfig, file: string, options: { force?: boolean } = {}): Promise<RestoreResult> {
  fs.mkdirSync(config.dataDir, { recursive: true });
  const staging = fs.mkdtempSync(path.join(config.dataDir, ".restore-"));
  try {
    const manifest = await unpackAndVerify(file, staging);
    const known = migrationNames();
    const upTo = manifest.migrations.length;
    if (manifest.migrations.some((name, i) => known[i] !== name)) {
      throw new RestoreRefusedError(
        `The archive's schema (${manifest.schemaVersion}) is not one this version of the app knows (its newest is ${known[known.length - 1]}): restore it with the version that made it (${manifest.appVersion}) or a newer one. Nothing was changed.`,
      );
    }
    await refuseUnlessEmpty(config, options.force ?? false);
    if (config.databaseUrl) await restoreMysql(config.databaseUrl, config, manifest, staging, upTo);
    else await restoreSqlite(config, manifest, staging, upTo);
    placeMedia(path.join(staging, "media"), config.mediaDir);
    return { manifest, migratedForward: known.slice(upTo) };
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
}

const ALLOWED = /^(manifest\.json|db\/?|db\/[A-Za-z0-9_]+\.jsonl|media\/?|media\/.+)$/;

async function unpackAndVerify(file: string, dir: string): Promise<Manifest> {
  if (!fs.existsSync(file)) throw new BackupArchiveError(`${file} does not exist. Nothing was changed.`);
  const broken = (why: string) => new BackupArchiveError(`${file} is not a complete backup archive: ${why}. Nothing was changed.`);
  let refused: string | undefined;
  try {
    const tar = await import("tar");
    await tar.extract({
      file,
      cwd: dir,
      strict: true,
      // Only what a backup holds, only files and folders: no links, devices or paths outside the folder.
      filter: (entryPath, entry) => {
        const ok = ALLOWED.test(entryPath.replace(/^\.\//, "")) && ["File", "Directory"].includes((entry as Tar.ReadEntry).type);
        if (!ok) refused ??= entryPath;
        return ok;
      },
    });
  } catch (error) {
    throw broken(`${(error as Error).message}`);
  }
  if (refused) throw broken(`it holds an unexpected entry (${refused})`);
  const manifestFile = path.join(dir, "manifest.json");
  if (!fs.existsSync(manifestFile)) throw broken("manifest.json is missing");
  let parsed;
  try {
    parsed = manifestSchema.safeParse(JSON.parse(fs.readFileSync(manifestFile, "utf8")));
  } catch (error) {
    throw broken(`manifest.json is not JSON (${(error as Error).message})`);
  }
  if (!parsed.success) throw broken(`manifest.json is not a backup manifest (${parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")})`);
  const manifest = parsed.data;
  if (manifest.schemaVersion !== manifest.migrations[manifest.migrations.length - 1]) throw broken("the manifest's schema version is not its last migration");
  for (const table of manifest.tables) {
    const tableFile = path.join(dir, "db", `${table.name}.jsonl`);
    if (!fs.existsSync(tableFile)) throw broken(`db/${table.name}.jsonl is missing`);
    if ((await fileSha256(tableFile)) !== table.sha256) throw broken(`db/${table.name}.jsonl does not match its checksum`);
    const lines = await countLines(tableFile);
    if (lines !== table.rows) throw broken(`db/${table.name}.jsonl has ${lines} rows, the manifest says ${table.rows}`);
  }
  const dumped = fs.existsSync(path.join(dir, "db")) ? fs.readdirSync(path.join(dir, "db")) : [];
  const extraTable = dumped.find((f) => !manifest.tables.some((t) => `${t.name}.jsonl` === f));
  if (extraTable) throw broken(`db/${extraTable} is not in the manifest`);
  const mediaDir = path.join(dir, "media");
  const mediaFiles = fs.existsSync(mediaDir) ? fs.readdirSync(mediaDir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => path.relative(mediaDir, path.join(e.parentPath, e.name)).split(path.sep).join("/")) : [];
  const listed = new Set(manifest.media.list.map((f) => f.path));
  const extraMedia = mediaFiles.find((f) => !listed.has(f));
  if (extraMedia) throw broken(`media/${extraMedia} is not in the manifest`);
  for (const media of manifest.media.list) {
    const staged = path.join(mediaDir, media.path);
    if (!fs.existsSync(staged)) throw broken(`media/${media.path} is missing`);
    if (fs.statSync(staged).size !== media.size || (await fileSha256(staged)) !== media.sha256) throw broken(`media/${media.path} does not match its checksum`);
  }
  return manifest;
}

async function countLines(file: string) {
  let n = 0;
  for await (const chunk of fs.createReadStream(file)) for (const byte of chunk as Buffer) if (byte === 10) n++;
  return n;
}

async function refuseUnlessEmpty(config: BackupConfig, force: boolean) {
  const filled: string[] = [];
  if (config.databaseUrl) {
    const raw = await MysqlRaw.open(config.databaseUrl, { createDatabase: true });
    try {
      for (const table of await raw.dataTables()) if (await raw.hasRows(table)) filled.push(table);
    } finally {
      await raw.close();
    }
  } else if (fs.existsSync(sqliteFile(config.dataDir))) {
    const raw = SqliteRaw.open(sqliteFile(config.dataDir), { mustExist: true });
    try {
      for (const table of await raw.dataTables()) if (await raw.hasRows(table)) filled.push(table);
    } finally {
      await raw.close();
    }
  }
  const media = fs.existsSync(config.mediaDir) && fs.readdirSync(config.mediaDir).length > 0;
  if ((filled.length || media) && !force) {
    const what = [filled.length ? `the database has rows in ${filled.slice(0, 5).join(", ")}${filled.length > 5 ? ` and ${filled.length - 5} more tables` : ""}` : "", media ? `the media folder ${config.mediaDir} is not empty` : ""].filter(Boolean).join(", and ");
    throw new RestoreRefusedError(`Refusing to restore over existing data: ${what}. Restore into an empty database, or add --force to replace everything. Nothing was changed.`);
  }
}

/** SQLite: the database is built beside the old one and renamed over it at the end, so a failure leaves the old file as it was. */
async function restoreSqlite(config: BackupConfig, manifest: Manifest, staging: string, upTo: number) {
  const buildDir = path.join(staging, "build");
  const target = { databaseUrl: undefined, databaseKind: "sqlite" as const, dataDir: buildDir };
  await migrate(target, upTo);
  const raw = SqliteRaw.open(sqliteFile(buildDir), { mustExist: true });
  try {
    await loadTables(raw, manifest, staging);
  } finally {
    await raw.close();
  }
  await migrate(target);
  const live = sqliteFile(config.dataDir);
  for (const suffix of ["-wal", "-shm"]) fs.rmSync(live + suffix, { force: true });
  fs.renameSync(sqliteFile(buildDir), live);
}

/** MySQL/MariaDB: tables are dropped (the database was empty, or --force), rebuilt and loaded; a failed load drops them again. */
async function restoreMysql(url: string, config: BackupConfig, manifest: Manifest, staging: string, upTo: number) {
  const raw = await MysqlRaw.open(url, { createDatabase: true });
  try {
    await raw.dropAll();
    await migrate(config, upTo);
    try {
      await loadTables(raw, manifest, staging);
    } catch (error) {
      await raw.dropAll().catch(() => undefined);
      throw error;
    }
  } finally {
    await raw.close();
  }
  await migrate(config);
}

/** Empties the tables the migrations built, loads every row in one transaction, restores the id counters, and checks the counts. */
async function loadTables(raw: RawDb, manifest: Manifest, staging: string) {
  const present = await raw.dataTables();
  const names = manifest.tables.map((t) => t.name);
  const differ = [...present.filter((t) => !names.includes(t)), ...names.filter((t) => !present.includes(t))];
  if (differ.length) throw new BackupArchiveError(`The archive's tables do not match its schema version ${manifest.schemaVersion} (${differ.join(", ")}); nothing was loaded`);
  await raw.beginLoad();
  try {
    for (const table of manifest.tables) {
      const columns = await raw.columns(table.name);
      const unknown = table.columns.filter((c) => !columns.includes(c));
      if (unknown.length) throw new BackupArchiveError(`Table ${table.name} has no column ${unknown.join(", ")} at schema version ${manifest.schemaVersion}`);
      await raw.clear(table.name);
      let batch: unknown[][] = [];
      let bytes = 0;
      const lines = readline.createInterface({ input: fs.createReadStream(path.join(staging, "db", `${table.name}.jsonl`)), crlfDelay: Infinity });
      for await (const line of lines) {
        batch.push((JSON.parse(line) as DumpValue[]).map(decodeValue));
        bytes += line.length;
        if (batch.length >= 500 || bytes >= BATCH_BYTES) {
          await raw.insert(table.name, table.columns, batch);
          batch = [];
          bytes = 0;
        }
      }
      if (batch.length) await raw.insert(table.name, table.columns, batch);
    }
    await raw.commitLoad();
  } catch (error) {
    await raw.rollback().catch(() => undefined);
    throw error;
  }
  for (const table of manifest.tables) {
    if (table.lastId !== null) await raw.setLastId(table.name, table.lastId);
    const count = await raw.count(table.name);
    if (count !== table.rows) throw new Error(`Table ${table.name} has ${count} rows after loading, the archive ${table.rows}`);
  }
}

/** Moves the verified media files into MEDIA_DIR (emptied first: it was empty, or --force). */
function placeMedia(from: string, mediaDir: string) {
  fs.rmSync(mediaDir, { recursive: true, force: true });
  fs.mkdirSync(path.dirname(mediaDir), { recursive: true });
  if (!fs.existsSync(from)) fs.mkdirSync(from);
  try {
    fs.renameSync(from, mediaDir);
  } catch {
    fs.cpSync(from, mediaDir, { recursive: true });
  }
}
