// Full-text search over published articles, one interface over three engines (search/engine.ts): SQLite FTS5,
// Mroonga on MariaDB when the server runs it, else InnoDB FULLTEXT (the bounded fallback). User input never reaches
// an engine's query syntax: every term is reduced to its letters and digits and quoted (search/terms.ts). A search
// finds only what its reader may read: the members-only part of a premium article is searched for members and the
// administrator alone. Filters and sort are plain conditions beside the text match on every engine.
import type { DataSource } from "typeorm";
import type { SearchFilters } from "./search/articleFilters.js";
import { engineIds } from "./search/engine.js";
import { parseSearchQuery } from "./search/terms.js";

export { SEARCH_MAX_CANDIDATES, SEARCH_SUBSTRING_WINDOW, type SearchFilters, type SearchSort } from "./search/articleFilters.js";
export { SEARCH_TIMEOUT_MS } from "./search/innodbFulltext.js";
export { closeSearchEngine, configureSearchEngine, prepareSearchEngine, searchEngineOf, type SearchEngineInfo, type SearchEngineName } from "./search/engine.js";
export { fts5Expression, groongaQuery, innodbExpressions, parseSearchQuery, type SearchTerm } from "./search/terms.js";

/**
 * The ids of the published articles matching `q` (and the filters), best first: relevance, then newest (or newest
 * first with `sort: "newest"`). At most SEARCH_MAX_CANDIDATES, the newest matches; an empty list for a query with
 * nothing to search.
 */
export async function searchArticleIds(ds: DataSource, q: string, filters: SearchFilters): Promise<number[]> {
  const terms = parseSearchQuery(q);
  if (!terms.length) return [];
  return engineIds(ds, terms, filters);
}
