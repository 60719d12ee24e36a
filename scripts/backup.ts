// `npm run backup [-- --out FILE]`: one archive of the database and the media folder, while the site keeps serving.
import path from "node:path";
import { parseArgs } from "node:util";
import { parseConfig } from "../src/config.js";
import { createDataSource } from "../src/dataSource.js";
import { SettingRepository } from "../src/repositories/settingRepository.js";
import { backupFileName, createBackup } from "../src/services/backup/backup.js";
import { recordBackup } from "../src/services/backup/schedule.js";

const { values } = parseArgs({ options: { out: { type: "string" } } });
const config = parseConfig();
const out = values.out ?? path.join(config.backupDir ?? path.join(config.dataDir, "backups"), backupFileName(new Date()));
try {
  const result = await createBackup(config, out);
  const { file, bytes, manifest } = result;
  const rows = manifest.tables.reduce((sum, t) => sum + t.rows, 0);
  console.log(
    `Backup written: ${file} (${(bytes / 1024 / 1024).toFixed(2)} MB): ${manifest.tables.length} tables, ${rows} rows, ${manifest.media.files} media files; ` +
      `${manifest.databaseKind} database at schema ${manifest.schemaVersion}, read through ${manifest.dumpMethod === "sqlite-online-backup" ? "SQLite's online backup API" : "one consistent-snapshot transaction"}`,
  );
  // For the Settings screen's "last backup"; the archive is whole whatever happens here.
  const ds = createDataSource(config);
  await ds
    .initialize()
    .then(() => recordBackup(new SettingRepository(ds), result))
    .catch((error: Error) => console.error(`(The backup is written, but noting it for the Settings screen failed: ${error.message})`))
    .finally(() => ds.isInitialized && ds.destroy());
} catch (error) {
  console.error(`Backup failed: ${(error as Error).message}`);
  process.exitCode = 1;
}
