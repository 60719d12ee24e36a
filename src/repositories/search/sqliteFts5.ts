// SQLite: FTS5 through the index of the ArticleSearch and PremiumSearch migrations. Walking the matches newest first
// with a LIMIT lets FTS5 stop early, so a common word costs no more than a rare one. Every query is ranked by the
// columns its terms are in (columnRank.ts), never by FTS5's bm25: bm25 counts each term across the whole archive on
// every query (a common word at 100,000 articles: 8.7 ms of CPU a query by bm25, 4.5 ms by columns with the tie-break
// below; bm25's share grows with the archive). What bm25 gave besides the columns (a word in the summary and the body
// above one in the summary alone) is the tie-break here: how often the terms occur in the body, counted for the
// candidates of the first page only.
import { SEARCH_RESULTS_PER_PAGE } from "../../schemas/searchConstants.js";
import { SEARCH_MAX_CANDIDATES, articleFilters, orderCandidates, substringSearch, type CandidateRow, type SearchFilters, type SqlReader } from "./articleFilters.js";
import { folded } from "../../lib/fold.js";
import { foldedTerms, occurrences, rankByColumns, type ColumnsRow } from "./columnRank.js";
import { fts5Expression, type SearchTerm } from "./terms.js";
import { takeTurn } from "../../lib/turns.js";

/** Ties of the column ranking are broken by the body among this many best candidates: the search page's first page.
 *  Further down (a later page, the rest of a REST page of up to 100), equal scores stay newest first: reading the bodies
 *  of 100 candidates cost about 2.5 ms more per query, five times what 20 cost. */
export const TIE_BREAK_CANDIDATES = SEARCH_RESULTS_PER_PAGE;
/** Of a body, the start read for the tie-break (as the snippets read it: searchReads.ts). */
const TIE_BREAK_SCAN_CHARS = 20_000;
/** A non-member's query looks in these FTS5 columns only. */
const FREE_COLUMNS = "{title excerpt content category}";

/**
 * CROSS JOIN keeps the index the outer loop (SQLite never reorders it), else a filter such as the category would
 * have the planner walk the articles and test each one. The filter columns come from their covering index: from
 * the table they would cost a walk through each candidate's bodies (SQLite stores them first).
 */
const FTS5_FROM = " FROM article_fts CROSS JOIN article a INDEXED BY IDX_article_search_filter ON a.id = article_fts.rowid WHERE article_fts MATCH ?";
const FTS5_ORDER = " ORDER BY article_fts.rowid DESC LIMIT ?";
/** The candidates with the short columns their terms are looked for in; sorted by newest, the candidates alone. */
const FTS5_SELECT = {
  relevance: "SELECT a.id AS id, a.publishedAt AS publishedAt, a.title AS title, a.excerpt AS excerpt, a.category AS category" + FTS5_FROM,
  newest: "SELECT a.id AS id, a.publishedAt AS publishedAt, 0 AS score" + FTS5_FROM,
};
/** The start of the body a search looked in: the free body for a non-member (a premium article's preview), else the whole body. */
const BODIES = {
  free: `SELECT id, SUBSTR(CASE WHEN isPremium = 1 THEN COALESCE(previewContent, '') ELSE content END, 1, ${TIE_BREAK_SCAN_CHARS}) AS body FROM article WHERE id IN `,
  gated: `SELECT id, SUBSTR(content, 1, ${TIE_BREAK_SCAN_CHARS}) AS body FROM article WHERE id IN `,
};

export async function fts5Candidates(ds: SqlReader, terms: SearchTerm[], filters: SearchFilters): Promise<CandidateRow[]> {
  const { where, params } = articleFilters(filters, terms.filter((t) => !t.words.length).map((t) => t.raw));
  if (!terms.some((t) => t.words.length)) return substringSearch(ds, { where, params });
  const sort = filters.sort ?? "relevance";
  const candidates = async (match: string): Promise<CandidateRow[]> => {
    const rows = await ds.query<(ColumnsRow & CandidateRow)[]>(FTS5_SELECT[sort] + where + FTS5_ORDER, [filters.gated === true ? match : `${FREE_COLUMNS} : (${match})`, ...params, SEARCH_MAX_CANDIDATES]);
    return sort === "newest" ? rows : rankByColumns<ColumnsRow & CandidateRow>(rows, terms);
  };
  // A whole word found in enough articles already fills the candidates: the prefix query (which
  // reads every matching word's full list past 6 letters) would only add older articles.
  const prefix = terms.at(-1)!.prefix;
  const whole = prefix ? await candidates(fts5Expression(terms, false)) : [];
  let found = whole;
  if (whole.length < SEARCH_MAX_CANDIDATES) {
    // Each statement after a search's first starts a turn of its own (src/lib/turns.ts): they answer synchronously,
    // and back to back, with the ranking between them, would hold up every cached hit waiting meanwhile.
    if (prefix) await takeTurn();
    found = await candidates(fts5Expression(terms));
  }
  return sort === "newest" ? found : breakTiesByBody(ds, found, terms, filters.gated === true);
}

/**
 * Among the best TIE_BREAK_CANDIDATES, a candidate whose score another one shares gets as relevance how many times the
 * terms occur in its body: a word in the summary and the body comes before one in the summary alone.
 */
async function breakTiesByBody(ds: SqlReader, rows: CandidateRow[], terms: SearchTerm[], gated: boolean): Promise<CandidateRow[]> {
  const shared = new Map<number, number>();
  for (const r of rows) shared.set(r.score, (shared.get(r.score) ?? 0) + 1);
  const tied = orderCandidates(rows)
    .slice(0, TIE_BREAK_CANDIDATES)
    .filter((r) => shared.get(r.score)! > 1);
  if (!tied.length) return rows;
  await takeTurn();
  const bodies: { id: number; body: string | null }[] = await ds.query(BODIES[gated ? "gated" : "free"] + `(${tied.map(() => "?").join(", ")})`, tied.map((r) => r.id));
  const wanted = foldedTerms(terms);
  const counts = new Map(
    bodies.map((b) => {
      const text = folded(b.body ?? "");
      return [Number(b.id), wanted.reduce((sum, t) => sum + occurrences(text, t), 0)];
    }),
  );
  for (const r of tied) r.relevance = counts.get(Number(r.id)) ?? 0;
  return rows;
}
