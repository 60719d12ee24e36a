import type { Logger } from "../lib/logger.js";
import type { Services } from "./index.js";

const every = (ms: number, task: () => Promise<unknown>, name: string, logger: Logger) => {
  const timer = setInterval(() => task().catch((err) => logger.error({ err }, `job failed: ${name}`)), ms);
  timer.unref();
  return () => clearInterval(timer);
};

/** Periodic housekeeping; each job is safe to run on several instances at once. */
export function installBackgroundJobs(services: Services): () => void {
  const { logger } = services;
  const once = (task: () => Promise<unknown>, name: string) => void task().catch((err) => logger.error({ err }, `job failed: ${name}`));
  once(() => services.appSecret.get(), "store APP_SECRET");
  // Slices that yield, stopped on shutdown: at 100,000 articles they must not hold the start.
  const backfills = new AbortController();
  once(async () => {
    const started = Date.now();
    const audited = await services.seoAudit.auditMissing({ signal: backfills.signal });
    if (audited) logger.info({ audited, durationMs: Date.now() - started }, "audited the articles that had no SEO audit");
  }, "audit articles without an SEO audit");
  once(async () => {
    const started = Date.now();
    const filled = await services.paywallFillRunner.tick();
    if (filled) logger.info({ filled, durationMs: Date.now() - started }, "stored the paywall views of premium articles saved before they were");
  }, "store the paywall views of older premium articles");
  once(() => services.stocks.refresh(), "fetch quotes");
  once(() => services.ticker.items(), "load ticker feeds");
  const stops = [
    () => backfills.abort(),
    every(10 * 60_000, () => services.limiter.prune(), "prune rate-limit counters", logger),
    every(60 * 60_000, () => services.auth.pruneExpiredSessions(), "prune expired sessions", logger),
    every(6 * 60 * 60_000, () => services.audit.prune(), "prune audit entries past AUDIT_KEEP_DAYS", logger),
    every(60 * 60_000, () => services.readers.pruneExpired(), "prune expired reader sessions and sign-in links", logger),
    services.audience.start(),
    services.scheduledPublishing.start(),
    every(60_000, () => services.stocks.refresh(), "fetch quotes", logger),
    every(6 * 60 * 60_000, () => services.audience.prune(), "prune raw audience events", logger),
    services.newsletterSender.runner.start(60_000),
    services.webhookDispatcher.start(),
    every(6 * 60 * 60_000, () => services.webhooks.prune(), "prune delivered webhook events", logger),
    services.redirects.start(),
    services.importRunner.start(),
    // Every 5 s: retries come due, and alerts recorded by other instances (or left by a restart) are picked up.
    services.pushRunner.start(5_000),
    services.outboxRunner.start(10_000),
    every(15 * 60_000, () => services.backups.tick(), "daily backup", logger),
    // MariaDB/MySQL: the local search mirror follows other instances' writes between searches too, so a search rarely
    // waits for a batch of them; the changes it follows are kept a day.
    every(5_000, () => services.repos.searchReads.followChanges(), "follow article changes into the search mirror", logger),
    every(60 * 60_000, () => services.repos.searchReads.pruneChanges(), "prune article changes past a day", logger),
  ];
  return () => stops.forEach((stop) => stop());
}
