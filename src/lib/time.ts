/** A UTC datetime string both MySQL/MariaDB and SQLite compare correctly against stored datetimes. */
export function toDbDate(date: Date): string {
  return date.toISOString().replace("T", " ").replace("Z", "");
}

/** ISO-8601 string for the API, or null. */
export function iso(date: Date | null | undefined): string | null {
  return date ? new Date(date).toISOString() : null;
}

/**
 * Orders ISO-8601 strings of one format (toISOString's, or YYYY-MM-DD) chronologically: by code unit, as they sort.
 * Not localeCompare: its ICU collator, built on first use, keeps about 2 MB of the node binary's data resident.
 */
export function compareIso(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

export { MINUTE, HOUR, DAY } from "../schemas/durations.js";
