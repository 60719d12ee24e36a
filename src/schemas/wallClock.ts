// An instant's calendar day and wall-clock fields in a time zone, through @date-fns/tz's offset alone: the
// reader's pages format dates with these, without the rest of zonedTime.ts (TZDate) in their bundle.
// The subpath: the package declares no sideEffects, so its index would bring TZDate into the reader's bundle.
import { tzOffset } from "@date-fns/tz/tzOffset";
import { HOUR as HOUR_MS } from "./durations.js";

/** The months' English names, for dates written without an Intl formatter (the server's and the browser's alike). */
export const MONTH_NAMES = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"] as const;

const offsets = new Map<string, number>();

/** Each zone's offsets as the server computed them (`zoneOffsetTable`): `[toHour, hour, minutes, hour, minutes, …]`,
 *  each offset (in minutes) applying from its hour (since the epoch) to the next one's, the last one's to `toHour`. */
const knownTables = new Map<string, number[]>();

/** The zone's offset at the start of the hour: from the table the server sent when the hour is in its span (no
 *  Intl formatter to build, which costs a phone tens of milliseconds at startup), else through Intl. */
function offsetMinutes(hour: number, timeZone: string): number {
  const table = knownTables.get(timeZone);
  if (table && hour >= table[1] && hour < table[0]) {
    let i = 1;
    while (i + 2 < table.length && table[i + 2] <= hour) i += 2;
    return table[i + 1];
  }
  return tzOffset(timeZone, new Date(hour * HOUR_MS));
}

/** The zone's UTC offset in ms during the hour containing the instant (offsets change on the hour), cached: dayKey runs for every recorded event. */
function hourOffset(ms: number, timeZone: string): number {
  const hour = Math.floor(ms / HOUR_MS);
  const key = timeZone + "|" + hour;
  let offset = offsets.get(key);
  if (offset === undefined) {
    offset = offsetMinutes(hour, timeZone) * 60_000;
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

const DAY_HOURS = 24;
const tableCache = new Map<string, string>();

/**
 * The zone's offsets from `yearsBack` years before the instant to `yearsAhead` after it, as the JSON of the page's
 * `site-timezone-offsets` meta tag: `[toHour, fromHour, minutes, hour, minutes, …]` (hours since the epoch, each
 * offset applying from its hour). The browser formats dates with it (`knowZoneOffsets`) and gets the offsets the
 * server used, without an Intl formatter. One computation per zone and day.
 */
export function zoneOffsetTable(timeZone: string, now = Date.now(), yearsBack = 10, yearsAhead = 2): string {
  const today = Math.floor(now / HOUR_MS / DAY_HOURS);
  const key = `${timeZone}|${today}|${yearsBack}|${yearsAhead}`;
  const cached = tableCache.get(key);
  if (cached !== undefined) return cached;
  const at = (hour: number) => tzOffset(timeZone, new Date(hour * HOUR_MS));
  const fromHour = (today - Math.round(yearsBack * 365.25)) * DAY_HOURS;
  const toHour = (today + Math.round(yearsAhead * 365.25)) * DAY_HOURS;
  const changes: Array<[number, number]> = [[fromHour, at(fromHour)]];
  // Day by day; within a day whose end differs from the current offset, the first hour of each new offset.
  for (let day = fromHour; day < toHour; day += DAY_HOURS) {
    const end = at(day + DAY_HOURS);
    let [from, current] = changes[changes.length - 1];
    while (end !== current) {
      let lo = Math.max(from, day) + 1;
      let hi = day + DAY_HOURS;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (at(mid) === current) lo = mid + 1;
        else hi = mid;
      }
      [from, current] = [lo, at(lo)];
      changes.push([from, current]);
    }
  }
  const text = JSON.stringify([toHour, ...changes.flat()]);
  if (tableCache.size > 100) tableCache.clear();
  tableCache.set(key, text);
  return text;
}

/** Takes the zone's offsets from the server's table (`zoneOffsetTable`); a table it cannot read is ignored (dates then go through Intl). */
export function knowZoneOffsets(timeZone: string, json: string | undefined) {
  try {
    const table: unknown = JSON.parse(json ?? "");
    if (!Array.isArray(table) || table.length % 2 === 0 || !table.every(Number.isFinite)) return;
    knownTables.set(timeZone, table);
    offsets.clear();
  } catch {
    // not a table: Intl it is
  }
}
