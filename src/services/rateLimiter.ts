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
  private async increment(key: string, windowMs: number): Promise<RateLimitCounter> {
    const now = new Date();
    const nowDb = toDbDate(now);
    const resetAt = toDbDate(new Date(now.getTime() + windowMs));
    if (isMysqlSource(this.ds)) {
      await this.ds.query(
        "INSERT INTO rate_limit_counter (`key`, hits, resetAt) VALUES (?, 1, ?) ON DUPLICATE KEY UPDATE " +
          "hits = IF(resetAt <= ?, 1, hits + 1), blockedUntil = IF(resetAt <= ?, NULL, blockedUntil), resetAt = IF(resetAt <= ?, VALUES(resetAt), resetAt)",
        [key, resetAt, nowDb, nowDb, nowDb],
      );
    } else {
      await this.ds.query(
        'INSERT INTO rate_limit_counter ("key", hits, resetAt) VALUES (?, 1, ?) ON CONFLICT("key") DO UPDATE SET ' +
          "hits = CASE WHEN resetAt <= ? THEN 1 ELSE hits + 1 END, blockedUntil = CASE WHEN resetAt <= ? THEN NULL ELSE blockedUntil END, " +
          "resetAt = CASE WHEN resetAt <= ? THEN excluded.resetAt ELSE resetAt END",
        [key, resetAt, nowDb, nowDb, nowDb],
      );
    }
    return (await this.ds.getRepository(RateLimitCounter).findOneBy({ key }))!;
  }

  /** Throws RateLimitError when the client made more than `limit` requests in the window. */
  async consume(scope: string, client: string, limit: number, windowMs = MINUTE): Promise<void> {
    const counter = await this.increment(this.key(scope, client), windowMs);
    if (counter.hits > limit) throw new RateLimitError(secondsUntil(counter.resetAt));
  }

  /** Throws while a client that failed too many logins must wait. */
  async assertLoginAllowed(client: string): Promise<void> {
    const counter = await this.ds.getRepository(RateLimitCounter).findOneBy({ key: this.key("login", client) });
    if (counter?.blockedUntil && counter.blockedUntil.getTime() > Date.now()) throw new RateLimitError(secondsUntil(counter.blockedUntil));
  }

  /** Records a failed login; past `limit` failures in 15 minutes the wait doubles with every further failure, up to 15 minutes. */
  async recordLoginFailure(client: string, limit: number): Promise<void> {
    const key = this.key("login", client);
    const counter = await this.increment(key, LOGIN_WINDOW);
    if (counter.hits < limit) return;
    const wait = Math.min(LOGIN_WINDOW, FIRST_LOCKOUT * 2 ** (counter.hits - limit));
    await this.ds.getRepository(RateLimitCounter).update({ key }, { blockedUntil: new Date(Date.now() + wait) });
  }

  async clearLoginFailures(client: string): Promise<void> {
    await this.ds.getRepository(RateLimitCounter).delete({ key: this.key("login", client) });
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
