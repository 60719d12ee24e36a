// The market panel's note, in a module of its own without zod: the home page's code in the browser imports it.
import { MONTH_NAMES } from "./wallClock.js";

/** Quotes at most this old are shown as delayed intraday data; older ones are closing prices. */
export const DELAYED_QUOTE_MAX_AGE_MS = 15 * 60_000;

/**
 * The note under the market panel: "Data delayed by 15 minutes" only when the newest quote is at
 * most 15 minutes old, else the trading day the prices closed ("Closing prices of Nov 20, 2026").
 */
export function marketDataNote(quotes: Array<{ asOf: string }>, now: Date = new Date()): string {
  const newest = Math.max(...quotes.map((q) => Date.parse(q.asOf)).filter((t) => Number.isFinite(t)));
  if (!Number.isFinite(newest)) return "Market data unavailable";
  if (now.getTime() - newest <= DELAYED_QUOTE_MAX_AGE_MS) return "Data delayed by 15 minutes";
  // "Nov 20, 2026" (UTC) without an Intl formatter, which costs a phone tens of milliseconds to build while the page hydrates.
  const date = new Date(newest);
  return `Closing prices of ${MONTH_NAMES[date.getUTCMonth()].slice(0, 3)} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
}
