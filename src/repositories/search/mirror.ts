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
// gaps and read again until GAP_MS has passed (a rolled-back write leaves its number missing for good). The changes
// are written on a thread of the mirror's own (mirrorBuilder.ts), each batch in one transaction with the feed's position
// and gaps; the event loop reads the feed and the rows from MariaDB and waits for the thread's answer.
//
// One instance writes a mirror: it holds the file's lock (LOCK_SUFFIX) for as long as the mirror is open. Two
// instances given one DATA_DIR would otherwise both build and follow the same file; the one that cannot take the lock
// leaves the mirror alone and searches with the server's engine (engine.ts says why, at start and in /readyz).
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import type { DataSource } from "typeorm";
import { startModuleWorker } from "../../lib/moduleWorker.js";
import { RequestWorker } from "../../lib/requestWorker.js";
import { ReadThreads } from "../readThreads.js";
import { prepareSqliteConnection } from "../sqlitePragmas.js";
import type { SearchFilters } from "./articleFilters.js";
import { CHANGES_KEPT_MS, CHANGE_TABLE } from "./changeFeed.js";
import type { BuildMessage, FollowMessage, MirrorThreadData } from "./mirrorBuilder.js";
import { MIRROR_COLUMNS, MIRROR_VERSION, storedRow, type MirrorRow, type MirrorState } from "./mirrorSchema.js";
import type { SearchTerm } from "./terms.js";

export const MIRROR_FILE = "search-mirror.sqlite";
/** Beside the mirror, a SQLite file held in an open exclusive transaction: SQLite's own file locks make a second
 *  holder fail at once, in this process or another, and the system releases them when the holder exits or dies, so no
 *  lock outlives its instance. */
const LOCK_SUFFIX = ".lock";
/** Articles read per statement when building, and changes per statement when following (each statement's changes are
 *  applied by the writer thread in one transaction: 200 re-indexed articles take it 0.5–1 s, a status change alone
 *  much less). */
const BUILD_BATCH = 200;
const CHANGE_BATCH = 200;
/** How many changes before its start a build applies again once in. */
const BUILD_REPLAY = 1_000;
/** How long a missing change number is looked for: longer than any write transaction (an import's included). */
export const GAP_MS = 10 * 60_000;
/** How long a search waits for the changes before it (a save: a few ms; 200 re-indexed articles: 0.5–1 s); past it
 *  the server's engine, which sees every committed write, answers it and the next ones until the backlog is through. */
export const SYNC_WAIT_MS = 500;
/** The builder's and the writer's heap: one batch of rows (a few MB) at a time. */
const BUILDER_HEAP = { maxOldGenerationSizeMb: 16, maxYoungGenerationSizeMb: 2 };

const SELECT = `SELECT ${MIRROR_COLUMNS.map((c) => `a.${c} AS ${c}`).join(", ")} FROM article a`;

/** A range of change numbers not seen yet, and when it was first missed. */
type Gap = [from: number, to: number, since: number];
/** A mirror last followed longer ago than this may have missed changes pruned since (CHANGES_KEPT_MS): it is built again. */
const FOLLOW_WITHIN_MS = CHANGES_KEPT_MS / 2;

/** Which feed a mirror follows: the server, the database and when its feed table was made (a database dropped and
 *  made again, or restored elsewhere, numbers its changes afresh). */
async function feedOf(ds: DataSource): Promise<string> {
  const [row]: { host: string; port: number; db: string; made: Date | string | null }[] = await ds.query(
    "SELECT @@hostname AS host, @@port AS port, DATABASE() AS db, CREATE_TIME AS made FROM information_schema.TABLES WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = ?",
    [CHANGE_TABLE],
  );
  if (!row) throw new Error(`search mirror: this database has no ${CHANGE_TABLE} (its migration has not run)`);
  return `${row.host}:${row.port}/${row.db} ${row.made instanceof Date ? row.made.toISOString() : String(row.made)}`;
}

/** A thread of mirrorBuilder.ts, answering its messages in turn (RequestWorker). */
function startMirrorThread(data: MirrorThreadData) {
  const worker = startModuleWorker(import.meta.url, "mirrorBuilder", data, BUILDER_HEAP);
  return new RequestWorker<BuildMessage | FollowMessage>(worker, "search mirror: its thread");
}
type MirrorThread = RequestWorker<BuildMessage | FollowMessage>;

/** One sync, shared by the searches that arrived before it started (since: the first one's time): `done` settles as
 *  it does; `answered` is true once through, false if it failed or the wait ran out first (fallBehind). */
type SyncRound = { done: Promise<void>; answered: Promise<boolean>; answer: (synced: boolean) => void; since: number };

/** Stops the writer once it has closed its connection. A connection left open in a stopped thread keeps the WAL from
 *  being removed when the mirror's own connection, the last, closes; a file built in its place would read it as its own. */
async function stopWriter(writer?: MirrorThread) {
  // A writer that has died holds nothing more to close.
  await writer?.send({ kind: "close" }).catch(() => undefined);
  await writer?.worker.terminate();
}

export class SearchMirror {
  private db?: Database.Database;
  /** The thread that writes the open file, started with the first write after it opened or stopped. */
  private writer?: MirrorThread;
  private lock?: Database.Database;
  private threads?: ReadThreads;
  private seq = 0;
  private gaps: Gap[] = [];
  /** The feed followed (feedOf). */
  private feed = "";
  /** When mirror_state was last written. */
  private savedAt = 0;
  private running?: SyncRound;
  private queued?: SyncRound;
  private startQueued?: () => void;
  /** Armed while a round applies changes: ends its searches' wait (fallBehind). */
  private waitTimer?: NodeJS.Timeout;
  /** A backlog took longer than the wait: searches skip the mirror until the rounds under way end (failed or not). */
  catchingUp = false;

  constructor(
    private readonly ds: DataSource,
    readonly file: string,
    private readonly threadCount: number,
    /** `onCatchingUpChange`: catching up began or ended (which engine answers), or its count of changes behind moved. */
    private readonly options: { syncWaitMs?: number; onCatchingUpChange?: () => void } = {},
  ) {}

  /** Why the mirror is being built, while it is. */
  building?: string;
  /** Why this instance may not write the mirror, while another holds its lock. */
  refused?: string;

  /** Takes the mirror's lock unless it holds it already; whether it holds it. */
  takeLock(): boolean {
    if (this.lock) return true;
    fs.mkdirSync(path.dirname(this.file), { recursive: true });
    const lock = new Database(this.file + LOCK_SUFFIX, { timeout: 0 });
    try {
      lock.exec("BEGIN EXCLUSIVE");
    } catch (err) {
      lock.close();
      if ((err as { code?: string }).code !== "SQLITE_BUSY") throw err;
      this.refused = `another instance uses this DATA_DIR's search mirror (${this.file}${LOCK_SUFFIX} is held): each instance needs a DATA_DIR of its own`;
      return false;
    }
    this.lock = lock;
    this.refused = undefined;
    return true;
  }

  /** Whether the mirror is built and answers. */
  get ready() {
    return this.db !== undefined;
  }

  /**
   * Opens the file when it can follow the feed from where it stopped; else says why it must be built: missing, of
   * another version, built from another database (or one whose feed was made afresh), or last followed longer ago
   * than the feed keeps its changes.
   */
  async open(): Promise<string | undefined> {
    this.mustHoldLock();
    if (!fs.existsSync(this.file)) return "there is none";
    const feed = await feedOf(this.ds);
    const db = new Database(this.file);
    let why: string | undefined;
    try {
      const version = db.pragma("user_version", { simple: true });
      // A file of another version may hold other tables: not read.
      const state = version === MIRROR_VERSION ? (db.prepare("SELECT seq, gaps, syncedAt, feed FROM mirror_state").get() as MirrorState | undefined) : undefined;
      if (!state) why = `it is of another version (${String(version)}, this one reads ${MIRROR_VERSION})`;
      else if (state.feed !== feed) why = "it was built from another database";
      else if (Date.now() - state.syncedAt > FOLLOW_WITHIN_MS)
        why = `it last followed the changes ${Math.round((Date.now() - state.syncedAt) / 3_600_000)} h ago (they are kept ${CHANGES_KEPT_MS / 3_600_000} h)`;
      else this.attach(db, state.seq, JSON.parse(state.gaps) as Gap[], feed);
    } catch (err) {
      // Not a database, or one left half-made.
      why = `it cannot be read (${(err as { message?: string }).message ?? String(err)})`;
    }
    if (why) db.close();
    return why;
  }

  /** Builds the file afresh from `article` (beside it, on a thread of its own, then moved in place), then follows
   *  the feed from where the build started. */
  async build(why = "asked to"): Promise<void> {
    this.mustHoldLock();
    this.building = why;
    try {
      await this.buildFile();
    } finally {
      this.building = undefined;
    }
  }

  private async buildFile(): Promise<void> {
    const building = `${this.file}.building`;
    fs.mkdirSync(path.dirname(this.file), { recursive: true });
    for (const suffix of ["", "-wal", "-shm"]) fs.rmSync(building + suffix, { force: true });
    // The build starts BUILD_REPLAY changes back: writes in flight meanwhile are applied again once it is in (an
    // article read again as it is changes nothing).
    const [{ top }]: { top: number | string | null }[] = await this.ds.query(`SELECT MAX(seq) AS top FROM ${CHANGE_TABLE}`);
    const from = Math.max(0, Number(top ?? 0) - BUILD_REPLAY);
    const builder = startMirrorThread({ file: building });
    try {
      for (let after = 0; ; ) {
        const rows: MirrorRow[] = await this.ds.query(`${SELECT} WHERE a.id > ? ORDER BY a.id LIMIT ${BUILD_BATCH}`, [after]);
        if (!rows.length) break;
        await builder.send({ kind: "rows", rows: rows.map(storedRow) });
        after = Number(rows.at(-1)!.id);
      }
      await builder.send({ kind: "finish", state: { seq: from, gaps: "[]", syncedAt: Date.now(), feed: await feedOf(this.ds) } });
    } finally {
      await builder.worker.terminate();
    }
    // A mirror still open on the old file is closed first: its WAL and shared-memory files keep the file's path, and
    // the new file moved there would read them as its own (a malformed image). Searches meanwhile use the server's engine.
    await this.closeFile();
    fs.renameSync(building, this.file);
    const why = await this.open();
    if (why) throw new Error(`search mirror: the file just built does not open: ${why}`);
    await this.sync();
  }

  /** The ids of fts5Candidates in their order, from the mirror brought up to date first; undefined when it is not within
   *  SYNC_WAIT_MS (catching up on a backlog) or its sync failed: the server's engine answers then (engine.ts). */
  async ids(terms: SearchTerm[], filters: SearchFilters): Promise<number[] | undefined> {
    if (this.catchingUp || !(await this.round().answered)) return undefined;
    if (!this.threads) throw new Error("search mirror: closed while a search waited for it");
    return this.threads.ids(terms, filters);
  }

  /** Applies every change committed before this call. The searches arriving while one sync reads share the next one. */
  sync(): Promise<void> {
    return this.round().done;
  }

  /** How many change numbers the mirror is behind the feed's newest (some may be gaps: rolled back). */
  async backlog(): Promise<number> {
    const [{ top }]: { top: number | string | null }[] = await this.ds.query(`SELECT MAX(seq) AS top FROM ${CHANGE_TABLE}`);
    return Math.max(0, Number(top ?? 0) - this.seq);
  }

  private round(): SyncRound {
    if (!this.running) return (this.running = this.newRound(this.follow()));
    return (this.queued ??= this.newRound(new Promise<void>((start) => (this.startQueued = start)).then(() => this.follow())));
  }

  private newRound(follow: Promise<void>): SyncRound {
    let answer!: (synced: boolean) => void;
    const answered = new Promise<boolean>((resolve) => (answer = resolve));
    const done = follow.finally(() => this.ended());
    done.then(() => answer(true), () => answer(false));
    return { done, answered, answer, since: Date.now() };
  }

  /** The running round is over: the queued one starts; else catching up ends (a failed round: the next search retries). */
  private ended() {
    clearTimeout(this.waitTimer);
    this.waitTimer = undefined;
    this.running = this.queued;
    this.queued = undefined;
    if (this.running) this.startQueued!();
    else if (this.catchingUp) this.setCatchingUp(false);
  }

  private setCatchingUp(on: boolean) {
    this.catchingUp = on;
    this.options.onCatchingUpChange?.();
  }

  /** The running round has changes to apply: its searches wait for them until SYNC_WAIT_MS after they arrived. */
  private armWait() {
    if (this.waitTimer || this.catchingUp || !this.running) return;
    const wait = this.running.since + (this.options.syncWaitMs ?? SYNC_WAIT_MS) - Date.now();
    this.waitTimer = setTimeout(() => this.fallBehind(), Math.max(0, wait)).unref();
  }

  /** The wait ran out: the searches waiting, and the next ones until the rounds under way end, ask the server's engine. */
  private fallBehind() {
    this.waitTimer = undefined;
    this.setCatchingUp(true);
    this.running?.answer(false);
    this.queued?.answer(false);
  }

  async close() {
    await this.closeFile();
    this.lock?.close();
    this.lock = undefined;
  }

  /** Stops the read threads and the writer, then closes the mirror's own connection, the last on the file, which removes
   *  the WAL (stopWriter); the lock is kept. */
  private async closeFile() {
    const { threads, writer, db } = this;
    this.db = this.writer = this.threads = undefined;
    clearTimeout(this.waitTimer);
    this.waitTimer = undefined;
    this.catchingUp = false;
    await threads?.close();
    await stopWriter(writer);
    db?.close();
  }

  private mustHoldLock() {
    if (!this.takeLock()) throw new Error(`search mirror: ${this.refused}`);
  }

  /** Whether the database's feed is still the one the mirror follows (a restore drops and makes it afresh). */
  async followsItsFeed(): Promise<boolean> {
    return (await feedOf(this.ds)) === this.feed;
  }

  private attach(db: Database.Database, seq: number, gaps: Gap[], feed: string) {
    this.feed = feed;
    prepareSqliteConnection(db);
    db.pragma("journal_mode = WAL");
    // This connection keeps the file and its WAL open for the read threads' read-only ones; the writer thread writes.
    this.db = db;
    this.seq = seq;
    this.gaps = gaps;
    this.threads = new ReadThreads(this.file, this.threadCount);
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
      if (!changes.length) return this.followed(now);
      this.armWait();
      const ids = [...new Set(changes.map((c) => Number(c.articleId)))];
      const rows: MirrorRow[] = await this.ds.query(`${SELECT} WHERE a.id IN (${ids.map(() => "?").join(", ")})`, ids);
      const seqs = changes.map((c) => Number(c.seq));
      await this.apply(ids, rows, seqs, now);
      if (this.catchingUp) this.options.onCatchingUpChange?.(); // /readyz's count of changes behind, read again
      if (changes.length < CHANGE_BATCH) return;
    }
  }

  /** Notes (at most once a minute) that the feed was read up to now with nothing new: a quiet site's mirror is not
   *  taken for one left behind when the instance starts again. */
  private async followed(now: number) {
    if (now - this.savedAt < 60_000) return;
    await this.write({ kind: "followed", now });
    this.savedAt = now;
  }

  /** In one transaction: the articles changed as they are now (gone ones removed), the feed's position and its gaps. */
  private async apply(ids: number[], rows: MirrorRow[], seqs: number[], now: number) {
    const top = Math.max(this.seq, seqs.at(-1)!);
    const gaps = missing([...this.gaps, ...(top > this.seq ? [[this.seq + 1, top, now] as Gap] : [])], new Set(seqs));
    await this.write({ kind: "apply", ids, rows: rows.map(storedRow), state: { seq: top, gaps: JSON.stringify(gaps), syncedAt: now } });
    this.savedAt = now;
    this.seq = top;
    this.gaps = gaps;
  }

  /** Sent to the writer thread, started again if it stopped (a thread that died mid-transaction wrote nothing of it;
   *  one that died after its commit leaves changes that are applied again, which changes nothing). */
  private write(message: FollowMessage): Promise<void> {
    if (!this.db) throw new Error("search mirror: closed while it applied changes");
    if (!this.writer || this.writer.stopped) this.writer = startMirrorThread({ file: this.file, follow: true });
    return this.writer.send(message);
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
