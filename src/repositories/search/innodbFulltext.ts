// MySQL/MariaDB without Mroonga: InnoDB FULLTEXT in boolean mode (ArticleSearch and PremiumSearch migrations), the
// bounded fallback. InnoDB cannot stop at the newest matches: a word found in most of the archive walks all of it,
// so each query has a time limit past which the titles, summaries and categories of the newest articles answer.
import type { DataSource } from "typeorm";
import { SEARCH_MAX_CANDIDATES, TITLE_SUMMARY_FILTER, articleFilters, substringSearch, type CandidateRow, type SearchFilters } from "./articleFilters.js";
import { innodbExpressions, type SearchTerm } from "./terms.js";

/**
 * Longest a full-text query may run: a word found in most of a 100,000-article archive takes tens of seconds and
 * would hold a pooled connection that long. Past this the search falls back to the titles, summaries and
 * categories of the newest articles.
 */
export const SEARCH_TIMEOUT_MS = 1500;
/** Codes of a full-text query that gave up: stopped by its time limit (MariaDB 1969, MySQL 3024), or
 *  InnoDB's full-text result cache overflowing on a phrase of words found almost everywhere (188). */
const FULLTEXT_GAVE_UP_ERRORS = new Set([1969, 3024, 188]);
/** MySQL's time limit of a full-text query, as an optimizer hint (a literal: hints take no parameters). */
const MYSQL_TIME_LIMIT = `SELECT /*+ MAX_EXECUTION_TIME(${SEARCH_TIMEOUT_MS}) */ `;

/**
 * InnoDB's relevance weighs a word by its rarity in each index, which makes per-column weights
 * unstable: the columns that match decide the rank (title, then excerpt, then body), relevance breaks ties.
 */
const innodbCandidates = (body: "content" | "previewContent") =>
  "SELECT a.id AS id, (MATCH(a.title) AGAINST(? IN BOOLEAN MODE) > 0) * 4 + (MATCH(a.excerpt) AGAINST(? IN BOOLEAN MODE) > 0) * 2 " +
  `+ (MATCH(a.${body}) AGAINST(? IN BOOLEAN MODE) > 0) AS score, MATCH(a.title, a.excerpt, a.${body}, a.category) AGAINST(? IN BOOLEAN MODE) AS relevance, ` +
  `a.publishedAt AS publishedAt FROM article a WHERE MATCH(a.title, a.excerpt, a.${body}, a.category) AGAINST(? IN BOOLEAN MODE)`;
const INNODB_ORDER = " ORDER BY a.id DESC LIMIT ?";

export async function innodbCandidatesFor(ds: DataSource, terms: SearchTerm[], filters: SearchFilters): Promise<CandidateRow[]> {
  const { required, any, substring: partial } = innodbExpressions(terms);
  const { where, params } = articleFilters(filters, partial);
  if (!required) return substringSearch(ds, { where, params });
  const mariadb = ds.options.type === "mariadb";
  const limit = mariadb ? { prefix: "SET STATEMENT max_statement_time = ? FOR ", params: [Math.max(0.000001, (filters.timeoutMs ?? SEARCH_TIMEOUT_MS) / 1000)] } : { prefix: "", params: [] };
  /** The matches in one body column; `premium` restricts them to premium (1) or other (0) articles. */
  const candidates = (body: "content" | "previewContent", premium?: 0 | 1): Promise<CandidateRow[]> => {
    const select = innodbCandidates(body);
    return ds.query(limit.prefix + (mariadb ? select : select.replace("SELECT ", MYSQL_TIME_LIMIT)) + (premium === undefined ? "" : ` AND a.isPremium = ${premium}`) + where + INNODB_ORDER, [
      ...limit.params,
      any, any, any, required, required, ...params, SEARCH_MAX_CANDIDATES,
    ]);
  };
  try {
    // A non-member's search reads premium articles through the index of their previews, every other one through the
    // index of its body; the newest SEARCH_MAX_CANDIDATES of both are ranked.
    return filters.gated === true
      ? await candidates("content")
      : [...(await candidates("content", 0)), ...(await candidates("previewContent", 1))].sort((x, y) => Number(y.id) - Number(x.id)).slice(0, SEARCH_MAX_CANDIDATES);
  } catch (error) {
    const code = (error as { driverError?: { errno?: number }; errno?: number }).driverError?.errno ?? (error as { errno?: number }).errno;
    if (!FULLTEXT_GAVE_UP_ERRORS.has(code ?? 0)) throw error;
    filters.onTimeout?.();
    // Every term by substring in the newest articles' titles, summaries and categories (bodies are too big to scan).
    return substringSearch(ds, articleFilters(filters, terms.map((t) => t.raw), TITLE_SUMMARY_FILTER));
  }
}
