import type { Services } from "./index.js";

const every = (ms: number, task: () => Promise<unknown>, name: string) => {
  const timer = setInterval(() => task().catch((error) => console.error(`[job] ${name}:`, error)), ms);
  timer.unref();
  return () => clearInterval(timer);
};

/** Periodic housekeeping; each job is safe to run on several instances at once. */
export function installBackgroundJobs(services: Services): () => void {
  const once = (task: () => Promise<unknown>, name: string) => void task().catch((error) => console.error(`[job] ${name}:`, error));
  once(() => services.appSecret.get(), "store APP_SECRET");
  once(() => services.seoAudit.auditMissing(), "audit articles without an SEO audit");
  once(() => services.stocks.refresh(), "fetch quotes");
  once(() => services.ticker.items(), "load ticker feeds");
  const stops = [
    every(10 * 60_000, () => services.limiter.prune(), "prune rate-limit counters"),
    every(60 * 60_000, () => services.auth.pruneExpiredSessions(), "prune expired sessions"),
    services.audience.start(),
    services.scheduledPublishing.start(),
    every(60_000, () => services.stocks.refresh(), "fetch quotes"),
    every(6 * 60 * 60_000, () => services.audience.prune(), "prune raw audience events"),
    every(60_000, () => services.newsletterSender.tick(), "send the newsletter"),
  ];
  return () => stops.forEach((stop) => stop());
}
