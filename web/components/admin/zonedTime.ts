// Admin times are read and typed in the site's zone (SITE_TIMEZONE), as readers see them, not in the
// browser's zone: a 09:00 publish time means 09:00 on the site, wherever the editor sits.
import { formatCommentTime } from "../../lib/format.js";
import { useSite } from "../../lib/site.js";

/** The wall-clock fields of an instant in a zone. */
function wallClock(ms: number, timeZone: string) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-US", { timeZone, hourCycle: "h23", year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", second: "2-digit" })
      .formatToParts(ms)
      .map((p) => [p.type, p.value]),
  );
  return { y: +parts.year, mo: +parts.month, d: +parts.day, h: +parts.hour % 24, mi: +parts.minute, s: +parts.second };
}

/** Milliseconds the zone is ahead of UTC at that instant. */
function offset(ms: number, timeZone: string) {
  const w = wallClock(ms, timeZone);
  return Date.UTC(w.y, w.mo - 1, w.d, w.h, w.mi, w.s) - Math.floor(ms / 1000) * 1000;
}

const pad = (n: number) => String(n).padStart(2, "0");

/** An ISO instant as a datetime-local value (YYYY-MM-DDTHH:mm) in the zone; '' for none. */
export function toZonedInput(iso: string | null, timeZone: string): string {
  if (!iso) return "";
  const w = wallClock(new Date(iso).getTime(), timeZone);
  return `${w.y}-${pad(w.mo)}-${pad(w.d)}T${pad(w.h)}:${pad(w.mi)}`;
}

/** A datetime-local value read as wall time in the zone, to an ISO instant. */
export function fromZonedInput(value: string, timeZone: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(value);
  if (!m) return new Date(value).toISOString();
  const asUtc = Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5]);
  // Twice, so a time next to a daylight-saving change lands on the right side of it.
  let ms = asUtc - offset(asUtc, timeZone);
  ms = asUtc - offset(ms, timeZone);
  return new Date(ms).toISOString();
}

/** The site's zone and a formatter for admin lists ('11/22/2026, 4:30 PM'). */
export function useSiteTime() {
  const { timeZone } = useSite();
  return { timeZone, format: (iso: string) => formatCommentTime(iso, timeZone) };
}
