// Full-text search over published articles: SQLite FTS5 (bm25) or InnoDB FULLTEXT (boolean mode),
// through the indexes of the ArticleSearch and PremiumSearch migrations. User input never reaches either engine's
// query syntax: every term is reduced to its letters and digits and quoted. A search finds only what its reader
// may read: the members-only part of a premium article is searched for members and the administrator alone.
import type { DataSource } from "typeorm";
import { isMysqlSource } from "../db.js";
import { toDbDate } from "../lib/time.js";
import { SEARCH_MIN_LENGTH } from "../schemas/constants.js";

/**
 * At most this many matches are ranked: the newest ones (by id). A word found in most of the
 * archive would otherwise rank every article on each search; nobody pages past 500 results.
 */
export const SEARCH_MAX_CANDIDATES = 500;
/** MySQL/MariaDB, terms the index cannot find (shorter than 3 letters, stopwords) only: how many of the newest articles are searched by substring. */
export const SEARCH_SUBSTRING_WINDOW = 10_000;
/**
 * MySQL/MariaDB: longest a full-text query may run. InnoDB cannot stop at the newest matches: a word
 * found in most of a 100,000-article archive takes tens of seconds and would hold a pooled connection
 * that long. Past this the search falls back to the titles, summaries and categories of the newest articles.
 */
export const SEARCH_TIMEOUT_MS = 1500;
/** Codes of a full-text query that gave up: stopped by its time limit (MariaDB 1969, MySQL 3024), or
 *  InnoDB's full-text result cache overflowing on a phrase of words found almost everywhere (188). */
const FULLTEXT_GAVE_UP_ERRORS = new Set([1969, 3024, 188]);

/** SQLite: queries of this many terms or more are ranked by the columns their terms are in; a single word by bm25. */
export const COLUMN_RANKED_TERMS = 2;
/** bm25 column weights (SQLite): title above excerpt above body; the category counts a little. `content` is the free
 *  body (a premium article's preview), `gated` a premium article's whole body (PremiumSearch migration). */
const WEIGHTS = { title: 10, excerpt: 4, content: 1, category: 2, gated: 1 };
/** SQLite: a non-member's query looks in these FTS5 columns only. */
const FREE_COLUMNS = "{title excerpt content category}";

/** InnoDB's defaults: innodb_ft_min_token_size = 3 and its built-in stopword list. */
const INNODB_MIN_TOKEN = 3;
const INNODB_STOPWORDS = new Set(
  "a about an are as at be by com de en for from how i in is it la of on or that the this to was what when where who will with und www".split(" "),
);

export interface SearchTerm {
  /** The term as typed, lower-cased (hyphens and apostrophes kept), for substring checks. */
  raw: string;
  /** Its words: runs of letters, digits and combining marks, as the indexes tokenise them. */
  words: string[];
  /** Typed inside double quotes. */
  quoted: boolean;
  /** The last bare word: matched as a prefix. */
  prefix: boolean;
}

/** Splits a query into terms: "quoted phrases" and bare words; punctuation never survives as syntax. */
export function parseSearchQuery(q: string): SearchTerm[] {
  const text = q.trim();
  if (text.length < SEARCH_MIN_LENGTH) return [];
  const terms: SearchTerm[] = [];
  for (const m of text.matchAll(/"([^"]*)"?|([^\s"]+)/gu)) {
    const raw = (m[1] ?? m[2] ?? "").trim().toLowerCase();
    const words = (raw.match(/[\p{L}\p{N}\p{M}]+/gu) ?? []).filter((w) => /[\p{L}\p{N}]/u.test(w));
    // Symbols that are content rather than punctuation (emoji, ©, °) are searched by substring.
    if (words.length || /\p{So}/u.test(raw)) terms.push({ raw, words, quoted: m[1] !== undefined, prefix: false });
  }
  const last = terms.at(-1);
  if (last && !last.quoted && last.words.length === 1 && last.words[0].length >= 2) last.prefix = true;
  return terms;
}

/** An FTS5 MATCH expression: each term a quoted phrase of its words (so F-35 is "f 35"), the last bare word a prefix. */
export function fts5Expression(terms: SearchTerm[], prefix = true): string {
  return terms
    .filter((t) => t.words.length)
    .map((t) => `"${t.words.join(" ")}"${prefix && t.prefix ? "*" : ""}`).join(" ");
}

const indexable = (word: string) => [...word].length >= INNODB_MIN_TOKEN && !INNODB_STOPWORDS.has(word);

/**
 * InnoDB boolean-mode expressions: `required` (every term, for the filter) and `any` (for the
 * per-column relevance), and the terms that need a substring check because the index holds
 * only part of them (short words, stopwords: "F-35", "O'Brien", "US").
 */
export function innodbExpressions(terms: SearchTerm[]) {
  const required: string[] = [];
  const any: string[] = [];
  const substring: string[] = [];
  for (const t of terms) {
    const kept = t.words.filter(indexable);
    if (kept.length < t.words.length || !t.words.length) substring.push(t.raw);
    if (!kept.length) continue;
    const parts = kept.length === t.words.length && kept.length > 1 ? [`"${kept.join(" ")}"`] : kept.map((w) => (t.prefix ? `${w}*` : w));
    for (const p of parts) {
      required.push(`+${p}`);
      any.push(p);
    }
  }
  return { required: required.join(" "), any: any.join(" "), substring };
}

export interface SearchFilters {
  category?: string;
  breaking?: boolean;
  now: Date;
  /** MariaDB: the full-text query's time limit (default SEARCH_TIMEOUT_MS; MySQL always uses the default). */
  timeoutMs?: number;
  /** Told when a full-text query gave up and the fallback answered. */
  onTimeout?: () => void;
  /** The reader reads premium articles in full (a member, the administrator): their members-only part is searched
   *  too. Anyone else's search looks in titles, excerpts, categories, free bodies and premium previews only. */
  gated?: boolean;
}

const escapeLike = (s: string) => s.replace(/[!%_]/g, (m) => "!" + m);

/**
 * The ids of the published articles matching `q` (and the filters), best first: relevance, then
 * newest. At most SEARCH_MAX_CANDIDATES; an empty list for a query with nothing to search.
 */
export async function searchArticleIds(ds: DataSource, q: string, filters: SearchFilters): Promise<number[]> {
  const terms = parseSearchQuery(q);
  if (!terms.length) return [];
  // The filters are fixed conditions; an absent filter is a NULL parameter that matches every row.
  const breaking = filters.breaking === undefined ? null : filters.breaking ? 1 : 0;
  const filterParams = [toDbDate(filters.now), filters.category ?? null, filters.category ?? null, breaking, breaking];
  const gated = filters.gated === true;
  /** The filters plus one substring condition (`filter`) per term. */
  const withSubstrings = (raws: string[], filter = substringFilter(gated)) => ({
    where: FILTERS + raws.map(() => filter).join(""),
    params: [...filterParams, ...raws.flatMap((raw) => filter.match(/\?/g)!.map(() => "%" + escapeLike(raw) + "%"))],
  });
  // Nothing an index can find: a substring search over the newest articles only, so it stays bounded.
  const substringOnly = ({ where, params }: { where: string; params: unknown[] }) =>
    ds.query(SUBSTRING_ONLY.select + where + SUBSTRING_ONLY.order, [SEARCH_SUBSTRING_WINDOW, ...params, SEARCH_MAX_CANDIDATES]);
  let rows: { id: number; score: number; relevance?: number; publishedAt: string | Date }[];
  if (!isMysqlSource(ds)) {
    const { where, params } = withSubstrings(terms.filter((t) => !t.words.length).map((t) => t.raw));
    if (!terms.some((t) => t.words.length)) return rank(await substringOnly({ where, params }));
    // A query of several terms, or of a phrase of several words (quoted, or a word such as "counter-drone"), is
    // ranked by the columns each term is found in: bm25 counts every phrase and word of the query across the
    // whole archive, on every query (8–40 ms at 100,000 articles for those, against 2–13 ms).
    const byColumns = terms.length >= COLUMN_RANKED_TERMS || terms.some((t) => t.words.length > 1);
    const candidates = async (match: string) => {
      const expression = gated ? match : `${FREE_COLUMNS} : (${match})`;
      return byColumns
        ? rankByColumns(await ds.query(FTS5_COLUMNS.select + where + FTS5_CANDIDATES.order, [expression, ...params, SEARCH_MAX_CANDIDATES]), terms)
        : ds.query(FTS5_CANDIDATES.select + where + FTS5_CANDIDATES.order, [...Object.values(WEIGHTS), expression, ...params, SEARCH_MAX_CANDIDATES]);
    };
    // A whole word found in enough articles already fills the candidates: the prefix query (which
    // reads every matching word's full list past 6 letters) would only add older articles.
    rows = terms.at(-1)!.prefix ? await candidates(fts5Expression(terms, false)) : [];
    if (rows.length < SEARCH_MAX_CANDIDATES) rows = await candidates(fts5Expression(terms));
    return rank(rows);
  }
  const { required, any, substring: partial } = innodbExpressions(terms);
  const { where, params } = withSubstrings(partial);
  if (!required) return rank(await substringOnly({ where, params }));
  const mariadb = ds.options.type === "mariadb";
  const limit = mariadb ? { prefix: "SET STATEMENT max_statement_time = ? FOR ", params: [Math.max(0.000001, (filters.timeoutMs ?? SEARCH_TIMEOUT_MS) / 1000)] } : { prefix: "", params: [] };
  /** The matches in one body column; `premium` restricts them to premium (1) or other (0) articles. */
  const candidates = (body: "content" | "previewContent", premium?: 0 | 1) => {
    const select = innodbCandidates(body);
    return ds.query(limit.prefix + (mariadb ? select : select.replace("SELECT ", MYSQL_TIME_LIMIT)) + (premium === undefined ? "" : ` AND a.isPremium = ${premium}`) + where + INNODB_ORDER, [
      ...limit.params,
      any, any, any, required, required, ...params, SEARCH_MAX_CANDIDATES,
    ]);
  };
  try {
    // A non-member's search reads premium articles through the index of their previews, every other one through the
    // index of its body; the newest SEARCH_MAX_CANDIDATES of both are ranked.
    rows = gated
      ? await candidates("content")
      : [...(await candidates("content", 0)), ...(await candidates("previewContent", 1))].sort((x, y) => Number(y.id) - Number(x.id)).slice(0, SEARCH_MAX_CANDIDATES);
  } catch (error) {
    const code = (error as { driverError?: { errno?: number }; errno?: number }).driverError?.errno ?? (error as { errno?: number }).errno;
    if (!FULLTEXT_GAVE_UP_ERRORS.has(code ?? 0)) throw error;
    filters.onTimeout?.();
    // Every term by substring in the newest articles' titles, summaries and categories (bodies are too big to scan).
    return rank(await substringOnly(withSubstrings(terms.map((t) => t.raw), TITLE_SUMMARY_FILTER)));
  }
  return rank(rows);
}

// The search statements: fixed text, every value a parameter. Each is `select` + FILTERS (+ one
// substring filter per term searched by substring) + `order`.
const FILTERS = " AND a.status = 'published' AND a.publishedAt <= ? AND (? IS NULL OR a.category = ?) AND (? IS NULL OR a.isBreaking = ?)";
/** The body a search may look in: the whole body for members, else the free body (a premium article's preview). */
const FREE_BODY = "(CASE WHEN a.isPremium = 1 THEN COALESCE(a.previewContent, '') ELSE a.content END)";
const substringFilter = (gated: boolean) =>
  ` AND (a.title LIKE ? ESCAPE '!' OR a.excerpt LIKE ? ESCAPE '!' OR ${gated ? "a.content" : FREE_BODY} LIKE ? ESCAPE '!' OR a.category LIKE ? ESCAPE '!')`;
const TITLE_SUMMARY_FILTER = " AND (a.title LIKE ? ESCAPE '!' OR a.excerpt LIKE ? ESCAPE '!' OR a.category LIKE ? ESCAPE '!')";
/** MySQL's time limit of a full-text query, as an optimizer hint (SEARCH_TIMEOUT_MS). */
const MYSQL_TIME_LIMIT = `SELECT /*+ MAX_EXECUTION_TIME(${SEARCH_TIMEOUT_MS}) */ `;
const SUBSTRING_ONLY = {
  select: "SELECT a.id AS id, 0 AS score, a.publishedAt AS publishedAt FROM article a WHERE a.id > (SELECT COALESCE(MAX(id), 0) FROM article) - ?",
  order: " ORDER BY a.id DESC LIMIT ?",
};
/**
 * SQLite: walking the matches newest first with a LIMIT lets FTS5 stop early: bm25 is computed for
 * the candidates only. CROSS JOIN keeps the index the outer loop (SQLite never reorders it), else a
 * filter such as the category would have the planner walk the articles and test each one. The
 * filter columns come from their covering index: from the table they would cost a walk through
 * each candidate's bodies (SQLite stores them first).
 */
const FTS5_FROM = " FROM article_fts CROSS JOIN article a INDEXED BY IDX_article_search_filter ON a.id = article_fts.rowid WHERE article_fts MATCH ?";
const FTS5_CANDIDATES = {
  select:
    "SELECT a.id AS id, -bm25(article_fts, ?, ?, ?, ?, ?) AS score, a.publishedAt AS publishedAt" + FTS5_FROM,
  order: " ORDER BY article_fts.rowid DESC LIMIT ?",
};
/** SQLite, queries ranked by columns: the candidates with the short columns their terms are looked for in. */
const FTS5_COLUMNS = {
  select:
    "SELECT a.id AS id, a.publishedAt AS publishedAt, a.title AS title, a.excerpt AS excerpt, a.category AS category" + FTS5_FROM,
};

/** Words as FTS5's unicode61 tokenizer (remove_diacritics 2) sees them, as far as ranking needs: lower case, no diacritics. */
const tokens = (text: string) => text.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

/** Whether a term's words occur in `found` one after the other (the last one as a prefix for a prefix term). */
function occurs(found: string[], words: string[], prefix: boolean) {
  const last = words.length - 1;
  return found.some((_, start) => words.every((w, i) => (i === last && prefix ? found[start + i]?.startsWith(w) : found[start + i] === w)));
}

/**
 * Each candidate's score: for every term, the weight of the best column it is in (title, then excerpt, then
 * category); a term in none of them is in the body, which FTS5 matched. The same order bm25's weights give
 * a title, an excerpt and a body-only match, without counting the phrases across the archive.
 */
function rankByColumns(rows: { id: number; publishedAt: string; title: string; excerpt: string; category: string }[], terms: SearchTerm[]) {
  const wanted = terms.filter((t) => t.words.length).map((t) => ({ words: t.words.flatMap(tokens), prefix: t.prefix }));
  return rows.map(({ id, publishedAt, title, excerpt, category }) => {
    const columns = [[tokens(title), WEIGHTS.title], [tokens(excerpt), WEIGHTS.excerpt], [tokens(category), WEIGHTS.category]] as const;
    const score = wanted.reduce((sum, t) => sum + (columns.find(([found]) => occurs(found, t.words, t.prefix))?.[1] ?? WEIGHTS.content), 0);
    return { id, publishedAt, score };
  });
}

/**
 * InnoDB's relevance weighs a word by its rarity in each index, which makes per-column weights
 * unstable: the columns that match decide the rank (title, then excerpt, then body), relevance breaks ties.
 */
const innodbCandidates = (body: "content" | "previewContent") =>
  "SELECT a.id AS id, (MATCH(a.title) AGAINST(? IN BOOLEAN MODE) > 0) * 4 + (MATCH(a.excerpt) AGAINST(? IN BOOLEAN MODE) > 0) * 2 " +
  `+ (MATCH(a.${body}) AGAINST(? IN BOOLEAN MODE) > 0) AS score, MATCH(a.title, a.excerpt, a.${body}, a.category) AGAINST(? IN BOOLEAN MODE) AS relevance, ` +
  `a.publishedAt AS publishedAt FROM article a WHERE MATCH(a.title, a.excerpt, a.${body}, a.category) AGAINST(? IN BOOLEAN MODE)`;
const INNODB_ORDER = " ORDER BY a.id DESC LIMIT ?";

/** Best first: the score, then InnoDB's relevance, then newest. */
function rank(rows: { id: number; score: number; relevance?: number; publishedAt: string | Date }[]): number[] {
  const time = (v: string | Date) => (v instanceof Date ? v.getTime() : Date.parse(v.replace(" ", "T") + "Z"));
  return rows
    .map((r) => ({ id: Number(r.id), score: Number(r.score), relevance: Number(r.relevance ?? 0), at: time(r.publishedAt) }))
    .sort((x, y) => y.score - x.score || y.relevance - x.relevance || y.at - x.at || y.id - x.id)
    .map((r) => r.id);
}
