import type { Services } from "./index.js";

const every = (ms: number, task: () => Promise<unknown>, name: string) => {
  const timer = setInterval(() => task().catch((error) => console.error(`[job] ${name}:`, error)), ms);
  timer.unref();
  return () => clearInterval(timer);
};

/** Periodic housekeeping; each job is safe to run on several instances at once. */
export function installBackgroundJobs(services: Services): () => void {
  const stops = [
    every(10 * 60_000, () => services.limiter.prune(), "prune rate-limit counters"),
    every(60 * 60_000, () => services.auth.pruneExpiredSessions(), "prune expired sessions"),
  ];
  return () => stops.forEach((stop) => stop());
}
