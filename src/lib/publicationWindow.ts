// The reader's date range of a search or list, as two instants: `from`/`to` days are whole days of the site's time
// zone; the search page's "past day/week/month/year" count back from now.
import { ValidationError } from "./errors.js";
import { dayStart, daysAfter } from "../schemas/zonedTime.js";
import type { SearchRange } from "../schemas/search.js";
import { DAY } from "../schemas/durations.js";

export interface PublicationWindow {
  after?: Date;
  before?: Date;
}

const DAY_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** `from` (a day from its start, or an instant) and `to` (a day to its end, or an instant) as instants; a range whose start is after its end is a 400. */
export function publicationWindow(input: { from?: string; to?: string; range?: SearchRange }, timeZone: string, now = new Date()): PublicationWindow {
  const back = input.range && input.range !== "custom" ? RANGE_BACK[input.range](now) : undefined;
  if (back) return { after: back };
  const after = input.from === undefined ? undefined : DAY_ONLY.test(input.from) ? dayStart(input.from, timeZone) : new Date(input.from);
  // The end of a day is the start of the next, less a millisecond (the stored precision).
  const before = input.to === undefined ? undefined : DAY_ONLY.test(input.to) ? new Date(dayStart(daysAfter(input.to, 1), timeZone).getTime() - 1) : new Date(input.to);
  if (after && before && after > before) throw new ValidationError("The date range ends before it starts", [{ path: "to", message: "Must not be before from" }]);
  return { after, before };
}

const RANGE_BACK: Record<Exclude<SearchRange, "custom">, (now: Date) => Date> = {
  day: (now) => new Date(now.getTime() - DAY),
  week: (now) => new Date(now.getTime() - 7 * DAY),
  month: (now) => {
    const d = new Date(now);
    d.setUTCMonth(d.getUTCMonth() - 1);
    return d;
  },
  year: (now) => {
    const d = new Date(now);
    d.setUTCFullYear(d.getUTCFullYear() - 1);
    return d;
  },
};
