// On SQLite, better-sqlite3 answers synchronously: a search's FTS5 statements and their ranking (about 8 ms of CPU a
// query at 100,000 articles) ran on the event loop, and every request arriving meanwhile waited behind them (the
// article page under a flood of searches), on one core of the machine's two. Here they run on threads of their own
// (SEARCH_THREADS, fts5Worker.ts), each with a read-only connection to the same file: in WAL mode a reader sees
// every write committed before its statement starts and never waits for the writer, so a search still finds an
// article the moment its save returns. The event loop keeps the rest of the page: the cards, the snippets, the render.
//
// Threads start with the first search (RSS after boot stays the app's), a search goes to the thread with the fewest
// searches waiting, and a thread that dies (out of its memory limit, say) fails the searches it held and is replaced
// by the next search. The threads keep the process alive only while they hold searches.
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import type { CandidateRow, SearchFilters } from "./articleFilters.js";
import type { SearchRequest } from "./fts5Worker.js";
import type { SearchTerm } from "./terms.js";

/** A thread's heap: the candidates of one search at a time are a few hundred small rows. */
const THREAD_HEAP_MB = 64;

// The thread runs the same code as this module: compiled beside the server (scripts/build.ts), or as TypeScript where
// the app itself runs as TypeScript (tests, `npm run dev`, the scripts), imported through tsx's API (Node 20 applies
// no `--import` loader to a worker's own entry).
const TYPESCRIPT = import.meta.url.endsWith(".ts");
const WORKER_FILE = new URL(TYPESCRIPT ? "./fts5Worker.ts" : "./fts5Worker.js", import.meta.url);
const startWorker = (workerData: { file: string }) => {
  const options = { workerData, resourceLimits: { maxOldGenerationSizeMb: THREAD_HEAP_MB } };
  if (!TYPESCRIPT) return new Worker(WORKER_FILE, options);
  // Its ESM entry (the CommonJS one cannot register tsx's hooks from an evaluated worker).
  const tsx = pathToFileURL(path.join(path.dirname(createRequire(import.meta.url).resolve("tsx/package.json")), "dist/esm/api/index.mjs")).href;
  return new Worker(`import(${JSON.stringify(tsx)}).then((tsx) => tsx.tsImport(${JSON.stringify(WORKER_FILE.href)}, ${JSON.stringify(import.meta.url)}))`, { ...options, eval: true });
};

interface Waiting {
  resolve: (rows: CandidateRow[]) => void;
  reject: (error: Error) => void;
}

class SearchThread {
  readonly waiting = new Map<number, Waiting>();
  readonly worker: Worker;

  constructor(file: string, onGone: (thread: SearchThread) => void) {
    this.worker = startWorker({ file });
    this.worker.unref();
    this.worker.on("message", ({ id, rows, error }: { id: number; rows?: CandidateRow[]; error?: string }) => {
      const waiter = this.waiting.get(id);
      this.waiting.delete(id);
      if (!this.waiting.size) this.worker.unref();
      if (error === undefined) waiter?.resolve(rows!);
      else waiter?.reject(new Error(`search thread: ${error}`));
    });
    const gone = (error: Error) => {
      onGone(this);
      for (const waiter of this.waiting.values()) waiter.reject(error);
      this.waiting.clear();
    };
    this.worker.on("error", gone);
    this.worker.on("exit", (code) => gone(new Error(`search thread stopped (exit code ${code})`)));
  }

  ask(request: SearchRequest): Promise<CandidateRow[]> {
    return new Promise((resolve, reject) => {
      if (!this.waiting.size) this.worker.ref();
      this.waiting.set(request.id, { resolve, reject });
      this.worker.postMessage(request);
    });
  }
}

export class Fts5Threads {
  private threads: SearchThread[] = [];
  private lastId = 0;

  /** `file`: the database; `size`: how many threads at most. */
  constructor(
    private readonly file: string,
    private readonly size: number,
  ) {}

  /** fts5Candidates, answered by a search thread. */
  candidates(terms: SearchTerm[], filters: SearchFilters): Promise<CandidateRow[]> {
    // What a thread can be sent: the filters' values (a callback such as onTimeout, InnoDB's only, stays here).
    const { category, breaking, now, after, before, sort, gated } = filters;
    return this.thread().ask({ id: ++this.lastId, terms, filters: { category, breaking, now, after, before, sort, gated } });
  }

  /** Stops the threads (the app closing); a later search starts them again. */
  async close() {
    const threads = this.threads;
    this.threads = [];
    await Promise.all(threads.map((t) => t.worker.terminate()));
  }

  /** The thread with the fewest searches waiting; a new one while there are fewer than `size` and all are busy. */
  private thread(): SearchThread {
    const idle = this.threads.reduce<SearchThread | undefined>((best, t) => (!best || t.waiting.size < best.waiting.size ? t : best), undefined);
    if (idle && (idle.waiting.size === 0 || this.threads.length >= this.size)) return idle;
    const thread = new SearchThread(this.file, (gone) => (this.threads = this.threads.filter((t) => t !== gone)));
    this.threads.push(thread);
    return thread;
  }
}
