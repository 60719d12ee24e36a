// Calendar days and wall-clock times in a time zone (SITE_TIMEZONE), for the server and the React
// app alike, through date-fns and @date-fns/tz: the unit of the audience roll-ups and daily
// series, the newsletter's send hour, the editor's publish time and every date shown.
import { TZDate, tzOffset } from "@date-fns/tz";
import { addDays, subDays } from "date-fns";
import { HOUR as HOUR_MS } from "./durations.js";

const offsets = new Map<string, number>();

/** The zone's UTC offset in ms during the hour containing the instant (offsets change on the hour), cached: dayKey runs for every recorded event. */
function hourOffset(ms: number, timeZone: string): number {
  const hour = Math.floor(ms / HOUR_MS);
  const key = timeZone + "|" + hour;
  let offset = offsets.get(key);
  if (offset === undefined) {
    offset = tzOffset(timeZone, new Date(hour * HOUR_MS)) * 60_000;
    if (offsets.size > 20_000) offsets.clear();
    offsets.set(key, offset);
  }
  return offset;
}

/** YYYY-MM-DD of the instant in the time zone. */
export function dayKey(date: Date, timeZone: string): string {
  const ms = date.getTime();
  return new Date(ms + hourOffset(ms, timeZone)).toISOString().slice(0, 10);
}

/** A YYYY-MM-DD day as a calendar date (midnight UTC), for day arithmetic. */
const calendarDay = (day: string) => new TZDate(day + "T00:00:00Z", "UTC");

/** The day `n` days before `day`. */
export const daysBefore = (day: string, n: number): string => subDays(calendarDay(day), n).toISOString().slice(0, 10);
/** The day `n` days after `day`. */
export const daysAfter = (day: string, n: number): string => addDays(calendarDay(day), n).toISOString().slice(0, 10);

/** The instant a local hour of a day begins in the time zone (e.g. 07:00 on 2026-11-23 in Europe/Berlin). */
export function localInstant(day: string, hour: number, timeZone: string): Date {
  const [y, m, d] = day.split("-").map(Number);
  return new Date(new TZDate(y, m - 1, d, hour, timeZone).getTime());
}

/** The instant the day starts in the time zone (midnight local time). */
export const dayStart = (day: string, timeZone: string): Date => localInstant(day, 0, timeZone);

/** The last `n` days ending today, oldest first. */
export function lastDays(n: number, timeZone: string, now = new Date()): string[] {
  const today = dayKey(now, timeZone);
  return Array.from({ length: n }, (_, i) => daysBefore(today, n - 1 - i));
}

/** An ISO instant as a datetime-local value (YYYY-MM-DDTHH:mm) in the zone; '' for none. */
export function toZonedInput(iso: string | null, timeZone: string): string {
  if (!iso) return "";
  const w = wallClock(iso, timeZone);
  const pad = (n: number) => String(n).padStart(2, "0");
  return w.year + "-" + pad(w.month) + "-" + pad(w.day) + "T" + pad(w.hour) + ":" + pad(w.minute);
}

/** A datetime-local value read as wall time in the zone, to an ISO instant. */
export function fromZonedInput(value: string, timeZone: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(value);
  if (!m) return new Date(value).toISOString();
  return new Date(new TZDate(+m[1], +m[2] - 1, +m[3], +m[4], +m[5], timeZone).getTime()).toISOString();
}

/** The wall-clock fields of an instant in the zone (month 1-12, hour 0-23); no formatter, so the reader's bundle stays small. */
export function wallClock(iso: string | number | Date, timeZone: string) {
  const t = new TZDate(new Date(iso).getTime(), timeZone);
  return { year: t.getFullYear(), month: t.getMonth() + 1, day: t.getDate(), hour: t.getHours(), minute: t.getMinutes() };
}
