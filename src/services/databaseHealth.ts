// Knows whether the database is reachable. A connection failure marks it down; while down, requests that
// need it are answered 503 at once (cached pages still go out) and a probe retries with growing waits
// (250 ms up to 2 s), so service is back within seconds of the database returning.
import type { DatabaseStatus } from "../repositories/databaseStatus.js";

const CONNECTION_CODES = new Set([
  "ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EHOSTUNREACH", "ENETUNREACH", "EPIPE", "ENOTFOUND", "EAI_AGAIN",
  "PROTOCOL_CONNECTION_LOST", "PROTOCOL_SEQUENCE_TIMEOUT", "ER_CON_COUNT_ERROR", "ER_SERVER_SHUTDOWN", "POOL_CLOSED",
  "SQLITE_BUSY", "SQLITE_CANTOPEN", "SQLITE_IOERR",
]);
const CONNECTION_MESSAGE = /connection (is )?(lost|closed)|can't add new command when connection is in closed state|pool is closed|connect ETIMEDOUT|too many connections/i;

/** Raised where a failure is already known to come from an unreachable database (a page whose data could not be read). */
export class DatabaseUnavailableError extends Error {}

/** True when an error (or one it wraps) says the database could not be reached, as opposed to a bad query. */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (error instanceof DatabaseUnavailableError) return true;
  if (!error || typeof error !== "object" || depth > 5) return false;
  const e = error as { code?: unknown; errno?: unknown; message?: unknown; driverError?: unknown; cause?: unknown };
  if (typeof e.code === "string" && CONNECTION_CODES.has(e.code)) return true;
  if (typeof e.message === "string" && CONNECTION_MESSAGE.test(e.message)) return true;
  return isDatabaseUnavailable(e.driverError, depth + 1) || isDatabaseUnavailable(e.cause, depth + 1);
}

export const RETRY_AFTER_SECONDS = 5;
const FIRST_WAIT_MS = 250;
const MAX_WAIT_MS = 2000;

export class DatabaseHealth {
  private down = false;
  private probing: NodeJS.Timeout | undefined;
  private stopped = false;

  constructor(
    private readonly database: Pick<DatabaseStatus, "ping">,
    private readonly log: (message: string) => void,
  ) {}

  get isDown() {
    return this.down;
  }

  /** Looks at a failure: a connection failure marks the database down and starts the probe. Returns whether it was one. */
  noteError(error: unknown): boolean {
    if (!isDatabaseUnavailable(error)) return false;
    if (!this.down && !this.stopped) {
      this.down = true;
      this.log("[database] unreachable: answering 503 until it is back");
      this.schedule(FIRST_WAIT_MS);
    }
    return true;
  }

  /** Whether the database answers a trivial query now. */
  async ping(): Promise<boolean> {
    try {
      await this.database.ping();
      return true;
    } catch (error) {
      this.noteError(error);
      return false;
    }
  }

  /** How long a trivial query takes now, in milliseconds (one decimal); null when the database does not answer. */
  async latencyMs(): Promise<number | null> {
    const started = performance.now();
    return (await this.ping()) ? Math.round((performance.now() - started) * 10) / 10 : null;
  }

  private schedule(wait: number) {
    this.probing = setTimeout(async () => {
      if (this.stopped) return;
      try {
        await this.database.ping();
        this.down = false;
        this.log("[database] reachable again");
      } catch {
        this.schedule(Math.min(MAX_WAIT_MS, wait * 2));
      }
    }, wait);
    this.probing.unref();
  }

  stop() {
    this.stopped = true;
    clearTimeout(this.probing);
  }
}
