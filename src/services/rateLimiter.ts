// Every throttle of the app (logins, comments, sign-ups, partner keys) is a rate-limiter-flexible limiter
// from one factory. With REDIS_URL the counters live in Redis; otherwise in the database's `rate_limit`
// table (MySQL/MariaDB or SQLite), so instances that share one database share their limits too.
import { createRequire } from "node:module";
import type { Redis } from "ioredis";
import type { RateLimiterAbstract, RateLimiterRes } from "rate-limiter-flexible";
import type { RateLimitStore } from "../repositories/rateLimitStore.js";
import { RateLimitError } from "../lib/errors.js";
import { sha256 } from "../lib/password.js";
import { MINUTE } from "../lib/time.js";

type Flexible = typeof import("rate-limiter-flexible");
const flexible = () => createRequire(import.meta.url)("rate-limiter-flexible") as Flexible;

const LOGIN_WINDOW = 15 * MINUTE;
const FIRST_LOCKOUT = 30_000;

export interface LimitState {
  limit: number;
  remaining: number;
  /** Seconds until the window starts again. */
  resetSeconds: number;
  allowed: boolean;
}

/** Builds a limiter of `points` per `durationSeconds` on the shared store. */
export type LimiterFactory = (name: string, points: number, durationSeconds: number) => RateLimiterAbstract;

export function createLimiterFactory(store: RateLimitStore, redis?: { client: Redis; prefix: string }, options: { memoryWithoutRedis?: boolean } = {}): LimiterFactory {
  const lib = flexible();
  return (name, points, duration) => {
    if (!redis && options.memoryWithoutRedis) return new lib.RateLimiterMemory({ keyPrefix: name, points, duration });
    if (redis) {
      // While Redis is unreachable each instance counts in its own memory rather than failing the request.
      const insuranceLimiter = new lib.RateLimiterMemory({ keyPrefix: name, points, duration });
      return new lib.RateLimiterRedis({ storeClient: redis.client, keyPrefix: `${redis.prefix}rl:${name}`, points, duration, insuranceLimiter, rejectIfRedisNotReady: true });
    }
    return store.limiter(lib, name, points, duration);
  };
}

const isLimiterAnswer = (value: unknown): value is RateLimiterRes => typeof value === "object" && value !== null && "msBeforeNext" in value && !(value instanceof Error);
const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/** Consumes one point; over the limit, a RateLimitError with the wait (store failures are thrown as they are). */
export async function consumeOrThrow(limiter: RateLimiterAbstract, key: string): Promise<void> {
  await limiter.consume(key).catch((rejection: unknown) => {
    if (isLimiterAnswer(rejection)) throw new RateLimitError(seconds(rejection.msBeforeNext));
    throw rejection;
  });
}

/** The app's throttles. Keys hold a hash of the client, never its address. */
export class RateLimiter {
  private readonly limiters = new Map<string, RateLimiterAbstract>();

  constructor(
    private readonly store: RateLimitStore,
    private readonly factory: LimiterFactory,
  ) {}

  private limiter(name: string, points: number, windowMs: number) {
    const id = `${name}|${points}|${windowMs}`;
    let limiter = this.limiters.get(id);
    if (!limiter) this.limiters.set(id, (limiter = this.factory(name, points, Math.ceil(windowMs / 1000))));
    return limiter;
  }

  private hash(client: string) {
    return sha256(client).slice(0, 40);
  }

  /** Counts one request in the window and tells where the client stands (never throws for the limit itself). */
  async hit(scope: string, client: string, limit: number, windowMs = MINUTE): Promise<LimitState> {
    const answer = await this.limiter(scope, limit, windowMs)
      .consume(this.hash(client))
      .catch((rejection: unknown) => {
        if (isLimiterAnswer(rejection)) return rejection;
        throw rejection;
      });
    return { limit, remaining: answer.remainingPoints, resetSeconds: seconds(answer.msBeforeNext), allowed: answer.consumedPoints <= limit };
  }

  /** Throws RateLimitError when the client made more than `limit` requests in the window. */
  async consume(scope: string, client: string, limit: number, windowMs = MINUTE): Promise<void> {
    const state = await this.hit(scope, client, limit, windowMs);
    if (!state.allowed) throw new RateLimitError(state.resetSeconds);
  }

  /**
   * Reserves one login attempt for `client` before the password is checked. Attempts are counted over
   * 15 minutes; from the `limit`-th on, each attempt must take the one slot of a block whose length
   * doubles with every further failure (30 s up to 15 minutes, never permanent). Taking the slot is one
   * atomic increment, so attempts already in flight cannot slip past it. Throws RateLimitError while blocked.
   */
  async reserveLoginAttempt(scope: string, client: string, limit: number): Promise<string> {
    const key = this.hash(client);
    const attempts = this.limiter(scope, limit, LOGIN_WINDOW);
    const counted = await attempts.penalty(key, 1);
    if (counted.consumedPoints < limit) return `${scope}:${key}`;
    const slot = this.limiter(`${scope}-block`, 1, LOGIN_WINDOW);
    const taken = await slot.consume(key).catch((rejection: unknown) => {
      if (isLimiterAnswer(rejection)) return rejection;
      throw rejection;
    });
    if (taken.consumedPoints > 1) {
      // Refused attempts are not failures: they do not lengthen the next wait.
      await attempts.reward(key, 1);
      throw new RateLimitError(seconds(taken.msBeforeNext));
    }
    const wait = Math.min(LOGIN_WINDOW, FIRST_LOCKOUT * 2 ** (counted.consumedPoints - limit));
    await slot.block(key, wait / 1000);
    return `${scope}:${key}`;
  }

  /**
   * Gives back a reserved attempt that turned out to be a successful login: successes are not
   * counted, earlier failures stay, and a block that only this attempt's reservation caused is lifted.
   */
  async releaseLoginAttempt(reservation: string, limit: number): Promise<void> {
    const [scope, key] = reservation.split(":");
    const left = await this.limiter(scope, limit, LOGIN_WINDOW).reward(key, 1);
    if (left.consumedPoints < limit) await this.limiter(`${scope}-block`, 1, LOGIN_WINDOW).delete(key);
  }

  /** Drops expired counters from the database store (Redis expires its own). */
  async prune(): Promise<void> {
    await this.store.prune(Date.now());
  }
}
