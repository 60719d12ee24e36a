// Calendar days in SITE_TIMEZONE: the unit of the audience roll-ups and of every daily series.
import { DAY } from "./time.js";

const formatters = new Map<string, Intl.DateTimeFormat>();
const partsFormatter = (timeZone: string) => {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", second: "2-digit", hourCycle: "h23" });
    formatters.set(timeZone, f);
  }
  return f;
};

function zonedParts(date: Date, timeZone: string) {
  const p = Object.fromEntries(partsFormatter(timeZone).formatToParts(date).map((x) => [x.type, x.value]));
  return { y: Number(p.year), m: Number(p.month), d: Number(p.day), h: Number(p.hour), min: Number(p.minute), s: Number(p.second) };
}

const HOUR_MS = 3_600_000;
const offsets = new Map<string, number>();

/** The zone's UTC offset during the hour containing the instant (offsets change on the hour), cached. */
function hourOffset(ms: number, timeZone: string): number {
  const hour = Math.floor(ms / HOUR_MS);
  const key = `${timeZone}|${hour}`;
  let offset = offsets.get(key);
  if (offset === undefined) {
    const p = zonedParts(new Date(hour * HOUR_MS), timeZone);
    offset = Date.UTC(p.y, p.m - 1, p.d, p.h, p.min, p.s) - hour * HOUR_MS;
    if (offsets.size > 20_000) offsets.clear();
    offsets.set(key, offset);
  }
  return offset;
}

/** YYYY-MM-DD of the instant in the time zone (called for every recorded event, so the offset is cached per hour). */
export function dayKey(date: Date, timeZone: string): string {
  const ms = date.getTime();
  return new Date(ms + hourOffset(ms, timeZone)).toISOString().slice(0, 10);
}

/** The instant the day starts in the time zone (midnight local time). */
export function dayStart(day: string, timeZone: string): Date {
  return localInstant(day, 0, timeZone);
}

/** The instant a local hour of a day begins in the time zone (e.g. 07:00 on 2026-11-23 in Europe/Berlin). */
export function localInstant(day: string, hour: number, timeZone: string): Date {
  const [y, m, d] = day.split("-").map(Number);
  const guess = Date.UTC(y, m - 1, d, hour);
  // The zone's offset at the guess; one correction handles DST changes away from the hour.
  let instant = guess;
  for (let i = 0; i < 2; i++) {
    const p = zonedParts(new Date(instant), timeZone);
    const asUtc = Date.UTC(p.y, p.m - 1, p.d, p.h, p.min, p.s);
    instant = guess - (asUtc - instant);
  }
  return new Date(instant);
}

/** The day `n` days before `day` (negative n goes forward). */
export function addDays(day: string, n: number): string {
  const [y, m, d] = day.split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, d) - n * DAY).toISOString().slice(0, 10);
}

/** The last `n` days ending today, oldest first. */
export function lastDays(n: number, timeZone: string, now = new Date()): string[] {
  const today = dayKey(now, timeZone);
  return Array.from({ length: n }, (_, i) => addDays(today, n - 1 - i));
}

/** A datetime read raw from either database (mysql2 gives a Date, SQLite a UTC "YYYY-MM-DD hh:mm:ss.sss" string). */
export function fromDbDate(value: unknown): Date | null {
  if (value === null || value === undefined || value === "") return null;
  if (value instanceof Date) return value;
  const s = String(value as string | number);
  return new Date(/[zZ]|[+-]\d\d:\d\d$/.test(s) ? s : `${s.replace(" ", "T")}Z`);
}
