// Outside services some suites need besides the embedded database: MariaDB (TEST_MARIADB_URL, default
// DATABASE_URL when it names MySQL/MariaDB, else mariadb://root@127.0.0.1:3306/test) and Redis
// (TEST_REDIS_URL, default redis://127.0.0.1:6379). When one does not answer, the suites that need it are
// skipped, and test/helpers/skipReporter.js prints one line for each saying what and why. With CI=true a
// missing service fails the suite instead. `npm run test:unit` (TEST_SERVICES=none) skips them without asking.
import net from "node:net";
import { Redis } from "ioredis";
import { renamedDatabaseUrl, serverConnection } from "./workerDatabases.js";

/** Marks a skipped block's title; skipReporter.js finds the reason after it. */
export const SKIP_TAG = "[skipped: ";

const isCi = () => /^(1|true|yes)$/i.test(process.env.CI ?? "");
const databaseUrl = process.env.DATABASE_URL;
export const MARIADB_URL = process.env.TEST_MARIADB_URL || (databaseUrl && /^(mysql|mariadb):/.test(databaseUrl) ? databaseUrl : "mariadb://root@127.0.0.1:3306/test");
export const REDIS_URL = process.env.TEST_REDIS_URL || "redis://127.0.0.1:6379";

/** The server of MARIADB_URL with another database on it, named after the configured one (`test_x` → `test_x_suffix`). */
export const mariadbDatabaseUrl = (suffix: string): string => renamedDatabaseUrl(MARIADB_URL.replace(/^mysql:/, "mariadb:"), `_${suffix}`);

const withoutPassword = (url: string) => url.replace(/\/\/([^:@/]*):[^@/]*@/, "//$1:***@");

async function probeMariadb(): Promise<string | null> {
  const closed = await probeTcp(MARIADB_URL, 3306);
  if (closed) return closed;
  try {
    const conn = await serverConnection(MARIADB_URL, { connectTimeout: 2000 });
    await conn.query("SELECT 1");
    await conn.end();
    return null;
  } catch (error) {
    return (error as Error).message || (error as { code?: string }).code || String(error);
  }
}

/** A TCP connection first: a closed port answers at once and leaves no client timers behind. */
function probeTcp(url: string, defaultPort: number): Promise<string | null> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname.replace(/^\[|\]$/g, ""), port: Number(port || defaultPort), timeout: 2000 });
    const done = (problem: string | null) => {
      socket.destroy();
      resolve(problem);
    };
    socket.once("connect", () => done(null));
    socket.once("timeout", () => done(`no answer within 2 s`));
    socket.once("error", (error) => done(error.message));
  });
}

async function probeRedis(): Promise<string | null> {
  const closed = await probeTcp(REDIS_URL, 6379);
  if (closed) return closed;
  const client = new Redis(REDIS_URL, { lazyConnect: true, connectTimeout: 2000, maxRetriesPerRequest: 0, retryStrategy: () => null, enableOfflineQueue: false });
  let cause: string | undefined;
  client.on("error", (error: Error) => (cause ??= error.message));
  try {
    await client.connect();
    await client.ping();
    return null;
  } catch (error) {
    return cause ?? ((error as Error).message || String(error));
  } finally {
    client.disconnect();
  }
}

const SERVICES = {
  mariadb: { name: "MariaDB", url: () => MARIADB_URL, variable: "TEST_MARIADB_URL", probe: probeMariadb },
  redis: { name: "Redis", url: () => REDIS_URL, variable: "TEST_REDIS_URL", probe: probeRedis },
};

export interface ServiceSuite {
  /** Whether the service answered (and the blocks below run). */
  available: boolean;
  describe: (title: string, fn: () => void) => void;
  test: (title: string, fn: () => Promise<unknown>, timeout?: number) => void;
}

/**
 * `describe`/`test` for blocks that need a service: the real ones when it answers; otherwise skipped ones whose
 * title says why (or, with CI=true, an error that fails the suite). Asks the service once per test file.
 */
export async function needs(service: keyof typeof SERVICES): Promise<ServiceSuite> {
  const { name, url, variable, probe } = SERVICES[service];
  let reason: string;
  if (process.env.TEST_SERVICES === "none") reason = `npm run test:unit runs without ${name}`;
  else {
    const problem = await probe();
    if (!problem) return { available: true, describe, test };
    reason = `${name} at ${withoutPassword(url())} did not answer (${problem}); start it or point ${variable} at one`;
    if (isCi()) throw new Error(`This suite needs ${name}, which CI=true requires: ${reason}`);
  }
  const tag = ` ${SKIP_TAG}${reason}]`;
  return {
    available: false,
    describe: (title, fn) => describe.skip(title + tag, fn),
    test: (title, fn, timeout) => test.skip(title + tag, fn, timeout),
  };
}
