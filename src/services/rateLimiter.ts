import type { DataSource } from "typeorm";
import { RateLimitCounter } from "../entities/RateLimitCounter.js";
import { isMysqlSource } from "../db.js";
import { RateLimitError } from "../lib/errors.js";
import { sha256 } from "../lib/password.js";
import { MINUTE, toDbDate } from "../lib/time.js";

const LOGIN_WINDOW = 15 * MINUTE;
const FIRST_LOCKOUT = 30_000;

/** Fixed-window counters in the database, so limits hold across app instances. Keys hold a hash of the client, never its address. */
export class RateLimiter {
  constructor(private readonly ds: DataSource) {}

  private key(scope: string, client: string) {
    return `${scope}:${sha256(client).slice(0, 40)}`;
  }

  /** Counts one hit in the window atomically and returns the count and the window's end. */
  private async increment(key: string, windowMs: number, by = 1): Promise<RateLimitCounter> {
    const now = new Date();
    const nowDb = toDbDate(now);
    const resetAt = toDbDate(new Date(now.getTime() + windowMs));
    if (isMysqlSource(this.ds)) {
      await this.ds.query(
        "INSERT INTO rate_limit_counter (`key`, hits, resetAt) VALUES (?, ?, ?) ON DUPLICATE KEY UPDATE " +
          "hits = IF(resetAt <= ?, ?, hits + ?), blockedUntil = IF(resetAt <= ?, NULL, blockedUntil), resetAt = IF(resetAt <= ?, VALUES(resetAt), resetAt)",
        [key, by, resetAt, nowDb, by, by, nowDb, nowDb],
      );
    } else {
      await this.ds.query(
        'INSERT INTO rate_limit_counter ("key", hits, resetAt) VALUES (?, ?, ?) ON CONFLICT("key") DO UPDATE SET ' +
          "hits = CASE WHEN resetAt <= ? THEN excluded.hits ELSE hits + excluded.hits END, blockedUntil = CASE WHEN resetAt <= ? THEN NULL ELSE blockedUntil END, " +
          "resetAt = CASE WHEN resetAt <= ? THEN excluded.resetAt ELSE resetAt END",
        [key, by, resetAt, nowDb, nowDb, nowDb],
      );
    }
    return (await this.ds.getRepository(RateLimitCounter).findOneBy({ key }))!;
  }

  /** Throws RateLimitError when the client made more than `limit` requests in the window. */
  async consume(scope: string, client: string, limit: number, windowMs = MINUTE): Promise<void> {
    const counter = await this.increment(this.key(scope, client), windowMs);
    if (counter.hits > limit) throw new RateLimitError(secondsUntil(counter.resetAt));
  }

  /**
   * Reserves one login attempt for `key` before the password is checked, atomically: the attempt
   * that reaches `limit` failures sets the block in the same statement, so attempts already in
   * flight cannot slip past it. Past the limit each further failure doubles the wait (30 s up to
   * 15 minutes, never permanent). Throws RateLimitError while blocked.
   */
  async reserveLoginAttempt(scope: string, client: string, limit: number): Promise<string> {
    const key = this.key(scope, client);
    // Opens (or restarts) the 15-minute window without counting anything.
    const counter = await this.increment(key, LOGIN_WINDOW, 0);
    const now = new Date();
    const wait = Math.min(LOGIN_WINDOW, FIRST_LOCKOUT * 2 ** Math.max(0, counter.hits + 1 - limit));
    const runner = this.ds.createQueryRunner();
    try {
      // blockedUntil is assigned first: MySQL evaluates SET left to right, SQLite with the old row; both see the old hits.
      const result = await runner.query(
        "UPDATE rate_limit_counter SET blockedUntil = CASE WHEN hits + 1 >= ? THEN ? ELSE blockedUntil END, hits = hits + 1 " +
          `WHERE ${this.keyColumn()} = ? AND (blockedUntil IS NULL OR blockedUntil <= ?)`,
        [limit, toDbDate(new Date(now.getTime() + wait)), key, toDbDate(now)],
        true,
      );
      if (result.affected) return key;
    } finally {
      await runner.release();
    }
    const blocked = await this.ds.getRepository(RateLimitCounter).findOneBy({ key });
    throw new RateLimitError(secondsUntil(blocked?.blockedUntil ?? new Date(now.getTime() + FIRST_LOCKOUT)));
  }

  /**
   * Gives back a reserved attempt that turned out to be a successful login: successes are not
   * counted, earlier failures stay, and a block that only this attempt's reservation caused is lifted.
   */
  async releaseLoginAttempt(key: string, limit: number): Promise<void> {
    await this.ds.query(
      "UPDATE rate_limit_counter SET blockedUntil = CASE WHEN hits - 1 < ? THEN NULL ELSE blockedUntil END, hits = CASE WHEN hits > 0 THEN hits - 1 ELSE 0 END " +
        `WHERE ${this.keyColumn()} = ?`,
      [limit, key],
    );
  }

  private keyColumn() {
    return isMysqlSource(this.ds) ? "`key`" : '"key"';
  }

  /** Drops expired counters. */
  async prune(): Promise<void> {
    await this.ds
      .getRepository(RateLimitCounter)
      .createQueryBuilder()
      .delete()
      .where("resetAt < :now AND (blockedUntil IS NULL OR blockedUntil < :now)", { now: toDbDate(new Date()) })
      .execute();
  }
}

const secondsUntil = (date: Date) => Math.max(1, Math.ceil((new Date(date).getTime() - Date.now()) / 1000));
