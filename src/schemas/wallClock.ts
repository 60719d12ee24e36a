// An instant's calendar day and wall-clock fields in a time zone, through @date-fns/tz's offset alone: the
// reader's pages format dates with these, without the rest of zonedTime.ts (TZDate) in their bundle.
// The subpath: the package declares no sideEffects, so its index would bring TZDate into the reader's bundle.
import { tzOffset } from "@date-fns/tz/tzOffset";
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

/** The wall-clock fields of an instant in the zone (month 1-12, hour 0-23); no formatter, so the reader's bundle stays small. */
export function wallClock(iso: string | number | Date, timeZone: string) {
  // The instant shifted by the zone's offset, read in UTC: only tzOffset, not TZDate, reaches the reader's bundle.
  const ms = new Date(iso).getTime();
  const t = new Date(ms + hourOffset(ms, timeZone));
  return { year: t.getUTCFullYear(), month: t.getUTCMonth() + 1, day: t.getUTCDate(), hour: t.getUTCHours(), minute: t.getUTCMinutes() };
}
