// SQLite: FTS5 (bm25) through the index of the ArticleSearch and PremiumSearch migrations. Walking the matches
// newest first with a LIMIT lets FTS5 stop early, so a common word costs no more than a rare one.
import type { DataSource } from "typeorm";
import { SEARCH_MAX_CANDIDATES, articleFilters, substringSearch, type CandidateRow, type SearchFilters } from "./articleFilters.js";
import { COLUMN_WEIGHTS, rankByColumns, type ColumnsRow } from "./columnRank.js";
import { fts5Expression, type SearchTerm } from "./terms.js";

/** SQLite: queries of this many terms or more are ranked by the columns their terms are in; a single word by bm25. */
export const COLUMN_RANKED_TERMS = 2;
/** bm25 column weights (SQLite): title above excerpt above body; the category counts a little. `content` is the free
 *  body (a premium article's preview), `gated` a premium article's whole body (PremiumSearch migration). */
const WEIGHTS = { title: COLUMN_WEIGHTS.title, excerpt: COLUMN_WEIGHTS.excerpt, content: COLUMN_WEIGHTS.body, category: COLUMN_WEIGHTS.category, gated: COLUMN_WEIGHTS.body };
/** A non-member's query looks in these FTS5 columns only. */
const FREE_COLUMNS = "{title excerpt content category}";

/**
 * CROSS JOIN keeps the index the outer loop (SQLite never reorders it), else a filter such as the category would
 * have the planner walk the articles and test each one. The filter columns come from their covering index: from
 * the table they would cost a walk through each candidate's bodies (SQLite stores them first).
 */
const FTS5_FROM = " FROM article_fts CROSS JOIN article a INDEXED BY IDX_article_search_filter ON a.id = article_fts.rowid WHERE article_fts MATCH ?";
const FTS5_CANDIDATES = {
  select: "SELECT a.id AS id, -bm25(article_fts, ?, ?, ?, ?, ?) AS score, a.publishedAt AS publishedAt" + FTS5_FROM,
  order: " ORDER BY article_fts.rowid DESC LIMIT ?",
};
/** Queries ranked by columns: the candidates with the short columns their terms are looked for in. */
const FTS5_COLUMNS = "SELECT a.id AS id, a.publishedAt AS publishedAt, a.title AS title, a.excerpt AS excerpt, a.category AS category" + FTS5_FROM;

export async function fts5Candidates(ds: DataSource, terms: SearchTerm[], filters: SearchFilters): Promise<CandidateRow[]> {
  const { where, params } = articleFilters(filters, terms.filter((t) => !t.words.length).map((t) => t.raw));
  if (!terms.some((t) => t.words.length)) return substringSearch(ds, { where, params });
  // A query of several terms, or of a phrase of several words (quoted, or a word such as "counter-drone"), is
  // ranked by the columns each term is found in: bm25 counts every phrase and word of the query across the
  // whole archive, on every query (8–40 ms at 100,000 articles for those, against 2–13 ms).
  const byColumns = terms.length >= COLUMN_RANKED_TERMS || terms.some((t) => t.words.length > 1);
  const candidates = async (match: string): Promise<CandidateRow[]> => {
    const expression = filters.gated === true ? match : `${FREE_COLUMNS} : (${match})`;
    return byColumns
      ? rankByColumns<ColumnsRow & CandidateRow>(await ds.query(FTS5_COLUMNS + where + FTS5_CANDIDATES.order, [expression, ...params, SEARCH_MAX_CANDIDATES]), terms)
      : ds.query(FTS5_CANDIDATES.select + where + FTS5_CANDIDATES.order, [...Object.values(WEIGHTS), expression, ...params, SEARCH_MAX_CANDIDATES]);
  };
  // A whole word found in enough articles already fills the candidates: the prefix query (which
  // reads every matching word's full list past 6 letters) would only add older articles.
  const whole = terms.at(-1)!.prefix ? await candidates(fts5Expression(terms, false)) : [];
  return whole.length < SEARCH_MAX_CANDIDATES ? candidates(fts5Expression(terms)) : whole;
}
