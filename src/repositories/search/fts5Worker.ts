// A search thread (fts5Threads.ts): runs fts5Candidates, the FTS5 statements and their ranking, on a read-only
// connection of its own to the embedded database, and answers the candidates. It imports the search's SQL and ranking
// and better-sqlite3, nothing of the app (entities, TypeORM), so it stays small.
import { parentPort, workerData } from "node:worker_threads";
import Database from "better-sqlite3";
import { prepareSqliteConnection } from "../sqlitePragmas.js";
import type { SearchFilters, SqlReader } from "./articleFilters.js";
import { fts5Candidates } from "./sqliteFts5.js";
import type { SearchTerm } from "./terms.js";

export interface SearchRequest {
  id: number;
  terms: SearchTerm[];
  filters: SearchFilters;
}

/** Distinct statements a search makes are few (its filters are parameters; the tie-break's by count of ids, up to a
 *  page): past this many prepared ones, the cache starts again rather than grow without end. */
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

parentPort!.on("message", ({ id, terms, filters }: SearchRequest) => {
  fts5Candidates(reader, terms, filters).then(
    // The candidates' order keys only: their titles and excerpts (read for the ranking) stay here.
    (rows) => parentPort!.postMessage({ id, rows: rows.map(({ id, score, relevance, publishedAt }) => ({ id, score, relevance, publishedAt })) }),
    (err: unknown) => parentPort!.postMessage({ id, error: err instanceof Error ? err.message : String(err) }),
  );
});
