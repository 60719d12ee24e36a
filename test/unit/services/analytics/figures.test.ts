import type { DataSource } from "typeorm";
import { dayRanges, growthPercent, percentOf, windowDays } from "../../../../src/services/analytics/figures.js";

test("growth against nothing is unknown (null), not 0 %", () => {
  expect(growthPercent(0, 0)).toBeNull();
  expect(growthPercent(5, 0)).toBeNull();
  expect(growthPercent(3, 2)).toBe(50);
  expect(growthPercent(1, 2)).toBe(-50);
  expect(growthPercent(2, 2)).toBe(0);
});

test("a share of nothing is unknown (null); shares round to one decimal", () => {
  expect(percentOf(1, 0)).toBeNull();
  expect(percentOf(1, 3)).toBe(33.3);
});

test("the window is the last 30 days in the site's time zone, and each day runs from local midnight to local midnight", () => {
  // 23:30 UTC on 23 November is already 24 November in Berlin (UTC+1).
  const scope = { ds: {} as DataSource, timeZone: "Europe/Berlin", now: new Date("2026-11-23T23:30:00Z") };
  const { days, from, to } = windowDays(scope);
  expect(days).toHaveLength(30);
  expect([from, to]).toEqual(["2026-10-26", "2026-11-24"]);
  const ranges = dayRanges(scope);
  expect(ranges.at(-1)!.map((d) => d.toISOString())).toEqual(["2026-11-23T23:00:00.000Z", "2026-11-24T23:00:00.000Z"]);
  // Summer time ended on 25 October; the first day of the window already runs on UTC+1.
  expect(ranges[0][0].toISOString()).toBe("2026-10-25T23:00:00.000Z");
});
