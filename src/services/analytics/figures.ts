import type { AudienceFigures } from "../../repositories/audienceFigures.js";
import type { PaymentFigures } from "../../repositories/paymentFigures.js";
import type { SeoAuditRepository } from "../../repositories/seoAuditRepository.js";
import type { SubscriberRepository } from "../../repositories/subscriberRepository.js";
import { dayStart, daysAfter, lastDays } from "../../schemas/zonedTime.js";

/** Dashboards cover the last 30 calendar days in SITE_TIMEZONE. */
export const WINDOW_DAYS = 30;

/** The repositories the figures read. */
export interface FigureSources {
  audienceFigures: AudienceFigures;
  paymentFigures: PaymentFigures;
  seoAudits: SeoAuditRepository;
  subscribers: SubscriberRepository;
}

/** What every figure query needs: the repositories, the site's time zone and the instant "now". */
export interface FigureScope {
  repos: FigureSources;
  timeZone: string;
  now: Date;
}
type Window = Pick<FigureScope, "timeZone" | "now">;

export const round = (n: number, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits;
/** A number read raw from either database (MySQL sums arrive as strings, missing rows as undefined). */
export const num = (v: unknown) => Number(v ?? 0) || 0;
/** Part of a whole in percent, or null when the whole is zero (nothing to compare with). */
export const percentOf = (part: number, whole: number) => (whole > 0 ? round((part / whole) * 100, 1) : null);
/** Growth in percent of `current` over `previous`; null when there is nothing to compare with (previous is 0). */
export const growthPercent = (current: number, previous: number) => (previous === 0 ? null : round(((current - previous) / previous) * 100, 1));

/** The window's days (YYYY-MM-DD, oldest first) with its first and last day. */
export function windowDays(scope: Window) {
  const days = lastDays(WINDOW_DAYS, scope.timeZone, scope.now);
  return { days, from: days[0], to: days[days.length - 1] };
}

/** [start, end) of each day of the window as instants. */
export function dayRanges(scope: Window): [Date, Date][] {
  return windowDays(scope).days.map((d) => [dayStart(d, scope.timeZone), dayStart(daysAfter(d, 1), scope.timeZone)]);
}
