import { marketDataNote } from "../../../src/schemas/marketNote.js";

const now = new Date("2026-11-23T15:30:00.000Z");
const quote = (asOf: string) => ({ asOf });

test("quotes at most 15 minutes old are announced as delayed data", () => {
  expect(marketDataNote([quote("2026-11-23T15:15:00.000Z")], now)).toBe("Data delayed by 15 minutes");
  expect(marketDataNote([quote("2026-11-20T00:00:00.000Z"), quote("2026-11-23T15:20:00.000Z")], now)).toBe("Data delayed by 15 minutes");
});

test("older quotes are shown as the closing prices of their day, not as delayed data", () => {
  expect(marketDataNote([quote("2026-11-23T15:14:59.999Z")], now)).toBe("Closing prices of Nov 23, 2026");
  expect(marketDataNote([quote("2026-11-20T00:00:00.000Z"), quote("2026-11-19T00:00:00.000Z")], now)).toBe("Closing prices of Nov 20, 2026");
});

test("no usable quote says the data is unavailable", () => {
  expect(marketDataNote([], now)).toBe("Market data unavailable");
  expect(marketDataNote([quote("not a date")], now)).toBe("Market data unavailable");
});
