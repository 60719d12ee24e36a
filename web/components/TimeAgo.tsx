import { formatDate, formatShortDate, relativeTime } from "../lib/format.js";
import { useSite } from "../lib/site.js";
import { useNow } from "../lib/useNow.js";

/** Relative time ('3 hours ago'); the server and the first client render show the date instead, so hydration matches. */
export function TimeAgo({ iso }: { iso: string }) {
  const { timeZone } = useSite();
  const now = useNow();
  return (
    <time dateTime={iso} title={formatDate(iso, timeZone)}>
      {now === null ? formatShortDate(iso, timeZone) : relativeTime(iso, now)}
    </time>
  );
}
