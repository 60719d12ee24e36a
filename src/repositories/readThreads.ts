// On SQLite, better-sqlite3 answers synchronously: a search's FTS5 statements and their ranking (about 4.5 ms of CPU a
// query at 100,000 articles), the start of its results' bodies (for their snippets) and a count of the published
// archive (12 ms at 100,000 articles, 155–208 ms at 1,000,000; on a thread past COUNT_ON_THREAD_ROWS articles) ran on
// the event loop, and every request arriving meanwhile waited behind them (the article page under a flood of
// searches), on one core of the machine's two. Here they run on threads of their own (READ_THREADS, readWorker.ts),
// each with a read-only connection to the same file: in WAL mode a reader sees every write committed before its
// statement starts and never waits for the writer, so a search still finds an article the moment its save returns.
// The results' snippets are made there too, from the bodies as read; the event loop keeps the cards and the render.
//
// Threads start with the first read and stop after IDLE_STOP_MS without one (a thread costs about 9 MB of RSS, idle
// or under searches; the next read starts it again and has its answer 45–77 ms later); a read goes to the thread with
// the fewest waiting; a thread that dies (past its memory limit, say) fails the reads it held and the next read starts
// another. The threads keep the process alive only while they hold reads.
import type { DataSource } from "typeorm";
import type { SearchFilters } from "./search/articleFilters.js";
import type { SearchTerm } from "./search/terms.js";
import type { ReadAsk } from "./readWorker.js";
import { snippetsInRows, type SnippetColumns } from "../services/search/snippet.js";
import { startModuleWorker } from "../lib/moduleWorker.js";
import { RequestWorker } from "../lib/requestWorker.js";

/** A thread's heap: its own 5 MB and one read's rows (readWorker.ts answers one at a time). The young generation is
 *  most of an idle thread's heap: V8's default (16 MB semi-spaces on a machine of 24 GB) would make it the largest
 *  part of a busy one. */
const THREAD_HEAP = { maxOldGenerationSizeMb: 16, maxYoungGenerationSizeMb: 2 };
/** A thread stops after this long without a read; longer than a list's cached total lives (articleListing.ts), so a
 *  site whose totals are counted on the thread keeps it. */
export const IDLE_STOP_MS = 120_000;

export class ReadThreads {
  private threads: RequestWorker<ReadAsk>[] = [];

  /** `file`: the database; `size`: how many threads at most; `idleMs`: how long a thread waits for a read before it stops. */
  constructor(
    private readonly file: string,
    private readonly size: number,
    private readonly idleMs = IDLE_STOP_MS,
  ) {}

  /** How many threads run now. */
  get running() {
    return this.threads.length;
  }

  /** The ids of fts5Candidates (search/sqliteFts5.ts) in their order (orderedIds), answered by a thread. */
  ids(terms: SearchTerm[], filters: SearchFilters): Promise<number[]> {
    // What a thread can be sent: the filters' values (a callback such as onTimeout, InnoDB's only, stays here).
    const { category, breaking, now, after, before, sort, gated } = filters;
    return this.ask({ kind: "ids", terms, filters: { category, breaking, now, after, before, sort, gated } });
  }

  /** The rows of one read-only statement (SQL and parameters as better-sqlite3 takes them); `snippets`: these texts as
   *  their snippets. */
  rows<T>(sql: string, params: unknown[], snippets?: SnippetColumns): Promise<T[]> {
    return this.ask({ kind: "rows", sql, params, snippets });
  }

  /** Stops the threads (the app closing); a later read starts them again. */
  async close() {
    const threads = this.threads;
    this.threads = [];
    await Promise.all(threads.map((t) => t.worker.terminate()));
  }

  private ask<T>(request: ReadAsk): Promise<T> {
    return this.thread().send<T>(request);
  }

  /** The thread with the fewest reads waiting; a new one while there are fewer than `size` and all are busy. */
  private thread(): RequestWorker<ReadAsk> {
    const idle = this.threads.reduce<RequestWorker<ReadAsk> | undefined>((best, t) => (!best || t.pending < best.pending ? t : best), undefined);
    if (idle && (idle.pending === 0 || this.threads.length >= this.size)) return idle;
    const worker = startModuleWorker(import.meta.url, "readWorker", { file: this.file }, THREAD_HEAP);
    const remove = () => (this.threads = this.threads.filter((t) => t !== thread));
    const thread = new RequestWorker<ReadAsk>(worker, "read thread", {
      idleMs: this.idleMs,
      // An idle thread leaves the pool at once (a read arriving meanwhile starts another), then stops.
      onIdle: () => void (remove(), worker.terminate()),
      onGone: remove,
    });
    this.threads.push(thread);
    return thread;
  }
}

const configured = new WeakMap<DataSource, ReadThreads>();

/** Gives an SQLite data source with a database file `count` read threads at most (READ_THREADS; 0: none, every read
 *  on the event loop). Threads it had before stop. */
export function configureReadThreads(ds: DataSource, count: number) {
  void configured.get(ds)?.close();
  configured.delete(ds);
  const file = ds.options.type === "better-sqlite3" ? ds.options.database : "";
  if (count > 0 && file && file !== ":memory:") configured.set(ds, new ReadThreads(file, count));
}

/** A data source's read threads, if it has any. */
export const readThreadsOf = (ds: DataSource): ReadThreads | undefined => configured.get(ds);

/** The rows of one read-only statement: on a read thread where the data source has them, else on its connection.
 *  `snippets`: these text columns come back as their snippets (snippetsInRows), made where the rows were read. */
export async function readRows<T extends Record<string, unknown>>(ds: DataSource, sql: string, params: unknown[], snippets?: SnippetColumns): Promise<T[]> {
  const threads = configured.get(ds);
  if (threads) return threads.rows<T>(sql, params, snippets);
  const rows: T[] = await ds.query(sql, params);
  return snippets ? snippetsInRows(rows, snippets) : rows;
}

/** Stops a data source's read threads (the app closing). */
export async function closeReadThreads(ds: DataSource) {
  await configured.get(ds)?.close();
}
