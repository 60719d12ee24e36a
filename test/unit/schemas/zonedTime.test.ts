import { dayKey, dayStart, daysAfter, daysBefore, fromZonedInput, lastDays, localInstant, toZonedInput, wallClock } from "../../../src/schemas/zonedTime.js";

test("day arithmetic: daysBefore goes back, daysAfter forward, across months and leap days", () => {
  expect(daysBefore("2026-03-01", 1)).toBe("2026-02-28");
  expect(daysBefore("2028-03-01", 1)).toBe("2028-02-29");
  expect(daysAfter("2026-12-31", 1)).toBe("2027-01-01");
  expect(daysBefore("2026-11-23", 0)).toBe("2026-11-23");
});

test("the local day of an instant, and where each local day starts, across a daylight-saving change", () => {
  expect(dayKey(new Date("2026-11-23T23:30:00Z"), "Europe/Berlin")).toBe("2026-11-24");
  expect(dayKey(new Date("2026-11-23T23:30:00Z"), "America/New_York")).toBe("2026-11-23");
  // Berlin leaves summer time on 25 October 2026: that day lasts 25 hours.
  expect(dayStart("2026-10-25", "Europe/Berlin").toISOString()).toBe("2026-10-24T22:00:00.000Z");
  expect(dayStart("2026-10-26", "Europe/Berlin").toISOString()).toBe("2026-10-25T23:00:00.000Z");
  expect(localInstant("2026-11-23", 7, "Asia/Kolkata").toISOString()).toBe("2026-11-23T01:30:00.000Z");
  expect(lastDays(3, "UTC", new Date("2026-11-23T12:00:00Z"))).toEqual(["2026-11-21", "2026-11-22", "2026-11-23"]);
});

test("the editor's datetime-local value is wall time in the site's zone, both ways", () => {
  expect(toZonedInput("2026-07-01T07:00:00.000Z", "Europe/Berlin")).toBe("2026-07-01T09:00");
  expect(fromZonedInput("2026-07-01T09:00", "Europe/Berlin")).toBe("2026-07-01T07:00:00.000Z");
  expect(fromZonedInput("2026-12-01T09:00", "Europe/Berlin")).toBe("2026-12-01T08:00:00.000Z");
  expect(toZonedInput(null, "UTC")).toBe("");
});

test("wall-clock fields in the zone, not in the process's zone", () => {
  expect(wallClock("2026-11-23T23:30:00Z", "Europe/Berlin")).toEqual({ year: 2026, month: 11, day: 24, hour: 0, minute: 30 });
  expect(wallClock("2026-11-23T23:30:00Z", "America/Los_Angeles")).toEqual({ year: 2026, month: 11, day: 23, hour: 15, minute: 30 });
});
