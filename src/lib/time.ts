/** A UTC datetime string both MySQL/MariaDB and SQLite compare correctly against stored datetimes. */
export function toDbDate(date: Date): string {
  return date.toISOString().replace("T", " ").replace("Z", "");
}

/** ISO-8601 string for the API, or null. */
export function iso(date: Date | null | undefined): string | null {
  return date ? new Date(date).toISOString() : null;
}

export { MINUTE, HOUR, DAY } from "../schemas/durations.js";
