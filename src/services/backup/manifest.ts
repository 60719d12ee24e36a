// What a backup archive holds, and the manifest that describes it (README: "Backup and restore").
// The archive is a gzipped tar: manifest.json, db/<table>.jsonl (one JSON array of column values per
// row, in the column order the manifest lists) and media/<path> (the media folder's files).
import { z } from "zod";

export const BACKUP_FORMAT = "defense-sentinel-backup";
export const BACKUP_FORMAT_VERSION = 1;

const sha256 = z.string().regex(/^[0-9a-f]{64}$/);
const tableName = z.string().regex(/^[A-Za-z0-9_]{1,64}$/, "a table name of letters, digits and underscores");
const mediaPath = z
  .string()
  .min(1)
  .max(1000)
  .refine((p) => !p.startsWith("/") && !p.split("/").some((part) => part === ".." || part === "." || part === ""), "a relative path inside the media folder");

export const tableDumpSchema = z.object({
  name: tableName,
  columns: z.array(z.string().min(1).max(64)).min(1),
  rows: z.number().int().min(0),
  /** SHA-256 of db/<name>.jsonl. */
  sha256,
  /** The last id an auto-increment column handed out (ids of deleted rows are not reused after a restore). */
  lastId: z.number().int().min(0).nullable(),
});
export type TableDump = z.infer<typeof tableDumpSchema>;

export const mediaFileSchema = z.object({ path: mediaPath, size: z.number().int().min(0), sha256 });
export type MediaFile = z.infer<typeof mediaFileSchema>;

export const manifestSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  formatVersion: z.literal(BACKUP_FORMAT_VERSION),
  createdAt: z.iso.datetime(),
  appVersion: z.string(),
  databaseKind: z.enum(["sqlite", "mysql", "mariadb"]),
  /** How the rows were read: SQLite's online backup API, or one REPEATABLE READ transaction with a consistent snapshot. */
  dumpMethod: z.enum(["sqlite-online-backup", "mysql-consistent-snapshot"]),
  /** The last migration the database had run (its schema version), and every migration in order. */
  schemaVersion: z.string(),
  migrations: z.array(z.string()).min(1),
  tables: z.array(tableDumpSchema),
  media: z.object({ files: z.number().int().min(0), bytes: z.number().int().min(0), list: z.array(mediaFileSchema) }),
});
export type Manifest = z.infer<typeof manifestSchema>;

/** A value as stored in a dump line: JSON as is, bytes as {"$base64": "…"}. */
export type DumpValue = string | number | null | { $base64: string };

export function encodeValue(value: unknown): DumpValue {
  if (value === null || value === undefined) return null;
  if (Buffer.isBuffer(value)) return { $base64: value.toString("base64") };
  if (typeof value === "bigint") return Number.isSafeInteger(Number(value)) ? Number(value) : value.toString();
  if (typeof value === "boolean") return value ? 1 : 0;
  if (value instanceof Date) throw new Error("dates must be read as stored text (dateStrings), not as Date objects");
  if (typeof value === "number" || typeof value === "string") return value;
  throw new Error(`cannot dump a value of type ${typeof value}`);
}

export function decodeValue(value: DumpValue): string | number | null | Buffer {
  if (value !== null && typeof value === "object") return Buffer.from(value.$base64, "base64");
  return value;
}

/** A problem with the archive itself: nothing was changed. */
export class BackupArchiveError extends Error {}
/** The target is not fit for a restore (not empty, newer schema): nothing was changed. */
export class RestoreRefusedError extends Error {}
