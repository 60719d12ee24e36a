import "reflect-metadata";
import type { Server } from "node:http";
import { createDataSource } from "./dataSource.js";
import { createApp, keepConnectionsLongerThanProxies, type RouteInstaller } from "./app.js";
import { ConfigError, parseConfig, type Config } from "./config.js";
import { seedIfEmpty } from "./seed/seed.js";
import { createServices } from "./services/index.js";
import { installBackgroundJobs } from "./services/jobs.js";

/** Boots the whole site: config, database and migrations, secrets, sample content, HTTP. */
export async function startServer(config: Config, extraRoutes: RouteInstaller[] = []) {
  const ds = createDataSource(config);
  await ds.initialize();
  await ds.runMigrations({ transaction: "each" });
  const services = createServices(ds, config);
  for (const warning of config.warnings) services.logger.warn(warning);
  await services.auth.ensurePassword();
  if (config.seed) await seedIfEmpty(services);
  const { installPages } = await import("./ssr/index.js");
  const app = await createApp(services, [...extraRoutes, installPages(services)]);
  const stopJobs = installBackgroundJobs(services);
  const server: Server = await new Promise((resolve) => {
    const s = app.listen(config.port, () => resolve(s));
  });
  keepConnectionsLongerThanProxies(server);
  const close = async () => {
    stopJobs();
    // Open live-blog streams would hold the server open: each is told to reconnect (another instance answers) and closed.
    services.liveStreams.closeAll();
    await new Promise((resolve) => server.close(resolve));
    await services.audience.flush().catch((err) => services.logger.error({ err }, "events: final flush failed"));
    await services.close();
    await ds.destroy();
  };
  return { server, services, close };
}

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
  const shutdown = (signal: string) => {
    services.logger.info(`${signal}: shutting down`);
    close().then(() => process.exit(0), () => process.exit(1));
    setTimeout(() => process.exit(1), 10_000).unref();
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
}

