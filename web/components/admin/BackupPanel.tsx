import type { BackupStatus } from "../../../src/schemas/backup.js";
import { useSiteTime } from "./zonedTime.js";

const size = (bytes: number) => (bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`);

/** The Settings screen's backup facts: the newest archive's time and size, and whether a daily one is made. */
export function BackupPanel({ status }: { status: BackupStatus }) {
  const { format } = useSiteTime();
  const { last, scheduled, keep } = status;
  return (
    <section className="admin-card" aria-labelledby="backup-heading" data-testid="backup-status">
      <h2 id="backup-heading">Backups</h2>
      <p>{last ? `Last backup: ${format(last.at)}, ${size(last.bytes)}.` : "No backup has been made yet."}</p>
      <p className="admin-small admin-muted">
        {scheduled
          ? `A backup is made every day into BACKUP_DIR; the newest ${keep} are kept.`
          : "No daily backup is scheduled: set BACKUP_DIR (and BACKUP_KEEP) on the server, or run npm run backup."}
      </p>
    </section>
  );
}
