// Dates as readers see them, always in the site's time zone so the server and the browser agree.
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

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

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string, options: Intl.DateTimeFormatOptions) {
  const key = timeZone + JSON.stringify(options);
  let f = formatters.get(key);
  if (!f) formatters.set(key, (f = new Intl.DateTimeFormat("en-US", { ...options, timeZone })));
  return f;
}

// Strings are assembled from parts so Node's and the browser's ICU (which differ in spacing characters) agree.
function parts(iso: string, timeZone: string) {
  const p: Record<string, string> = {};
  for (const { type, value } of formatter(timeZone, { year: "numeric", month: "2-digit", day: "2-digit", hour: "numeric", minute: "2-digit", hour12: true }).formatToParts(new Date(iso))) p[type] = value;
  return { year: p.year, month: Number(p.month), day: Number(p.day), hour: p.hour, minute: p.minute, period: (p.dayPeriod ?? "").toUpperCase() };
}
const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

/** 'November 22, 2026' in the site's zone. */
export function formatDate(iso: string, timeZone: string) {
  const p = parts(iso, timeZone);
  return `${MONTHS[p.month - 1]} ${p.day}, ${p.year}`;
}

/** 'Nov 22, 2026' for dense lists. */
export function formatShortDate(iso: string, timeZone: string) {
  const p = parts(iso, timeZone);
  return `${MONTHS[p.month - 1].slice(0, 3)} ${p.day}, ${p.year}`;
}

/** Comment timestamps: US-English month/day/year with hour and minute, e.g. '11/22/2026, 4:30 PM'. */
export function formatCommentTime(iso: string, timeZone: string) {
  const p = parts(iso, timeZone);
  return `${p.month}/${p.day}/${p.year}, ${p.hour}:${p.minute} ${p.period}`;
}
