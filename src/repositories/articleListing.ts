// Helpers that keep the public article lists cheap at any archive size: keyset cursors and a
// cache of the totals (a COUNT over every published article would otherwise run on each list).
import type { DataSource, SelectQueryBuilder } from "typeorm";
import { Article } from "../entities/Article.js";
import { ValidationError } from "../lib/errors.js";
import { toDbDate } from "../lib/time.js";
import { readRows, readThreadsOf } from "./readThreads.js";
import { maxArticleId } from "./sitemapReads.js";
import { isMysqlSource } from "./transaction.js";

/** The opaque token of a position in a newest-first list: the last article's (publishedAt, id). */
export function encodeCursor(publishedAt: Date, id: number): string {
  return Buffer.from(`${new Date(publishedAt).getTime()}.${id}`).toString("base64url");
}

export function decodeCursor(cursor: string): { publishedAt: Date; id: number } {
  const match = /^(\d{1,15})\.(\d{1,10})$/.exec(Buffer.from(cursor, "base64url").toString());
  if (!match) throw new ValidationError("Invalid cursor", [{ path: "cursor", message: "Not a cursor this API gave" }]);
  return { publishedAt: new Date(Number(match[1])), id: Number(match[2]) };
}

/** Above this many articles (the archive's highest id: an upper bound on the rows a count reads, found by one index
 *  lookup) a count goes to a read thread where the data source has them. SQLite counts 100,000 published articles in
 *  5–12 ms and a million in 155–208 ms: below the bound a count holds the event loop about as long as one or two search
 *  pages do (a date-filtered list counts on each request; the other lists' totals come from the tally, countPublished),
 *  and a thread started for it would cost about 9 MB of memory while it runs. */
export const COUNT_ON_THREAD_ROWS = 200_000;

/** How many articles a query selects: on a read thread when the data source has them and the archive is large (on
 *  SQLite a count of a million published articles takes 155–208 ms, which would hold the event loop). */
export async function countArticles(ds: DataSource, qb: SelectQueryBuilder<Article>): Promise<number> {
  const [sql, params] = qb.clone().select("COUNT(*)", "n").orderBy().getQueryAndParameters();
  const [row] = (await archiveIsLarge(ds)) ? await readRows<{ n: number | string }>(ds, sql, params) : await ds.query(sql, params);
  return Number(row?.n ?? 0);
}

/** SQLite: articles by status, category and breaking flag, kept by triggers (migration ArticleTally); not dumped by
 *  a backup (a restore's rows refill it). */
export const ARTICLE_TALLY = "article_tally";

/**
 * How many published articles a list without a date filter has (the category and breaking flag optional): on SQLite,
 * the tally's rows less the published articles not out yet (scheduled: few, found by the status index), so the total
 * costs the same at any archive size (at 1,000,000 articles a count took 50–200 ms warm, 0.6–1.1 s cold); elsewhere
 * `count`. Either way the total the list's own query would count.
 */
export async function countPublished(ds: DataSource, filters: { category?: string; breaking?: boolean }, now: Date, count: () => Promise<number>): Promise<number> {
  if (isMysqlSource(ds)) return count();
  const where = [["category", filters.category], ["isBreaking", filters.breaking === undefined ? undefined : Number(filters.breaking)]].filter(([, v]) => v !== undefined) as [string, unknown][];
  const and = where.map(([column]) => ` AND ${column} = ?`).join("");
  const values = where.map(([, v]) => v);
  const [row]: { n: number }[] = await ds.query(
    `SELECT (SELECT COALESCE(SUM(n), 0) FROM ${ARTICLE_TALLY} WHERE status = 'published'${and})` +
      ` - (SELECT COUNT(*) FROM article WHERE status = 'published' AND publishedAt > ?${and})` +
      ` - (SELECT COUNT(*) FROM article WHERE status = 'published' AND publishedAt IS NULL${and}) AS n`,
    [...values, toDbDate(now), ...values, ...values],
  );
  return Number(row.n);
}

const archiveIsLarge = async (ds: DataSource) => Boolean(readThreadsOf(ds)) && (await maxArticleId(ds)) > COUNT_ON_THREAD_ROWS;

/** How long a cached total may be used at most (another instance may have changed articles). */
export const COUNT_CACHE_MAX_AGE_MS = 60_000;

/**
 * Totals of published-article lists by filter. Dropped by `clear()` on every article change made
 * through this process, when the next scheduled article goes live (its time bounds the cache's
 * life) and after COUNT_CACHE_MAX_AGE_MS at most.
 */
export class PublishedCountCache {
  private readonly totals = new Map<string, number>();
  private validUntil = 0;
  private generation = 0;

  constructor(private readonly ds: DataSource) {}

  clear() {
    this.totals.clear();
    this.validUntil = 0;
    this.generation++;
  }

  async get(key: string, now: Date, count: () => Promise<number>): Promise<number> {
    const generation = this.generation;
    if (now.getTime() >= this.validUntil) {
      const next = await this.nextScheduled(now);
      if (generation !== this.generation) return count();
      this.totals.clear();
      this.validUntil = Math.min(now.getTime() + COUNT_CACHE_MAX_AGE_MS, next?.getTime() ?? Infinity);
    }
    const cached = this.totals.get(key);
    if (cached !== undefined) return cached;
    const total = await count();
    // A change that landed while counting makes this total possibly stale: do not keep it.
    if (generation === this.generation) this.totals.set(key, total);
    return total;
  }

  /** The publication time of the next scheduled article (one index lookup). */
  private async nextScheduled(now: Date): Promise<Date | null> {
    const row: { next: string | Date | null } | undefined = await this.ds
      .getRepository(Article)
      .createQueryBuilder("a")
      .select("MIN(a.publishedAt)", "next")
      .where("a.status = :published", { published: "published" })
      .andWhere("a.publishedAt > :now", { now: toDbDate(now) })
      .getRawOne();
    if (!row?.next) return null;
    return row.next instanceof Date ? row.next : new Date(String(row.next).replace(" ", "T") + "Z");
  }
}
