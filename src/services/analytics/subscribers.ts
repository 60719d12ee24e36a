// Newsletter subscriber figures: confirmed sign-ups (double opt-in), not addresses merely typed into the form.
import { NewsletterSubscriber } from "../../entities/NewsletterSubscriber.js";
import { isMysqlSource } from "../../repositories/transaction.js";
import { dayKey } from "../../schemas/zonedTime.js";
import { DAY, toDbDate } from "../../lib/time.js";
import type { NewsletterStats } from "../../schemas/analytics.js";
import type { NewsletterSender } from "../newsletterSender.js";
import { dayRanges, growthPercent, num, windowDays, type FigureScope } from "./figures.js";

/**
 * The quarter hour (seconds since 1970 / 900) of a confirmation. Every time zone's offset is a
 * whole number of quarter hours, so a quarter hour lies within one local day.
 */
const CONFIRMED_QUARTER_HOUR = {
  mysql: "TIMESTAMPDIFF(SECOND, '1970-01-01', s.confirmedAt) DIV 900",
  sqlite: "CAST(strftime('%s', s.confirmedAt) AS INTEGER) / 900",
};
const QUARTER_HOUR_MS = 900_000;

/** Confirmations on each day of the window: counted per quarter hour in SQL, summed per local day here. */
async function confirmationsPerDay(scope: FigureScope): Promise<number[]> {
  const ranges = dayRanges(scope);
  const rows = await scope.ds
    .createQueryBuilder()
    .from(NewsletterSubscriber, "s")
    .select(isMysqlSource(scope.ds) ? CONFIRMED_QUARTER_HOUR.mysql : CONFIRMED_QUARTER_HOUR.sqlite, "quarter")
    .addSelect("COUNT(*)", "n")
    .where("s.confirmedAt >= :start AND s.confirmedAt < :end", { start: toDbDate(ranges[0][0]), end: toDbDate(ranges[ranges.length - 1][1]) })
    .groupBy("quarter")
    .getRawMany<{ quarter: unknown; n: unknown }>();
  const { days } = windowDays(scope);
  const index = new Map(days.map((d, i) => [d, i]));
  const counts = days.map(() => 0);
  for (const r of rows) {
    const i = index.get(dayKey(new Date(num(r.quarter) * QUARTER_HOUR_MS), scope.timeZone));
    if (i !== undefined) counts[i] += num(r.n);
  }
  return counts;
}

/** Subscriber totals and the confirmations of the last 30 days against the 30 before. */
async function subscriberTotals(scope: FigureScope) {
  const t = scope.now.getTime();
  const row = await scope.ds
    .createQueryBuilder()
    .from(NewsletterSubscriber, "s")
    .select("COUNT(*)", "total")
    .addSelect("COALESCE(SUM(CASE WHEN s.status = 'active' THEN 1 ELSE 0 END),0)", "active")
    .addSelect("COALESCE(SUM(CASE WHEN s.confirmedAt >= :start30 THEN 1 ELSE 0 END),0)", "last30")
    .addSelect("COALESCE(SUM(CASE WHEN s.confirmedAt >= :start60 AND s.confirmedAt < :start30 THEN 1 ELSE 0 END),0)", "previous30")
    .setParameters({ start30: toDbDate(new Date(t - 30 * DAY)), start60: toDbDate(new Date(t - 60 * DAY)) })
    .getRawOne<Record<string, unknown>>();
  return { total: num(row?.total), active: num(row?.active), last30: num(row?.last30), previous30: num(row?.previous30) };
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
