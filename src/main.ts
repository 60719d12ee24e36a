import "reflect-metadata";
import type { Server } from "node:http";
import { createDataSource } from "./dataSource.js";
import { createApp, createHttpServer, keepConnectionsLongerThanProxies, type RouteInstaller } from "./app.js";
import { ConfigError, parseConfig, type Config } from "./config.js";
import { seedIfEmpty } from "./seed/seed.js";
import { createServices } from "./services/index.js";
import { prepareSearchEngine } from "./repositories/articleSearch.js";
import { installBackgroundJobs } from "./services/jobs.js";
import { metrics } from "./services/metrics.js";
import type { Logger } from "./lib/logger.js";

/** Boots the whole site: config, database and migrations, secrets, sample content, HTTP. */
export async function startServer(config: Config, extraRoutes: RouteInstaller[] = [], options: { pages?: boolean } = {}) {
  const ds = createDataSource(config);
  await ds.initialize();
  await ds.runMigrations({ transaction: "each" });
  const services = createServices(ds, config);
  for (const warning of config.warnings) services.logger.warn(warning);
  const search = await prepareSearchEngine(ds, services.logger);
  services.logger.info(`search: ${search.detail}`);
  await services.auth.ensurePassword();
  if (config.seed) await seedIfEmpty(services);
  const pages = options.pages === false ? [] : [(await import("./ssr/index.js")).installPages(services)];
  const app = await createApp(services, [...extraRoutes, ...pages]);
  const stopJobs = installBackgroundJobs(services);
  const server: Server = await new Promise((resolve) => {
    // As Express's app.listen: resolved once listening, or on an error.
    const s = createHttpServer(app);
    s.once("error", () => resolve(s));
    s.listen(config.port, () => resolve(s));
  });
  keepConnectionsLongerThanProxies(server);
  let closing: Promise<void> | undefined;
  /**
   * Stops without failing anyone: no new connection is accepted; requests in flight finish, each answer closing its
   * connection; streams end with a reconnect hint; job steps in progress finish and release their leases. What is
   * still open after `drainMs` is cut, so the whole takes well under the 10 s an orchestrator waits.
   */
  const close = (drainMs = SHUTDOWN_DRAIN_MS) =>
    (closing ??= (async () => {
      metrics.shutdowns.inc();
      stopJobs();
      const serverClosed = new Promise((resolve) => server.close(resolve));
      await services.lifecycle.beginShutdown();
      const jobsDone = services.finishJobSteps().catch((err) => services.logger.error({ err }, "shutdown: a job step failed"));
      const deadline = setTimeout(() => server.closeAllConnections(), drainMs);
      await Promise.all([serverClosed, jobsDone]);
      clearTimeout(deadline);
      await services.audience.flush().catch((err) => services.logger.error({ err }, "events: final flush failed"));
      await services.close();
      await ds.destroy();
    })());
  return { server, services, close };
}

/** How long requests in flight may take to finish after SIGTERM before their connections are cut. */
export const SHUTDOWN_DRAIN_MS = 8_000;

/** Boots from the environment and handles signals; a bad configuration stops the start with a message. */
export async function runFromEnvironment() {
  let config: Config;
  try {
    config = parseConfig();
  } catch (error) {
    process.stderr.write(`${error instanceof ConfigError ? error.message : String(error)}\n`);
    process.exit(1);
  }
  const { server, close, services } = await startServer(config);
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : config.port;
  services.logger.info(`${config.siteName} is serving ${config.siteUrl} on port ${port} (${config.databaseKind} database, ${config.nodeEnv})`);
  exitOnSignals(close, services.logger);
}

/** SIGTERM/SIGINT: the graceful close, then exit 0 (1 when it failed, or when it is not over in 10 s). */
export function exitOnSignals(close: () => Promise<void>, logger: Logger) {
  const shutdown = (signal: string) => {
    logger.info(`${signal}: shutting down (finishing requests in flight and job steps)`);
    const started = Date.now();
    setTimeout(() => process.exit(1), 10_000).unref();
    close().then(
      () => {
        logger.info({ durationMs: Date.now() - started }, "shut down");
        process.exit(0);
      },
      (err) => {
        logger.error({ err }, "shutdown failed");
        process.exit(1);
      },
    );
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
}
