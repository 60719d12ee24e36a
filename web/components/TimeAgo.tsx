import { dateLabels, relativeTime } from "../lib/format.js";
import { useSite } from "../lib/site.js";
import { useNow } from "../lib/useNow.js";

/** Relative time ('3 hours ago'); the server and the first client render show the date instead, so hydration matches. */
export function TimeAgo({ iso }: { iso: string }) {
  const { timeZone } = useSite();
  const now = useNow();
  const date = dateLabels(iso, timeZone);
  return (
    <time dateTime={iso} title={date.long}>
      {now === null ? date.short : relativeTime(iso, now)}
    </time>
  );
}
