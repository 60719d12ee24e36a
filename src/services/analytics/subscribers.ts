// Newsletter subscriber figures: confirmed sign-ups (double opt-in), not addresses merely typed into the form.
import { dayKey } from "../../schemas/zonedTime.js";
import { DAY } from "../../lib/time.js";
import type { NewsletterStats } from "../../schemas/analytics.js";
import type { NewsletterSender } from "../newsletterSender.js";
import { dayRanges, growthPercent, windowDays, type FigureScope } from "./figures.js";

const QUARTER_HOUR_MS = 900_000;

/** Confirmations on each day of the window: counted per quarter hour in SQL, summed per local day here. */
async function confirmationsPerDay(scope: FigureScope): Promise<number[]> {
  const ranges = dayRanges(scope);
  const rows = await scope.repos.subscribers.confirmationsPerQuarterHour(ranges[0][0], ranges[ranges.length - 1][1]);
  const { days } = windowDays(scope);
  const index = new Map(days.map((d, i) => [d, i]));
  const counts = days.map(() => 0);
  for (const r of rows) {
    const i = index.get(dayKey(new Date(r.quarter * QUARTER_HOUR_MS), scope.timeZone));
    if (i !== undefined) counts[i] += r.n;
  }
  return counts;
}

/** Subscriber totals and the confirmations of the last 30 days against the 30 before. */
function subscriberTotals(scope: FigureScope) {
  const t = scope.now.getTime();
  return scope.repos.subscribers.totals(new Date(t - 30 * DAY), new Date(t - 60 * DAY));
}

/** Growth of confirmed sign-ups over the last 30 days against the 30 before, in percent. */
export async function subscriberGrowth(scope: FigureScope) {
  const totals = await subscriberTotals(scope);
  return growthPercent(totals.last30, totals.previous30);
}

export async function newsletterStats(scope: FigureScope, sender: NewsletterSender): Promise<NewsletterStats> {
  const [totals, perDay, engagement] = await Promise.all([subscriberTotals(scope), confirmationsPerDay(scope), sender.engagement()]);
  const { days } = windowDays(scope);
  return {
    activeSubscribers: totals.active,
    totalSubscribers: totals.total,
    growthRate: growthPercent(totals.last30, totals.previous30),
    ...engagement,
    series: [{ key: "subscribers", label: "New confirmed subscribers", unit: "count", points: days.map((date, i) => ({ date, value: perDay[i] })) }],
  };
}
