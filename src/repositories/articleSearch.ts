// Full-text search over published articles, one interface over three engines (search/engine.ts): SQLite FTS5,
// Mroonga on MariaDB when the server runs it, else InnoDB FULLTEXT (the bounded fallback). User input never reaches
// an engine's query syntax: every term is reduced to its letters and digits and quoted (search/terms.ts). A search
// finds only what its reader may read: the members-only part of a premium article is searched for members and the
// administrator alone. Filters and sort are plain conditions beside the text match on every engine.
import type { DataSource } from "typeorm";
import type { CandidateRow, SearchSort } from "./search/articleFilters.js";
import { engineCandidates } from "./search/engine.js";
import { parseSearchQuery } from "./search/terms.js";
import type { SearchFilters } from "./search/articleFilters.js";

export { SEARCH_MAX_CANDIDATES, SEARCH_SUBSTRING_WINDOW, type SearchFilters, type SearchSort } from "./search/articleFilters.js";
export { SEARCH_TIMEOUT_MS } from "./search/innodbFulltext.js";
export { configureSearchEngine, prepareSearchEngine, searchEngineOf, type SearchEngineInfo, type SearchEngineName } from "./search/engine.js";
export { fts5Expression, groongaQuery, innodbExpressions, parseSearchQuery, type SearchTerm } from "./search/terms.js";

/**
 * The ids of the published articles matching `q` (and the filters), best first: relevance, then newest (or newest
 * first with `sort: "newest"`). At most SEARCH_MAX_CANDIDATES, the newest matches; an empty list for a query with
 * nothing to search.
 */
export async function searchArticleIds(ds: DataSource, q: string, filters: SearchFilters): Promise<number[]> {
  const terms = parseSearchQuery(q);
  if (!terms.length) return [];
  return rank(await engineCandidates(ds, terms, filters), filters.sort);
}

/** TypeORM's stored form of a date (UTC `YYYY-MM-DD HH:MM:SS.mmm`): such strings sort as their instants do. */
const STORED_DATE = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\.\d{3}$/;
/** A publication time as a string that sorts chronologically: SQLite's own text as it is (no parsing of 500 dates per search). */
function sortableTime(v: string | Date): string {
  if (typeof v === "string" && STORED_DATE.test(v)) return v;
  const ms = v instanceof Date ? v.getTime() : Date.parse(/[zZ]|[+-]\d{2}:?\d{2}$/.test(v) ? v : v.replace(" ", "T") + "Z");
  return Number.isNaN(ms) ? "" : new Date(ms).toISOString().replace("T", " ").slice(0, 23);
}

/** Best first: the score, then InnoDB's relevance, then newest; or, sorted by `newest`, newest first. */
function rank(rows: CandidateRow[], sort: SearchSort = "relevance"): number[] {
  const newest = sort === "newest";
  return rows
    .map((r) => ({ id: Number(r.id), score: newest ? 0 : Number(r.score), relevance: newest ? 0 : Number(r.relevance ?? 0), at: sortableTime(r.publishedAt) }))
    .sort((x, y) => y.score - x.score || y.relevance - x.relevance || (x.at < y.at ? 1 : x.at > y.at ? -1 : 0) || y.id - x.id)
    .map((r) => r.id);
}
