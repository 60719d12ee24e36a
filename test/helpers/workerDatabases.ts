// Each jest worker of the API project has MySQL/MariaDB databases of its own, so suites that run at once never
// share one: `<db>_w<JEST_WORKER_ID>` for DATABASE_URL (when it names MySQL/MariaDB) and for the server the
// MariaDB-only suites use (TEST_MARIADB_URL, see services.ts). `workerUrl` names them; `workerEnv` (a setupFiles
// entry of that project) points each test file's environment at its worker's; the project's globalSetup
// (the default export) creates them before any worker starts. A missing server is left to `needs()` to report.
// It holds the URL helpers services.ts uses too: a globalSetup module cannot import the project's other files.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import mysql from "mysql2/promise";

/** The URL with its database renamed: `…/test` → `…/test<suffix>` (an unnamed database counts as `test`). */
export function renamedDatabaseUrl(url: string, suffix: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${parsed.pathname.slice(1) || "test"}${suffix}`;
  return parsed.toString();
}

/** The database a mysql:/mariadb: URL names. */
export const databaseName = (url: string) => decodeURIComponent(new URL(url).pathname.slice(1));

/** A connection to the URL's server without selecting its database (which may not exist yet). */
export function serverConnection(url: string, options: { connectTimeout?: number } = {}) {
  const parsed = new URL(url.replace(/^mariadb:/, "mysql:"));
  return mysql.createConnection({
    host: parsed.hostname,
    port: Number(parsed.port || 3306),
    user: decodeURIComponent(parsed.username),
    password: decodeURIComponent(parsed.password),
    ...options,
  });
}

const DEFAULT_MARIADB = "mariadb://root@127.0.0.1:3306/test";
const isMysql = (url: string | undefined): url is string => Boolean(url && /^(mysql|mariadb):/.test(url));

/** The URL with its database renamed for worker `id`. */
export const workerUrl = (url: string, id: string): string => renamedDatabaseUrl(url, `_w${id}`);

/** The MySQL/MariaDB URLs a run uses, before the renaming. */
export function baseUrls(env: NodeJS.ProcessEnv = process.env): { database?: string; mariadb: string } {
  const database = isMysql(env.DATABASE_URL) ? env.DATABASE_URL : undefined;
  return { database, mariadb: env.TEST_MARIADB_URL || database || DEFAULT_MARIADB };
}

/** Set once the URLs are renamed: a jest that a test starts (service-skips.test.ts) inherits them as they are. */
const RENAMED = "TEST_WORKER_DATABASES";

/** Points this process's environment at worker `id`'s databases. */
export function useWorkerDatabases(id: string, env: NodeJS.ProcessEnv = process.env) {
  if (env[RENAMED]) return;
  const { database, mariadb } = baseUrls(env);
  if (database) env.DATABASE_URL = workerUrl(database, id);
  env.TEST_MARIADB_URL = workerUrl(mariadb, id);
  env[RENAMED] = "1";
}

/** Creates the databases of workers 1..`workers` (a few: one connection each). */
export default async function createWorkerDatabases(globalConfig: { maxWorkers: number }) {
  // The run's temporary files' directory (runTmp.ts), always this process's own: the workers inherit it, and a jest
  // that a suite runs itself (service-skips.test.ts) makes and removes its own instead of its parent's.
  process.env.TEST_RUN_TMP = fs.mkdtempSync(path.join(os.tmpdir(), "ds-test-run-"));
  process.env.TEST_RUN_TMP_OWNER = String(process.pid);
  if (process.env.TEST_SERVICES === "none" || process.env[RENAMED]) return;
  const { database, mariadb } = baseUrls();
  const urls = new Set<string>();
  for (let id = 1; id <= Math.max(1, globalConfig.maxWorkers); id++) for (const base of [database, mariadb]) if (base) urls.add(workerUrl(base, String(id)));
  for (const url of urls) {
    const conn = await serverConnection(url, { connectTimeout: 2000 }).catch(() => undefined);
    if (!conn) continue; // not running: the suites that need it say so (services.ts)
    await conn.query(`CREATE DATABASE IF NOT EXISTS \`${databaseName(url)}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
    await conn.end();
  }
}
