// A read thread (readThreads.ts): answers a search's ids (fts5Candidates: the FTS5 statements and their ranking, then
// their order) or the rows of one statement, on a read-only connection of its own to the embedded database. It imports
// the search's SQL and ranking, the snippets and better-sqlite3, nothing of the app (entities, TypeORM), so it stays small.
import { workerData } from "node:worker_threads";
import Database from "better-sqlite3";
import { prepareSqliteConnection } from "./sqlitePragmas.js";
import { orderedIds, type SearchFilters, type SqlReader } from "./search/articleFilters.js";
import { fts5Candidates } from "./search/sqliteFts5.js";
import type { SearchTerm } from "./search/terms.js";
import { snippetsInRows, type SnippetColumns } from "../services/search/snippet.js";
import { answerRequests } from "../lib/requestWorker.js";

/** What a thread is asked: a search's ids in order, or the rows of one statement (with `snippets`, some of their texts
 *  as their snippets). */
export type ReadAsk = { kind: "ids"; terms: SearchTerm[]; filters: SearchFilters } | { kind: "rows"; sql: string; params: unknown[]; snippets?: SnippetColumns };

/** The statements a thread runs are few (values are parameters; the tie-break's vary by count of ids, up to a page):
 *  past this many prepared ones, the cache starts again rather than grow without end. */
const MAX_STATEMENTS = 200;

const db = new Database((workerData as { file: string }).file, { readonly: true, fileMustExist: true });
prepareSqliteConnection(db);
const statements = new Map<string, Database.Statement>();
const reader: SqlReader = {
  async query<T>(sql: string, params: unknown[] = []) {
    let statement = statements.get(sql);
    if (!statement) {
      if (statements.size >= MAX_STATEMENTS) statements.clear();
      statement = db.prepare(sql);
      statements.set(sql, statement);
    }
    return statement.all(params) as T;
  },
};


function answer(request: ReadAsk): Promise<unknown> {
  // The candidates in their order, as their ids: their rows (titles and excerpts read for the ranking) stay here.
  if (request.kind === "ids") return fts5Candidates(reader, request.terms, request.filters).then((rows) => orderedIds(rows, request.filters.sort));
  const { snippets } = request;
  return reader.query<Record<string, unknown>[]>(request.sql, request.params).then((rows) => (snippets ? snippetsInRows(rows, snippets) : rows));
}

// One read at a time, in the order asked (answerRequests): a search's statements take turns (takeTurn) for the event
// loop's sake, which here would only let the next reads start and hold their rows too; one at a time, the heap holds
// one read's rows (a search's 500 candidates at most, or a page of bodies' starts: 1–3 MB) beside the thread's own 5 MB.
answerRequests(answer);
