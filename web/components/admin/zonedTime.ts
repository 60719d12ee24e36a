// Admin times are read and typed in the site's zone (SITE_TIMEZONE), as readers see them, not in the
// browser's zone: a 09:00 publish time means 09:00 on the site, wherever the editor sits.
import { TZDate } from "@date-fns/tz";
import { format as formatDate } from "date-fns";
import { formatCommentTime } from "../../lib/format.js";
import { useSite } from "../../lib/site.js";

export { fromZonedInput, toZonedInput } from "../../../src/schemas/zonedTime.js";

/** An instant formatted in the zone with a date-fns pattern (admin screens only: the formatter stays out of the reader's bundle). */
export const formatInZone = (at: string | number, timeZone: string, pattern: string): string => formatDate(new TZDate(new Date(at).getTime(), timeZone), pattern);

/** The site's zone and formatters for admin lists: '11/22/2026, 4:30 PM', 'Nov 22, 2026', '4:30:05 PM'. */
export function useSiteTime() {
  const { timeZone } = useSite();
  return {
    timeZone,
    format: (iso: string) => formatCommentTime(iso, timeZone),
    formatDay: (iso: string) => formatInZone(iso, timeZone, "MMM d, yyyy"),
    formatClock: (at: string | number) => formatInZone(at, timeZone, "h:mm:ss a"),
  };
}
