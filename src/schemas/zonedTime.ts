// Calendar days and wall-clock times in a time zone (SITE_TIMEZONE), for the server and the React
// app alike, through date-fns and @date-fns/tz: the unit of the audience roll-ups and daily
// series, the newsletter's send hour, the editor's publish time and every date shown.
import { TZDate } from "@date-fns/tz";
// The two functions alone: date-fns's index loads all of its 250 modules (about 0.25 s of the boot and 18 MB).
import { addDays } from "date-fns/addDays";
import { subDays } from "date-fns/subDays";
import { dayKey, wallClock } from "./wallClock.js";

export { dayKey, wallClock } from "./wallClock.js";

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
