// `npm run restore -- FILE [--force]`: restores an archive of `npm run backup` into the configured database
// (DATABASE_URL, or the embedded one in DATA_DIR) and MEDIA_DIR. Stop the site first.
import { parseArgs } from "node:util";
import { parseConfig } from "../src/config.js";
import { BackupArchiveError, RestoreRefusedError } from "../src/services/backup/manifest.js";
import { restoreBackup } from "../src/services/backup/restore.js";

const { values, positionals } = parseArgs({ allowPositionals: true, options: { force: { type: "boolean", default: false } } });
if (positionals.length !== 1) {
  console.error("Usage: npm run restore -- FILE [--force]");
  process.exit(2);
}
const config = parseConfig();
try {
  const { manifest, migratedForward } = await restoreBackup(config, positionals[0], { force: values.force });
  const rows = manifest.tables.reduce((sum, t) => sum + t.rows, 0);
  console.log(
    `Restored ${positionals[0]} (made ${manifest.createdAt} by ${manifest.appVersion} from a ${manifest.databaseKind} database) into the ${config.databaseKind} database: ` +
      `${manifest.tables.length} tables, ${rows} rows, ${manifest.media.files} media files` +
      (migratedForward.length ? `; then migrated forward: ${migratedForward.join(", ")}` : ""),
  );
} catch (error) {
  const known = error instanceof BackupArchiveError || error instanceof RestoreRefusedError;
  console.error(known ? (error as Error).message : `Restore failed: ${(error as Error).message}`);
  process.exitCode = 1;
}
