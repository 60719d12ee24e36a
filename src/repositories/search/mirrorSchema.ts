// What the search mirror's file holds (mirror.ts), shared with its builder thread (mirrorBuilder.ts): the columns a
// search reads of every article, as the SQLite engine stores them, under exactly the SQLite engine's FTS5 index and
// covering index (the PremiumSearch and ArticleSearchFilter migrations' own statements), so fts5Candidates runs on it
// unchanged.
import { SQLITE_UP as FTS5_INDEX } from "../../migrations/1764800000000-PremiumSearch.js";
import { SEARCH_FILTER_INDEX } from "../../migrations/1764500000000-ArticleSearchFilter.js";
import type Database from "better-sqlite3";
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

/** An open mirror's writes, their statements prepared once per connection rather than once per article. */
export class MirrorWriter {
  private readonly stored: Database.Statement;
  private readonly insert: Database.Statement;
  private readonly remove: Database.Statement;
  private readonly state: Database.Statement;
  private readonly synced: Database.Statement;
  private readonly inOneTransaction: (ids: number[], rows: unknown[][], state: Omit<MirrorState, "feed">) => void;
  /** The UPDATE of each set of changed columns met so far (at most 2^9 of them; a few in practice). */
  private readonly updates = new Map<string, Database.Statement>();

  constructor(private readonly db: Database.Database) {
    this.stored = db.prepare(`SELECT ${MIRROR_COLUMNS.join(", ")} FROM article WHERE id = ?`).raw();
    this.insert = db.prepare(MIRROR_INSERT);
    this.remove = db.prepare("DELETE FROM article WHERE id = ?");
    this.state = db.prepare("UPDATE mirror_state SET seq = ?, gaps = ?, syncedAt = ?");
    this.synced = db.prepare("UPDATE mirror_state SET syncedAt = ?");
    this.inOneTransaction = db.transaction((ids: number[], rows: unknown[][], state: Omit<MirrorState, "feed">) => {
      const found = new Set(rows.map((r) => Number(r[0])));
      for (const id of ids) if (!found.has(id)) this.remove.run(id);
      for (const values of rows) this.upsert(values);
      this.state.run(state.seq, state.gaps, state.syncedAt);
    });
  }

  /** In one transaction: the articles as they are now (`rows`, as storedRow; the other `ids` are gone) and where the
   *  mirror is in the feed. */
  apply(ids: number[], rows: unknown[][], state: Omit<MirrorState, "feed">) {
    this.inOneTransaction(ids, rows, state);
  }

  /** Notes when the feed was last read with nothing new. */
  followed(now: number) {
    this.synced.run(now);
  }

  /**
   * An article as it is now. Only the columns that differ are set: the FTS5 index's triggers fire on an update that
   * names a text column, and re-indexing an article (its old text removed, its new text added, under five prefix
   * indexes) costs 2.5–3 ms at 100,000 articles, where a change of status, time or flags alone costs none of it.
   */
  private upsert(values: unknown[]) {
    const stored = this.stored.get(values[0]) as unknown[] | undefined;
    if (!stored) {
      this.insert.run(values);
      return;
    }
    const changed = MIRROR_COLUMNS.flatMap((_, i) => (values[i] !== stored[i] ? [i] : []));
    if (!changed.length) return;
    const key = changed.join();
    let update = this.updates.get(key);
    if (!update) this.updates.set(key, (update = this.db.prepare(`UPDATE article SET ${changed.map((i) => `${MIRROR_COLUMNS[i]} = ?`).join(", ")} WHERE id = ?`)));
    update.run(...changed.map((i) => values[i]), values[0]);
  }
}
