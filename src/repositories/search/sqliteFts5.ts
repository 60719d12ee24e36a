// SQLite: FTS5 through the index of the ArticleSearch and PremiumSearch migrations. Walking the matches newest first
// with a LIMIT lets FTS5 stop early, so a common word costs little more than a rare one.
import type { DataSource } from "typeorm";
import { SEARCH_MAX_CANDIDATES, articleFilters, substringSearch, type CandidateRow, type SearchFilters } from "./articleFilters.js";
import { rankByColumns, type ColumnsRow } from "./columnRank.js";
import { fts5Expression, type SearchTerm } from "./terms.js";

/** A non-member's query looks in these FTS5 columns only (`content` is the free body, a premium article's preview;
 *  `gated` a premium article's whole body: PremiumSearch migration). */
const FREE_COLUMNS = "{title excerpt content category}";

/**
 * The candidates with the short columns their terms are looked for in (columnRank.ts): every query is ranked by the
 * best column each of its terms is in, never by FTS5's `bm25`, which counts every phrase and word of the query across
 * the whole archive on each query (25–65 ms for a common word at 100,000 articles, against 1–5 ms for the candidates).
 * CROSS JOIN keeps the index the outer loop (SQLite never reorders it), else a filter such as the category would have
 * the planner walk the articles and test each one. The filter columns and the category come from their covering index
 * (`IDX_article_search_filter`); the title and the excerpt are at the start of the row: read from the table, the
 * others would cost a walk through each candidate's bodies (SQLite stores them first).
 */
const FTS5_CANDIDATES = {
  select:
    "SELECT a.id AS id, a.publishedAt AS publishedAt, a.title AS title, a.excerpt AS excerpt, a.category AS category" +
    " FROM article_fts CROSS JOIN article a INDEXED BY IDX_article_search_filter ON a.id = article_fts.rowid WHERE article_fts MATCH ?",
  order: " ORDER BY article_fts.rowid DESC LIMIT ?",
};

export async function fts5Candidates(ds: DataSource, terms: SearchTerm[], filters: SearchFilters): Promise<CandidateRow[]> {
  const { where, params } = articleFilters(filters, terms.filter((t) => !t.words.length).map((t) => t.raw));
  if (!terms.some((t) => t.words.length)) return substringSearch(ds, { where, params });
  const candidates = async (match: string): Promise<CandidateRow[]> => {
    const expression = filters.gated === true ? match : `${FREE_COLUMNS} : (${match})`;
    return rankByColumns<ColumnsRow & CandidateRow>(await ds.query(FTS5_CANDIDATES.select + where + FTS5_CANDIDATES.order, [expression, ...params, SEARCH_MAX_CANDIDATES]), terms);
  };
  // A whole word found in enough articles already fills the candidates: the prefix query (which
  // reads every matching word's full list past 6 letters) would only add older articles.
  const whole = terms.at(-1)!.prefix ? await candidates(fts5Expression(terms, false)) : [];
  return whole.length < SEARCH_MAX_CANDIDATES ? candidates(fts5Expression(terms)) : whole;
}
