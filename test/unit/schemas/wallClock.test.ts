import { knowZoneOffsets, wallClock, zoneOffsetTable } from "../../../src/schemas/wallClock.js";

const HOUR = 3_600_000;
const NOW = Date.parse("2026-11-23T12:00:00Z");
// Zones with daylight saving (north and south), half-hour offsets and half-hour daylight saving, and none.
const ZONES = ["Europe/Berlin", "America/New_York", "Australia/Sydney", "Australia/Lord_Howe", "America/St_Johns", "Asia/Kolkata", "Asia/Kathmandu", "UTC"];

test("the offset table the server sends gives the browser the wall clock Intl gives, hour by hour, in every zone", () => {
  // What the server renders (Intl), before the tables are known: every hour of the year ahead, and a sample of the ten years back.
  const hours: number[] = [];
  for (let h = NOW / HOUR; h < NOW / HOUR + 8766; h++) hours.push(h);
  for (let h = NOW / HOUR - 10 * 8766 + 24; h < NOW / HOUR; h += 31) hours.push(h);
  const expected = ZONES.map((zone) => hours.map((h) => wallClock(h * HOUR + 30 * 60_000, zone)));
  for (const zone of ZONES) knowZoneOffsets(zone, zoneOffsetTable(zone, NOW));
  ZONES.forEach((zone, z) => {
    const actual = hours.map((h) => wallClock(h * HOUR + 30 * 60_000, zone));
    expect(actual).toEqual(expected[z]);
  });
});

test("the table is short (a change per line of daylight saving), and one the browser cannot read is ignored", () => {
  const berlin = zoneOffsetTable("Europe/Berlin", NOW);
  expect(JSON.parse(berlin)).toHaveLength(1 + 2 * (1 + 2 * 12));
  expect(berlin.length).toBeLessThan(500);
  expect(JSON.parse(zoneOffsetTable("UTC", NOW))).toEqual([expect.any(Number), expect.any(Number), 0]);
  // A bad table leaves the zone to Intl: still the right wall clock.
  knowZoneOffsets("America/Chicago", "garbage");
  knowZoneOffsets("America/Chicago", "[10, 20]");
  knowZoneOffsets("America/Chicago", '[10, 5, "x"]');
  expect(wallClock("2026-07-01T12:00:00Z", "America/Chicago")).toEqual({ year: 2026, month: 7, day: 1, hour: 7, minute: 0 });
});
