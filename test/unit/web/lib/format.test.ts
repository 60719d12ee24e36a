// Date labels the server and the browser both render (web/lib/format.ts).
import { formatCommentTime, formatDate, formatShortDate, relativeTime } from "../../../../web/lib/format.js";

const now = Date.parse("2026-11-22T12:00:00.000Z");
const ago = (ms: number) => new Date(now - ms).toISOString();
const H = 3600_000;

test.each([
  [null, "Recently"],
  [ago(0), "Just now"],
  [ago(59 * 60_000), "Just now"],
  [ago(H), "1 hour ago"],
  [ago(2 * H + 5), "2 hours ago"],
  [ago(23 * H + 59 * 60_000), "23 hours ago"],
  [ago(24 * H), "1 day ago"],
  [ago(47 * H), "1 day ago"],
  [ago(48 * H), "2 days ago"],
  [ago(400 * 24 * H), "400 days ago"],
  [new Date(now + 5 * H).toISOString(), "Just now"],
])("relativeTime(%s) is %s", (iso, label) => {
  expect(relativeTime(iso, now)).toBe(label);
});

test("comment timestamps are US month/day/year with hour and minute in the site's zone", () => {
  expect(formatCommentTime("2026-11-22T16:05:00.000Z", "UTC")).toBe("11/22/2026, 4:05 PM");
  expect(formatCommentTime("2026-11-22T16:05:00.000Z", "America/New_York")).toBe("11/22/2026, 11:05 AM");
  expect(formatCommentTime("2026-01-01T00:30:00.000Z", "Asia/Tokyo")).toBe("1/1/2026, 9:30 AM");
  expect(formatCommentTime("2026-01-01T00:30:00.000Z", "UTC")).toBe("1/1/2026, 12:30 AM");
});

test("long and short dates in the site's zone", () => {
  expect(formatDate("2026-11-22T03:00:00.000Z", "UTC")).toBe("November 22, 2026");
  expect(formatDate("2026-11-22T03:00:00.000Z", "America/Los_Angeles")).toBe("November 21, 2026");
  expect(formatShortDate("2026-02-03T12:00:00.000Z", "UTC")).toBe("Feb 3, 2026");
});
