// What the search mirror's file holds (mirror.ts), shared with its builder thread (mirrorBuilder.ts): the columns a
// search reads of every article, as the SQLite engine stores them, under exactly the SQLite engine's FTS5 index and
// covering index (the PremiumSearch and ArticleSearchFilter migrations' own statements), so fts5Candidates runs on it
// unchanged.
import { SQLITE_UP as FTS5_INDEX } from "../../migrations/1764800000000-PremiumSearch.js";
import { SEARCH_FILTER_INDEX } from "../../migrations/1764500000000-ArticleSearchFilter.js";
import { toDbDate } from "../../lib/time.js";

/** What the file holds and how: a mirror of another version is built again. */
export const MIRROR_VERSION = 1;

export const MIRROR_COLUMNS = ["id", "status", "publishedAt", "category", "isBreaking", "isPremium", "title", "excerpt", "content", "previewContent"] as const;
export type MirrorRow = Record<(typeof MIRROR_COLUMNS)[number], unknown>;

export const MIRROR_TABLES = [
  "CREATE TABLE article (id INTEGER PRIMARY KEY, status varchar, publishedAt datetime, category varchar, isBreaking boolean, isPremium boolean, title varchar, excerpt text, content text, previewContent text)",
  "CREATE TABLE mirror_state (id INTEGER PRIMARY KEY CHECK (id = 1), seq INTEGER NOT NULL, gaps TEXT NOT NULL, syncedAt INTEGER NOT NULL, feed TEXT NOT NULL)",
];
/** Where the mirror is in the feed: the last change applied, the numbers still missing below it (JSON of [from, to,
 *  first seen ms]), when the feed was last read (ms) and which feed it is (mirror.ts). */
export interface MirrorState {
  seq: number;
  gaps: string;
  syncedAt: number;
  feed: string;
}
/** Built over the rows in place (the migration ends with FTS5's 'rebuild'), with the triggers that keep it in step. */
export const MIRROR_INDEXES = [...FTS5_INDEX, SEARCH_FILTER_INDEX];
export const MIRROR_INSERT = `INSERT INTO article (${MIRROR_COLUMNS.join(", ")}) VALUES (${MIRROR_COLUMNS.map(() => "?").join(", ")})`;

/** A row of MariaDB's as SQLite stores it (TypeORM's forms: dates as UTC text, booleans as 0/1). */
export const storedRow = (r: MirrorRow): unknown[] =>
  MIRROR_COLUMNS.map((c) => {
    const v = r[c];
    if (v instanceof Date) return toDbDate(v);
    if (typeof v === "boolean") return v ? 1 : 0;
    return v ?? null;
  });
