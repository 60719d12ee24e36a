// Datetimes as the databases return them. Calendar days and zones: src/schemas/zonedTime.ts.

/** A datetime read raw from either database (mysql2 gives a Date, SQLite a UTC "YYYY-MM-DD hh:mm:ss.sss" string). */
export function fromDbDate(value: unknown): Date | null {
  if (value === null || value === undefined || value === "") return null;
  if (value instanceof Date) return value;
  const s = String(value as string | number);
  return new Date(/[zZ]|[+-]\d\d:\d\d$/.test(s) ? s : `${s.replace(" ", "T")}Z`);
}
