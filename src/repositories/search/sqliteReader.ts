// SQLite reads off the event loop. better-sqlite3 is synchronous: a search's FTS5 query holds the event loop, and with
// it every other request, for as long as it runs. A search's statements run instead in a worker thread with its own
// read-only connection to the same database file. WAL mode lets it read beside the app's connection, and every
// statement is a read transaction of its own, begun when it runs: it sees every write committed before, as the app's
// connection would (it never sees a transaction still open there, which only the writer itself could).
// The workers start at the first search, at most READER_THREADS of them (the second only while the first is busy),
// and end with `close()`; an idle worker does not keep the process alive.
import fs from "node:fs";
import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";
import type { DataSource } from "typeorm";

/** At most this many worker threads per database file: one answers while the other runs a long query. */
export const READER_THREADS = 2;

/**
 * The worker: plain CommonJS given as source (so it runs the same under tsx, jest and the bundled server, with no
 * file of its own to ship). It prepares each statement once and answers `{ id, rows }` or `{ id, error }`.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const Database = require(workerData.driver);
const db = new Database(workerData.file, { readonly: true, fileMustExist: true });
db.pragma("busy_timeout = 5000");
db.pragma("cache_size = -4000");
const statements = new Map();
parentPort.on("message", ({ id, sql, params }) => {
  try {
    let statement = statements.get(sql);
    if (!statement) {
      statement = db.prepare(sql);
      if (statements.size >= 64) statements.delete(statements.keys().next().value);
      statements.set(sql, statement);
    }
    parentPort.postMessage({ id, rows: statement.all(...params) });
  } catch (error) {
    parentPort.postMessage({ id, error: { message: String(error && error.message), code: error && error.code } });
  }
});
`;

interface Pending {
  resolve: (rows: unknown[]) => void;
  reject: (error: Error) => void;
}

interface Thread {
  worker: Worker;
  pending: Map<number, Pending>;
}

type Answer = { id: number; rows: unknown[]; error?: undefined } | { id: number; error: { message: string; code?: string } };

/** Where better-sqlite3 is, for the worker's `require` (an evaluated worker resolves from the working directory). */
const driver = () => createRequire(import.meta.url).resolve("better-sqlite3");

/** Read-only statements on one SQLite file, run by a small pool of worker threads. */
export class SqliteReader {
  private readonly threads: Thread[] = [];
  private nextId = 1;

  constructor(
    private readonly file: string,
    private readonly size = READER_THREADS,
  ) {}

  /** How many worker threads run now. */
  get threadCount(): number {
    return this.threads.length;
  }

  /** The rows of a SELECT (parameters as better-sqlite3 takes them: numbers, strings, null, buffers). */
  query<T = Record<string, unknown>>(sql: string, params: unknown[] = []): Promise<T[]> {
    const thread = this.pick();
    const id = this.nextId++;
    return new Promise<T[]>((resolve, reject) => {
      thread.pending.set(id, { resolve: resolve as (rows: unknown[]) => void, reject });
      if (thread.pending.size === 1) thread.worker.ref();
      thread.worker.postMessage({ id, sql, params });
    });
  }

  /** Ends the workers; a statement still running is answered with an error. A later query starts a worker again. */
  async close(): Promise<void> {
    const threads = this.threads.splice(0);
    await Promise.all(threads.map((t) => t.worker.terminate()));
    for (const t of threads) this.fail(t, new Error("The search reader was closed"));
  }

  /** The idlest thread; a new one while every thread is busy and the pool is not full. */
  private pick(): Thread {
    const idlest = this.threads.reduce<Thread | undefined>((best, t) => (!best || t.pending.size < best.pending.size ? t : best), undefined);
    if (idlest && (idlest.pending.size === 0 || this.threads.length >= this.size)) return idlest;
    return this.start();
  }

  private start(): Thread {
    const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { file: this.file, driver: driver() }, resourceLimits: { maxOldGenerationSizeMb: 64 } });
    const thread: Thread = { worker, pending: new Map() };
    worker.unref();
    worker.on("message", (answer: Answer) => {
      const pending = thread.pending.get(answer.id);
      if (!pending) return;
      thread.pending.delete(answer.id);
      if (thread.pending.size === 0) worker.unref();
      if (answer.error) pending.reject(Object.assign(new Error(answer.error.message), { code: answer.error.code }));
      else pending.resolve(answer.rows);
    });
    // A worker that failed (the file gone, out of memory) leaves the pool: its statements fail, the next query starts another.
    const gone = (error: Error) => {
      const at = this.threads.indexOf(thread);
      if (at >= 0) this.threads.splice(at, 1);
      this.fail(thread, error);
    };
    worker.on("error", gone);
    worker.on("exit", (code) => gone(new Error(`The search reader stopped (exit code ${code})`)));
    this.threads.push(thread);
    return thread;
  }

  private fail(thread: Thread, error: Error) {
    for (const p of thread.pending.values()) p.reject(error);
    thread.pending.clear();
  }
}

/** What runs a search's statements: the data source itself, or a SqliteReader. */
export interface Queryable {
  /** The rows, as each statement selects them. */
  query(sql: string, params?: unknown[]): Promise<any>;
}

const threadCounts = new WeakMap<DataSource, number>();
const readers = new WeakMap<DataSource, SqliteReader>();

/** How many worker threads run a SQLite data source's searches (SEARCH_THREADS); 0 runs them on its own connection. */
export function configureSqliteReader(ds: DataSource, threads: number) {
  threadCounts.set(ds, threads);
}

/** The database file of a SQLite data source in WAL mode, which another connection may read beside it; else null. */
function walFile(ds: DataSource): string | null {
  const options = ds.options;
  if (options.type !== "better-sqlite3" || !options.enableWAL) return null;
  const file = options.database;
  return file && file !== ":memory:" && !file.startsWith("file:") && fs.existsSync(file) ? file : null;
}

/**
 * What runs a SQLite search's statements: the worker threads reading the data source's file, or the data source
 * itself when it is no file in WAL mode (in memory), is closed, or SEARCH_THREADS is 0.
 */
export function sqliteReads(ds: DataSource): Queryable {
  const reader = readers.get(ds);
  if (reader) return ds.isInitialized ? reader : ds;
  const threads = threadCounts.get(ds) ?? READER_THREADS;
  const file = threads > 0 && ds.isInitialized ? walFile(ds) : null;
  if (!file) return ds;
  const created = new SqliteReader(file, threads);
  readers.set(ds, created);
  return created;
}

/** Ends the worker threads of a data source's searches (the app's shutdown; a later search starts them again). */
export async function closeSqliteReader(ds: DataSource): Promise<void> {
  const reader = readers.get(ds);
  readers.delete(ds);
  await reader?.close();
}
