import { z } from "zod";

export const lastBackupSchema = z.object({
  at: z.string().describe("When the backup was taken (ISO-8601)"),
  bytes: z.number().int().describe("Size of the archive in bytes"),
  file: z.string().describe("Where the archive was written, on the machine that made it"),
});
export type LastBackup = z.infer<typeof lastBackupSchema>;

export const backupStatusSchema = z.object({
  scheduled: z.boolean().describe("Whether BACKUP_DIR is set, so a backup is made every day"),
  keep: z.number().int().describe("How many daily archives are kept (BACKUP_KEEP)"),
  last: lastBackupSchema.nullable().describe("The newest backup (scheduled or made with npm run backup); null when none was made"),
});
export type BackupStatus = z.infer<typeof backupStatusSchema>;
