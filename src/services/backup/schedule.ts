// The daily backup (BACKUP_DIR, BACKUP_KEEP): one instance at a time through a lease in the database, the
// newest BACKUP_KEEP archives kept, and the last backup's time and size stored for the Settings screen.
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Config } from "../../config.js";
import type { Clock } from "../../lib/clock.js";
import type { LeaseRepository } from "../../repositories/leaseRepository.js";
import type { SettingRepository } from "../../repositories/settingRepository.js";
import type { BackupStatus, LastBackup } from "../../schemas/backup.js";
import { Lease } from "../lease.js";
import { backupFileName, createBackup, type BackupResult } from "./backup.js";

const HOUR = 60 * 60_000;
/** Long enough for a large archive; the holder releases it when done. */
const LEASE_MS = 2 * HOUR;
/** A little under a day, so a check that runs every 15 minutes does not drift a slot later each day. */
const INTERVAL_MS = 24 * HOUR - 20 * 60_000;
export const LAST_BACKUP_KEY = "backup.last";
const ARCHIVE_NAME = /^backup-.+\.tar\.gz$/;

/** Stores what the Settings screen shows about the newest backup (scheduled, or made by `npm run backup`). */
export async function recordBackup(settings: SettingRepository, result: BackupResult): Promise<LastBackup> {
  const last = { at: result.manifest.createdAt, bytes: result.bytes, file: result.file };
  await settings.set(LAST_BACKUP_KEY, JSON.stringify(last));
  return last;
}

export class BackupSchedule {
  readonly lease: Lease;

  constructor(
    leases: LeaseRepository,
    private readonly config: Config,
    private readonly clock: Clock,
    private readonly settings: SettingRepository,
    instanceId: string = randomUUID(),
  ) {
    this.lease = new Lease(leases, clock, "backup", instanceId, LEASE_MS);
  }

  async last(): Promise<LastBackup | null> {
    const raw = await this.settings.get(LAST_BACKUP_KEY);
    if (!raw) return null;
    try {
      return JSON.parse(raw) as LastBackup;
    } catch {
      return null;
    }
  }

  async status(): Promise<BackupStatus> {
    return { scheduled: Boolean(this.config.backupDir), keep: this.config.backupKeep, last: await this.last() };
  }

  private async due() {
    const last = await this.last();
    return !last || this.clock.now().getTime() - Date.parse(last.at) >= INTERVAL_MS;
  }

  /** Makes the day's backup when BACKUP_DIR is set and none was made in the last day; null when there was nothing to do. */
  async tick(): Promise<LastBackup | null> {
    const dir = this.config.backupDir;
    if (!dir || !(await this.due())) return null;
    if (!(await this.lease.acquire())) return null;
    try {
      if (!(await this.due())) return null; // another instance finished one while this one waited
      const at = this.clock.now();
      const result = await createBackup(this.config, path.join(dir, backupFileName(at)), at);
      const last = await recordBackup(this.settings, result);
      this.prune(dir);
      return last;
    } finally {
      await this.lease.release();
    }
  }

  /** Deletes all but the newest BACKUP_KEEP archives (names sort by time); other files are left alone. */
  private prune(dir: string) {
    const archives = fs.readdirSync(dir).filter((name) => ARCHIVE_NAME.test(name)).sort().reverse();
    for (const name of archives.slice(this.config.backupKeep)) fs.rmSync(path.join(dir, name), { force: true });
  }
}
