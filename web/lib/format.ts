// Dates as readers see them, always in the site's time zone so the server and the browser agree.
import { DAY, HOUR } from "../../src/schemas/durations.js";
import { MONTH_NAMES as MONTHS, wallClock } from "../../src/schemas/wallClock.js";

/** Relative labels: 'Just now', 'N hours ago', 'N days ago'; a missing date is 'Recently'. */
export function relativeTime(iso: string | null | undefined, now: number): string {
  if (!iso) return "Recently";
  const diff = Math.max(0, now - new Date(iso).getTime());
  if (diff < HOUR) return "Just now";
  if (diff < DAY) {
    const h = Math.floor(diff / HOUR);
    return h === 1 ? "1 hour ago" : `${h} hours ago`;
  }
  const d = Math.floor(diff / DAY);
  return d === 1 ? "1 day ago" : `${d} days ago`;
}

/** 'November 22, 2026' and 'Nov 22, 2026' in the site's zone, from one reading of the wall clock (a card shows both). */
export function dateLabels(iso: string, timeZone: string) {
  const w = wallClock(iso, timeZone);
  const month = MONTHS[w.month - 1];
  return { long: `${month} ${w.day}, ${w.year}`, short: `${month.slice(0, 3)} ${w.day}, ${w.year}` };
}

/** 'November 22, 2026' in the site's zone. */
export const formatDate = (iso: string, timeZone: string) => dateLabels(iso, timeZone).long;

/** 'Nov 22, 2026' for dense lists. */
export const formatShortDate = (iso: string, timeZone: string) => dateLabels(iso, timeZone).short;

/** Comment timestamps: US-English month/day/year with hour and minute, e.g. '11/22/2026, 4:30 PM'. */
export function formatCommentTime(iso: string, timeZone: string) {
  const w = wallClock(iso, timeZone);
  return `${w.month}/${w.day}/${w.year}, ${w.hour % 12 || 12}:${String(w.minute).padStart(2, "0")} ${w.hour < 12 ? "AM" : "PM"}`;
}
