// `npm run backup`: one archive of the database and the media folder while the site keeps serving.
import fs from "node:fs";
import path from "node:path";
import type { Config } from "../../config.js";
import { PROJECT_ROOT } from "../../paths.js";
import { dumpDatabase, fileSha256, type DbConfig } from "./dump.js";
import { BACKUP_FORMAT, BACKUP_FORMAT_VERSION, type Manifest, type MediaFile } from "./manifest.js";

export type BackupConfig = DbConfig & Pick<Config, "mediaDir">;

export interface BackupResult {
  file: string;
  bytes: number;
  manifest: Manifest;
}

export const appVersion = () => (JSON.parse(fs.readFileSync(path.join(PROJECT_ROOT, "package.json"), "utf8")) as { version: string }).version;

/** backup-2026-11-25T10-00-00-123Z.tar.gz: names sort by time. */
export const backupFileName = (at: Date) => `backup-${at.toISOString().replace(/[:.]/g, "-")}.tar.gz`;

/** Writes the archive to `out` (through a .partial file renamed at the end, so a finished name is always a whole archive). */
export async function createBackup(config: BackupConfig, out: string, createdAt = new Date()): Promise<BackupResult> {
  fs.mkdirSync(config.dataDir, { recursive: true });
  // Inside DATA_DIR: usually the media folder's file system, so its files are hard-linked, not copied.
  const staging = fs.mkdtempSync(path.join(config.dataDir, ".backup-"));
  const partial = `${out}.partial`;
  try {
    const dump = await dumpDatabase(config, staging);
    const media = await stageMedia(config.mediaDir, path.join(staging, "media"));
    const manifest: Manifest = {
      format: BACKUP_FORMAT,
      formatVersion: BACKUP_FORMAT_VERSION,
      createdAt: createdAt.toISOString(),
      appVersion: appVersion(),
      databaseKind: config.databaseKind,
      dumpMethod: dump.dumpMethod,
      schemaVersion: dump.migrations[dump.migrations.length - 1],
      migrations: dump.migrations,
      tables: dump.tables,
      media: { files: media.length, bytes: media.reduce((sum, f) => sum + f.size, 0), list: media },
    };
    fs.writeFileSync(path.join(staging, "manifest.json"), `${JSON.stringify(manifest, null, 2)}\n`);
    fs.mkdirSync(path.dirname(path.resolve(out)), { recursive: true });
    // Loaded here, not at the boot: the server only needs it when a backup is taken.
    const tar = await import("tar");
    await tar.create({ gzip: true, file: partial, cwd: staging, portable: true }, ["manifest.json", "db", "media"]);
    fs.renameSync(partial, out);
    return { file: path.resolve(out), bytes: fs.statSync(out).size, manifest };
  } finally {
    fs.rmSync(partial, { force: true });
    fs.rmSync(staging, { recursive: true, force: true });
  }
}

/** Links (or, across file systems, copies) every media file into `to` and hashes the staged copy: a file replaced or deleted meanwhile cannot make the archive disagree with its manifest. */
async function stageMedia(mediaDir: string, to: string): Promise<MediaFile[]> {
  fs.mkdirSync(to, { recursive: true });
  if (!fs.existsSync(mediaDir)) return [];
  const files: MediaFile[] = [];
  const entries = fs.readdirSync(mediaDir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile());
  for (const entry of entries) {
    const from = path.join(entry.parentPath, entry.name);
    const rel = path.relative(mediaDir, from).split(path.sep).join("/");
    const staged = path.join(to, rel);
    fs.mkdirSync(path.dirname(staged), { recursive: true });
    try {
      fs.linkSync(from, staged);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") continue; // deleted since the listing
      fs.copyFileSync(from, staged);
    }
    files.push({ path: rel, size: fs.statSync(staged).size, sha256: await fileSha256(staged) });
  }
  return files.sort((a, b) => (a.path < b.path ? -1 : 1));
}
