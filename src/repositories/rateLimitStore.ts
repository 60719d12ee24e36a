// Rate-limit counters kept in the database's `rate_limit` table (without REDIS_URL), so instances that share one
// database share their limits too. rate-limiter-flexible reads and writes the table through the driver's own pool.
import type { RateLimiterAbstract } from "rate-limiter-flexible";
import type { DataSource } from "typeorm";
import { RateLimitPoints } from "../entities/RateLimitPoints.js";
import { isMysqlSource } from "./transaction.js";

const TABLE = "rate_limit";
type Flexible = typeof import("rate-limiter-flexible");

export class RateLimitStore {
  constructor(private readonly ds: DataSource) {}

  /** A limiter of `points` per `duration` seconds counting in the table. */
  limiter(lib: Flexible, name: string, points: number, duration: number): RateLimiterAbstract {
    if (isMysqlSource(this.ds)) {
      // The database named by DATABASE_URL, as the driver parsed it.
      const { pool, database } = this.ds.driver as unknown as { pool: unknown; database: string };
      return new lib.RateLimiterMySQL({ storeClient: pool, storeType: "pool", dbName: database, tableName: TABLE, tableCreated: true, keyPrefix: name, points, duration });
    }
    const db = (this.ds.driver as unknown as { databaseConnection: unknown }).databaseConnection;
    return new lib.RateLimiterSQLite({ storeClient: db, storeType: "better-sqlite3", tableName: TABLE, tableCreated: true, keyPrefix: name, points, duration });
  }

  /** Drops counters that expired before `now` (milliseconds since 1970). */
  async prune(now: number): Promise<void> {
    await this.ds.getRepository(RateLimitPoints).createQueryBuilder().delete().where("expire < :now", { now }).execute();
  }
}
