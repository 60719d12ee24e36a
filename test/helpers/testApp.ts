import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { AddressInfo } from "node:net";
import "reflect-metadata";
import { createDataSource, migrateDatabase } from "../../src/dataSource.js";
import { freshMysqlDatabase, freshSqliteFile } from "./freshDatabase.js";
import { createApp, createHttpServer, keepConnectionsLongerThanProxies, type RouteInstaller } from "../../src/app.js";
import { parseConfig } from "../../src/config.js";
import type { DestinationStream } from "pino";
import { createLogger } from "../../src/lib/logger.js";
import { createServices, type Services } from "../../src/services/index.js";
import { configureSearchEngine, prepareSearchEngine, searchMirrorOf } from "../../src/repositories/search/engine.js";
import { createContextInner } from "../../src/trpc/context.js";
import { createCaller } from "../../src/trpc/router.js";

export const TEST_PASSWORD = "correct horse battery staple";

export interface ApiResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

/**
 * A fresh app on a fresh database: a temporary SQLite file, or the DATABASE_URL database emptied
 * and migrated (see freshDatabase.ts; each jest worker has its own database). Listens on a random port.
 */
export async function createTestApp(env: Record<string, string> = {}, routes: RouteInstaller[] | ((services: Services) => RouteInstaller[]) = [], options: { logDestination?: DestinationStream } = {}) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "ds-test-"));
  const config = parseConfig({
    ...process.env,
    NODE_ENV: "test",
    DATA_DIR: dataDir,
    SEED: "false",
    ADMIN_PASSWORD: TEST_PASSWORD,
    APP_SECRET: "test-secret-test-secret-test-secret",
    LOG_LEVEL: process.env.LOG_LEVEL ?? "silent",
    ...env,
  });
  const ds = createDataSource(config);
  if (!config.databaseUrl) await freshSqliteFile(path.join(dataDir, "site.db"), (file) => migrateDatabase({ ...config, dataDir: path.dirname(file) }));
  await ds.initialize();
  if (config.databaseUrl) await freshMysqlDatabase(ds, config.databaseUrl);
  const services = createServices(ds, config, options.logDestination ? createLogger({ level: config.logLevel }, options.logDestination) : undefined);
  // MariaDB/MySQL: the local search mirror answers as it does in production (SEARCH_ENGINE=auto), built before the
  // first search rather than in the background.
  // Searches wait for it as long as a loaded test machine needs (a thread started through tsx can take a second);
  // test/api/search/mirror.test.ts sets a short wait where it tests the bound (SYNC_WAIT_MS).
  if (searchMirrorOf(ds)) configureSearchEngine(ds, config.searchEngine, { ...config, syncWaitMs: 60_000 });
  const mirror = searchMirrorOf(ds);
  if (mirror) {
    await mirror.build("a test app");
    await prepareSearchEngine(ds, services.logger);
  }
  await services.auth.ensurePassword(() => undefined);
  const app = await createApp(services, typeof routes === "function" ? routes(services) : routes);
  const server = createHttpServer(app).listen(0, "127.0.0.1");
  keepConnectionsLongerThanProxies(server);
  await new Promise((resolve) => server.once("listening", resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  /** One HTTP call; a string body is sent as-is, anything else as JSON. */
  async function api<T = any>(method: string, url: string, options: { body?: unknown; cookie?: string; headers?: Record<string, string> } = {}): Promise<ApiResponse<T>> {
    const headers: Record<string, string> = { ...(options.headers ?? {}) };
    if (options.cookie) headers.cookie = options.cookie;
    let body: string | undefined;
    if (options.body !== undefined) {
      body = typeof options.body === "string" ? options.body : JSON.stringify(options.body);
      headers["content-type"] ??= "application/json";
    }
    const res = await fetch(baseUrl + url, { method, headers, body });
    const text = await res.text();
    let parsed: any = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // not JSON
    }
    return { status: res.status, headers: res.headers, body: parsed, text };
  }

  /** Logs in over REST and returns the session cookie. */
  async function login(): Promise<string> {
    const res = await fetch(baseUrl + "/api/admin/login", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ password: TEST_PASSWORD }),
    });
    const cookie = res.headers.get("set-cookie");
    if (!cookie) throw new Error(`login failed: ${res.status} ${await res.text()}`);
    return cookie.split(";")[0];
  }

  /** A tRPC caller without HTTP; `admin` gives it a valid session. */
  async function caller(admin = false, clientKey = "test-client") {
    const sessionToken = admin ? await services.auth.login(TEST_PASSWORD, `${clientKey}-login`) : null;
    return createCaller(createContextInner({ services, sessionToken, clientKey }));
  }

  async function close() {
    await new Promise((resolve) => server.close(resolve));
    await services.close();
    await ds.destroy();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }

  return { services, config, ds, baseUrl, api, login, caller, close };
}
export type TestApp = Awaited<ReturnType<typeof createTestApp>>;
export type { Services };

/**
 * The file's app, started before its first test and closed after its last: `const t = useTestApp(env)` at the top
 * of a suite. With `{ signIn: true }`, `t.cookie` is an administrator's session cookie.
 */
export function useTestApp(env: Record<string, string> = {}, options: { signIn?: boolean } = {}) {
  const t = {} as TestApp & { cookie: string };
  beforeAll(async () => {
    Object.assign(t, await createTestApp(env));
    if (options.signIn) t.cookie = await t.login();
  });
  afterAll(() => t.close());
  return t;
}
