// MariaDB/MySQL: each instance's local search mirror. Groonga (Mroonga) reads a word's whole posting list on every
// search, about 13 ms of the server's CPU at 100,000 articles, which caps the search page well under its target on two
// cores; SQLite's FTS5 walks the newest matches only and stops. So each instance keeps a local SQLite file
// (DATA_DIR/search-mirror.sqlite) holding the columns a search reads of every article, with exactly the FTS5 index and
// covering index of the SQLite engine (the PremiumSearch and ArticleSearchFilter migrations), and searches it with that
// engine's code on read threads (fts5Candidates, ../readThreads.ts); MariaDB serves only the cards.
//
// It follows `search_change` (changeFeed.ts): before each search it reads the changes past the last one it applied
// (one round trip, shared by the searches arriving meanwhile) and applies them first, so a search right after a save
// on any instance finds it. A change's sequence number is taken when its row is written and seen when its transaction
// commits, so a lower number can appear after a higher one: numbers missing below the newest applied are kept as
// gaps and read again until GAP_MS has passed (a rolled-back write leaves its number missing for good).
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import type { DataSource } from "typeorm";
import { SQLITE_UP as FTS5_INDEX } from "../../migrations/1764800000000-PremiumSearch.js";
import { SEARCH_FILTER_INDEX } from "../../migrations/1764500000000-ArticleSearchFilter.js";
import { toDbDate } from "../../lib/time.js";
import { ReadThreads } from "../readThreads.js";
import { prepareSqliteConnection } from "../sqlitePragmas.js";
import type { SearchFilters } from "./articleFilters.js";
import { CHANGE_TABLE } from "./changeFeed.js";
import type { SearchTerm } from "./terms.js";

/** What the file holds and how: a mirror of another version is built again. */
export const MIRROR_VERSION = 1;
export const MIRROR_FILE = "search-mirror.sqlite";
/** Articles read per statement when building, and changes per statement when following. */
const BUILD_BATCH = 1_000;
const CHANGE_BATCH = 1_000;
/** How long a missing change number is looked for: longer than any write transaction (an import's included). */
export const GAP_MS = 10 * 60_000;

const COLUMNS = ["id", "status", "publishedAt", "category", "isBreaking", "isPremium", "title", "excerpt", "content", "previewContent"];
const CREATE = [
  "CREATE TABLE article (id INTEGER PRIMARY KEY, status varchar, publishedAt datetime, category varchar, isBreaking boolean, isPremium boolean, title varchar, excerpt text, content text, previewContent text)",
  /** The last change applied, the numbers still missing below it ([from, to, first seen ms]) and when the feed was last read. */
  "CREATE TABLE mirror_state (id INTEGER PRIMARY KEY CHECK (id = 1), seq INTEGER NOT NULL, gaps TEXT NOT NULL, syncedAt INTEGER NOT NULL)",
];
const INSERT = `INSERT INTO article (${COLUMNS.join(", ")}) VALUES (${COLUMNS.map(() => "?").join(", ")})`;
const SELECT = `SELECT ${COLUMNS.map((c) => `a.${c} AS ${c}`).join(", ")} FROM article a`;

type ArticleRow = Record<(typeof COLUMNS)[number], unknown>;
/** A range of change numbers not seen yet, and when it was first missed. */
type Gap = [from: number, to: number, since: number];

/** A row as SQLite stores it (TypeORM's forms: dates as UTC text, booleans as 0/1). */
const stored = (r: ArticleRow): unknown[] =>
  COLUMNS.map((c) => {
    const v = r[c];
    if (v instanceof Date) return toDbDate(v);
    if (typeof v === "boolean") return v ? 1 : 0;
    return v ?? null;
  });

export class SearchMirror {
  private db?: Database.Database;
  private threads?: ReadThreads;
  private seq = 0;
  private gaps: Gap[] = [];
  private running?: Promise<void>;
  private queued?: Promise<void>;

  constructor(
    private readonly ds: DataSource,
    readonly file: string,
    private readonly threadCount: number,
  ) {}

  /** Whether the mirror is built and answers. */
  get ready() {
    return this.db !== undefined;
  }

  /** Opens the file when it is of this version and was built; false when it must be built. */
  open(): boolean {
    if (!fs.existsSync(this.file)) return false;
    const db = new Database(this.file);
    try {
      const state = db.pragma("user_version", { simple: true }) === MIRROR_VERSION ? (db.prepare("SELECT seq, gaps FROM mirror_state").get() as { seq: number; gaps: string } | undefined) : undefined;
      if (!state) {
        db.close();
        return false;
      }
      this.attach(db, state.seq, JSON.parse(state.gaps) as Gap[]);
      return true;
    } catch (err) {
      db.close();
      throw err;
    }
  }

  /** Builds the file afresh from `article` (beside it, then moved in place), then follows the feed from where the build started. */
  async build(): Promise<void> {
    const building = `${this.file}.building`;
    fs.mkdirSync(path.dirname(this.file), { recursive: true });
    fs.rmSync(building, { force: true });
    // The build starts CHANGE_BATCH changes back: writes in flight meanwhile are applied again once it is in (reading
    // an article twice changes nothing).
    const [{ top }]: { top: number | string | null }[] = await this.ds.query(`SELECT MAX(seq) AS top FROM ${CHANGE_TABLE}`);
    const from = Math.max(0, Number(top ?? 0) - CHANGE_BATCH);
    const db = new Database(building);
    db.pragma("journal_mode = WAL");
    for (const statement of CREATE) db.exec(statement);
    const insert = db.prepare(INSERT);
    const insertAll = db.transaction((rows: ArticleRow[]) => rows.forEach((r) => insert.run(stored(r))));
    for (let after = 0; ; ) {
      const rows: ArticleRow[] = await this.ds.query(`${SELECT} WHERE a.id > ? ORDER BY a.id LIMIT ${BUILD_BATCH}`, [after]);
      if (!rows.length) break;
      insertAll(rows);
      after = Number(rows.at(-1)!.id);
    }
    // The index over the rows in place ('rebuild' at the end of the migration's statements), and its triggers.
    for (const statement of [...FTS5_INDEX, SEARCH_FILTER_INDEX]) db.exec(statement);
    db.prepare("INSERT INTO mirror_state (id, seq, gaps, syncedAt) VALUES (1, ?, '[]', ?)").run(from, Date.now());
    db.pragma(`user_version = ${MIRROR_VERSION}`);
    db.close();
    await this.close();
    fs.renameSync(building, this.file);
    if (!this.open()) throw new Error("search mirror: the file just built does not open");
    await this.sync();
  }

  /** The ids of fts5Candidates in their order, from the mirror brought up to date first. */
  async ids(terms: SearchTerm[], filters: SearchFilters): Promise<number[]> {
    await this.sync();
    return this.threads!.ids(terms, filters);
  }

  /** Applies every change committed before this call. The searches arriving while one sync reads share the next one. */
  sync(): Promise<void> {
    if (!this.running) return this.start();
    return (this.queued ??= this.running.then(
      () => {
        this.queued = undefined;
        return this.start();
      },
      () => {
        this.queued = undefined;
        return this.start();
      },
    ));
  }

  async close() {
    await this.threads?.close();
    this.db?.close();
    this.db = this.threads = undefined;
  }

  private attach(db: Database.Database, seq: number, gaps: Gap[]) {
    prepareSqliteConnection(db);
    db.pragma("journal_mode = WAL");
    this.db = db;
    this.seq = seq;
    this.gaps = gaps;
    this.threads = new ReadThreads(this.file, this.threadCount);
  }

  private start(): Promise<void> {
    const run = this.follow().finally(() => (this.running = undefined));
    this.running = run;
    return run;
  }

  /** Reads the feed past the last change applied (and the gaps below it) until it is through. */
  private async follow(): Promise<void> {
    for (;;) {
      const now = Date.now();
      this.gaps = this.gaps.filter(([, , since]) => now - since < GAP_MS);
      const params: number[] = [this.seq, ...this.gaps.flatMap(([from, to]) => [from, to])];
      const changes: { seq: number | string; articleId: number }[] = await this.ds.query(
        `SELECT seq, articleId FROM ${CHANGE_TABLE} WHERE seq > ?${this.gaps.map(() => " OR seq BETWEEN ? AND ?").join("")} ORDER BY seq LIMIT ${CHANGE_BATCH}`,
        params,
      );
      if (!changes.length) return;
      const ids = [...new Set(changes.map((c) => Number(c.articleId)))];
      const rows: ArticleRow[] = await this.ds.query(`${SELECT} WHERE a.id IN (${ids.map(() => "?").join(", ")})`, ids);
      const seqs = changes.map((c) => Number(c.seq));
      this.apply(ids, rows, seqs, now);
      if (changes.length < CHANGE_BATCH) return;
    }
  }

  /** In one transaction: the articles changed as they are now (gone ones removed), the feed's position and its gaps. */
  private apply(ids: number[], rows: ArticleRow[], seqs: number[], now: number) {
    const db = this.db!;
    const top = Math.max(this.seq, seqs.at(-1)!);
    const gaps = missing([...this.gaps, ...(top > this.seq ? [[this.seq + 1, top, now] as Gap] : [])], new Set(seqs));
    db.transaction(() => {
      db.prepare(`DELETE FROM article WHERE id IN (${ids.map(() => "?").join(", ")})`).run(ids);
      const insert = db.prepare(INSERT);
      for (const r of rows) insert.run(stored(r));
      db.prepare("UPDATE mirror_state SET seq = ?, gaps = ?, syncedAt = ?").run(top, JSON.stringify(gaps), now);
    })();
    this.seq = top;
    this.gaps = gaps;
  }
}

/** The ranges less the numbers seen. */
export function missing(ranges: Gap[], seen: Set<number>): Gap[] {
  const out: Gap[] = [];
  for (const [from, to, since] of ranges) {
    let start = from;
    for (let n = from; n <= to + 1; n++) {
      if (n <= to && !seen.has(n)) continue;
      if (n > start) out.push([start, n - 1, since]);
      start = n + 1;
    }
  }
  return out;
}
