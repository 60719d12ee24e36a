// The audience's writes: raw events appended, and the daily roll-ups (per path, per visitor) whose counters a
// batch adds to, all in the caller's transaction. The figures read from them live in audienceFigures.ts.
import type { DataSource } from "typeorm";
import { Article } from "../entities/Article.js";
import { AudienceEvent } from "../entities/AudienceEvent.js";
import { AudiencePageDay } from "../entities/AudiencePageDay.js";
import { AudienceVisitorDay } from "../entities/AudienceVisitorDay.js";
import { toDbDate } from "../lib/time.js";
import { isMysqlSource, managerOf, type Tx } from "./transaction.js";

/** Rows per statement (well under either database's limit on bound values). */
const CHUNK = 400;

/** `(?,…,?),(?,…,?)`: placeholders for `rows` rows of `columns` values each (a multi-row VALUES list). */
const valueRows = (rows: number, columns: number) => Array(rows).fill("(" + Array(columns).fill("?").join(",") + ")").join(",");

/** Adds a batch's sums to the stored roll-up counters, per dialect (TypeORM's upsert can only overwrite). */
const UPSERT = {
  mysql: {
    pageDay: {
      head: "INSERT INTO audience_page_day (day, path, articleId, views, shares, searchViews, socialViews, entries, engagedEntries) VALUES ",
      tail:
        " ON DUPLICATE KEY UPDATE articleId = COALESCE(articleId, VALUES(articleId)), views = views + VALUES(views), shares = shares + VALUES(shares), " +
        "searchViews = searchViews + VALUES(searchViews), socialViews = socialViews + VALUES(socialViews), entries = entries + VALUES(entries), engagedEntries = engagedEntries + VALUES(engagedEntries)",
    },
    visitorDay: {
      head: "INSERT INTO audience_visitor_day (day, visitorHash, views, entryPath, entryArticleId) VALUES ",
      tail: " ON DUPLICATE KEY UPDATE views = views + VALUES(views)",
    },
  },
  sqlite: {
    pageDay: {
      head: "INSERT INTO audience_page_day (day, path, articleId, views, shares, searchViews, socialViews, entries, engagedEntries) VALUES ",
      tail:
        " ON CONFLICT(day, path) DO UPDATE SET articleId = COALESCE(articleId, excluded.articleId), views = views + excluded.views, shares = shares + excluded.shares, " +
        "searchViews = searchViews + excluded.searchViews, socialViews = socialViews + excluded.socialViews, entries = entries + excluded.entries, engagedEntries = engagedEntries + excluded.engagedEntries",
    },
    visitorDay: {
      head: "INSERT INTO audience_visitor_day (day, visitorHash, views, entryPath, entryArticleId) VALUES ",
      tail: " ON CONFLICT(day, visitorHash) DO UPDATE SET views = views + excluded.views",
    },
  },
};

export type AudienceEventRow = Pick<AudienceEvent, "type" | "occurredAt" | "day" | "path" | "articleId" | "referrerDomain" | "network" | "visitorHash">;
/** What a batch adds to one path's day. */
export interface PageDaySum {
  day: string;
  path: string;
  articleId: number | null;
  views: number;
  shares: number;
  search: number;
  social: number;
  entries: number;
  engaged: number;
}
/** What a batch adds to one visitor's day (its entry page counts when the row is new). */
export interface VisitorDaySum {
  day: string;
  hash: string;
  views: number;
  entryPath: string;
  entryArticleId: number | null;
}
export type StoredVisitorDay = Pick<VisitorDaySum, "views" | "entryPath" | "entryArticleId">;

/** Runs `read` over `values` in chunks of CHUNK. */
async function inChunks<T>(values: string[], read: (chunk: string[]) => Promise<T[]>): Promise<T[]> {
  const all: T[] = [];
  for (let i = 0; i < values.length; i += CHUNK) all.push(...(await read(values.slice(i, i + CHUNK))));
  return all;
}

export class AudienceRepository {
  constructor(private readonly ds: DataSource) {}

  /** The ids of the published articles with these slugs, by slug. */
  async publishedIdsBySlug(tx: Tx, slugs: string[]): Promise<Map<string, number>> {
    const m = managerOf(this.ds, tx);
    const found = await inChunks(slugs, (chunk) =>
      m
        .createQueryBuilder()
        .from(Article, "a")
        .select("a.id", "id")
        .addSelect("a.slug", "slug")
        .where("a.status = 'published' AND a.publishedAt <= :now AND a.slug IN (:...slugs)", { now: toDbDate(new Date()), slugs: chunk })
        .getRawMany<{ id: number; slug: string }>(),
    );
    return new Map(found.map((f) => [f.slug, Number(f.id)]));
  }

  /** Distinct paths recorded on the day. */
  async pathCount(tx: Tx, day: string): Promise<number> {
    const [{ n }] = await managerOf(this.ds, tx).query("SELECT COUNT(*) n FROM audience_page_day WHERE day = ?", [day]);
    return Number(n);
  }

  /** Which of these paths are recorded on the day already. */
  async knownPaths(tx: Tx, day: string, paths: string[]): Promise<Set<string>> {
    const m = managerOf(this.ds, tx);
    const found = await inChunks(paths, (chunk) =>
      m.createQueryBuilder().from(AudiencePageDay, "p").select("p.path", "path").where("p.day = :day AND p.path IN (:...paths)", { day, paths: chunk }).getRawMany<{ path: string }>(),
    );
    return new Set(found.map((f) => f.path));
  }

  /** The stored visitor-days of these hashes on the day, by hash. */
  async visitorDays(tx: Tx, day: string, hashes: string[]): Promise<Map<string, StoredVisitorDay>> {
    const m = managerOf(this.ds, tx);
    const found = await inChunks(hashes, (chunk) =>
      m
        .createQueryBuilder()
        .from(AudienceVisitorDay, "v")
        .select("v.visitorHash", "visitorHash")
        .addSelect("v.views", "views")
        .addSelect("v.entryPath", "entryPath")
        .addSelect("v.entryArticleId", "entryArticleId")
        .where("v.day = :day AND v.visitorHash IN (:...hashes)", { day, hashes: chunk })
        .getRawMany<{ visitorHash: string; views: number | string; entryPath: string; entryArticleId: number | null }>(),
    );
    return new Map(found.map((f) => [f.visitorHash, { views: Number(f.views), entryPath: f.entryPath, entryArticleId: f.entryArticleId }]));
  }

  async appendEvents(tx: Tx, rows: AudienceEventRow[]): Promise<void> {
    const m = managerOf(this.ds, tx);
    for (let i = 0; i < rows.length; i += CHUNK) {
      const chunk = rows.slice(i, i + CHUNK);
      await m
        .createQueryBuilder()
        .insert()
        .into(AudienceEvent)
        .values(chunk.map((r) => ({ type: r.type, occurredAt: r.occurredAt, day: r.day, path: r.path, articleId: r.articleId, referrerDomain: r.referrerDomain, network: r.network, visitorHash: r.visitorHash })))
        .updateEntity(false)
        .execute();
    }
  }

  /** Adds the sums to the stored roll-up counters (rows created when new). */
  async addRollups(tx: Tx, pages: PageDaySum[], visitors: VisitorDaySum[]): Promise<void> {
    const m = managerOf(this.ds, tx);
    const upsert = isMysqlSource(this.ds) ? UPSERT.mysql : UPSERT.sqlite;
    for (let i = 0; i < pages.length; i += CHUNK) {
      const chunk = pages.slice(i, i + CHUNK);
      await m.query(
        upsert.pageDay.head + valueRows(chunk.length, 9) + upsert.pageDay.tail,
        chunk.flatMap((p) => [p.day, p.path, p.articleId, p.views, p.shares, p.search, p.social, p.entries, p.engaged]),
      );
    }
    for (let i = 0; i < visitors.length; i += CHUNK) {
      const chunk = visitors.slice(i, i + CHUNK);
      await m.query(upsert.visitorDay.head + valueRows(chunk.length, 5) + upsert.visitorDay.tail, chunk.flatMap((v) => [v.day, v.hash, v.views, v.entryPath, v.entryArticleId]));
    }
  }

  /** Drops raw events that occurred before `eventsBefore`, page-days before `pageDaysBefore`, visitor-days before `visitorDaysBefore`. */
  async prune(eventsBefore: Date, pageDaysBefore: string, visitorDaysBefore: string): Promise<void> {
    await this.ds.query("DELETE FROM audience_event WHERE occurredAt < ?", [toDbDate(eventsBefore)]);
    await this.ds.query("DELETE FROM audience_page_day WHERE day < ?", [pageDaysBefore]);
    await this.ds.query("DELETE FROM audience_visitor_day WHERE day < ?", [visitorDaysBefore]);
  }
}
