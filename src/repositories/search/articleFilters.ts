// What every engine shares: the filters a search takes (plain conditions beside the text match) and the bounded
// substring search over `article` for terms no index holds (symbols; on InnoDB short words and stopwords too).
import { toDbDate } from "../../lib/time.js";

/** At most this many matches are ranked: the newest ones (by id). Nobody pages past 500 results. */
export const SEARCH_MAX_CANDIDATES = 500;
/** Terms no index can find: how many of the newest articles are searched by substring. */
export const SEARCH_SUBSTRING_WINDOW = 10_000;

export type SearchSort = "relevance" | "newest";

export interface SearchFilters {
  category?: string;
  breaking?: boolean;
  now: Date;
  /** Published at or after / at or before (the reader's date range): plain conditions beside the text match. */
  after?: Date;
  before?: Date;
  /** relevance (default) or newest: the order of the matches. */
  sort?: SearchSort;
  /** InnoDB fallback on MariaDB: the full-text query's time limit (default SEARCH_TIMEOUT_MS; MySQL always uses the default). */
  timeoutMs?: number;
  /** Told when a full-text query gave up and the fallback answered. */
  onTimeout?: () => void;
  /** The reader reads premium articles in full (a member, the administrator): their members-only part is searched
   *  too. Anyone else's search looks in titles, excerpts, categories, free bodies and premium previews only. */
  gated?: boolean;
}

/** A candidate as the engines answer it; `relevance` breaks ties of `score` (InnoDB's and Groonga's relevance, SQLite's
 *  count of occurrences in the body). */
/** What the search statements run on: a DataSource, or a read thread's own read-only connection (../readWorker.ts). */
export interface SqlReader {
  query<T>(sql: string, params?: unknown[]): Promise<T>;
}

export interface CandidateRow {
  id: number;
  score: number;
  relevance?: number;
  /** As the engine reads it: SQLite's stored text, a Date (InnoDB), or milliseconds since the epoch (Mroonga's publishedMs). */
  publishedAt: string | Date | number;
}

// The search statements over `article a`: fixed text, every value a parameter; an absent filter is a NULL
// parameter that matches every row.
const FILTERS =
  " AND a.status = 'published' AND a.publishedAt <= ? AND (? IS NULL OR a.category = ?) AND (? IS NULL OR a.isBreaking = ?)" +
  " AND (? IS NULL OR a.publishedAt >= ?) AND (? IS NULL OR a.publishedAt <= ?)";
/** The body a search may look in: the whole body for members, else the free body (a premium article's preview). */
const FREE_BODY = "(CASE WHEN a.isPremium = 1 THEN COALESCE(a.previewContent, '') ELSE a.content END)";
const bodyFilter = (gated: boolean) =>
  ` AND (a.title LIKE ? ESCAPE '!' OR a.excerpt LIKE ? ESCAPE '!' OR ${gated ? "a.content" : FREE_BODY} LIKE ? ESCAPE '!' OR a.category LIKE ? ESCAPE '!')`;
/** Titles, summaries and categories only (bodies are too big to scan): the InnoDB fallback's fallback. */
export const TITLE_SUMMARY_FILTER = " AND (a.title LIKE ? ESCAPE '!' OR a.excerpt LIKE ? ESCAPE '!' OR a.category LIKE ? ESCAPE '!')";
const SUBSTRING_ONLY = {
  select: "SELECT a.id AS id, 0 AS score, a.publishedAt AS publishedAt FROM article a WHERE a.id > (SELECT COALESCE(MAX(id), 0) FROM article) - ?",
  order: " ORDER BY a.id DESC LIMIT ?",
};
const escapeLike = (s: string) => s.replace(/[!%_]/g, (m) => "!" + m);

export interface FilterSql {
  /** Conditions to append after a WHERE clause over `article a`. */
  where: string;
  params: unknown[];
}

/** The filters, plus one substring condition (`filter`, by default title, summary, readable body, category) per raw term. */
export function articleFilters(filters: SearchFilters, raws: string[] = [], filter = bodyFilter(filters.gated === true)): FilterSql {
  const breaking = filters.breaking === undefined ? null : filters.breaking ? 1 : 0;
  const after = filters.after ? toDbDate(filters.after) : null;
  const before = filters.before ? toDbDate(filters.before) : null;
  const params = [toDbDate(filters.now), filters.category ?? null, filters.category ?? null, breaking, breaking, after, after, before, before];
  return {
    where: FILTERS + raws.map(() => filter).join(""),
    params: [...params, ...raws.flatMap((raw) => filter.match(/\?/g)!.map(() => "%" + escapeLike(raw) + "%"))],
  };
}

/** Nothing an index can find: a substring search over the newest SEARCH_SUBSTRING_WINDOW articles, so it stays bounded. */
export function substringSearch(ds: SqlReader, { where, params }: FilterSql): Promise<CandidateRow[]> {
  return ds.query(SUBSTRING_ONLY.select + where + SUBSTRING_ONLY.order, [SEARCH_SUBSTRING_WINDOW, ...params, SEARCH_MAX_CANDIDATES]);
}

/** TypeORM's stored form of a date (UTC `YYYY-MM-DD HH:MM:SS.mmm`): such strings sort as their instants do. */
const STORED_DATE = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\.\d{3}$/;
/**
 * A publication time as a key that sorts chronologically: SQLite's own text as it is (no parsing of 500 dates per
 * search), a date (InnoDB's rows) as its milliseconds and Mroonga's milliseconds as they are (no formatting of 500
 * dates: 0.4–0.5 ms of the event loop per Mroonga search). An engine answers all its rows in one form, so keys of one
 * kind are compared.
 */
function sortableTime(v: string | Date | number): string | number {
  if (typeof v === "number") return Number.isNaN(v) ? -Infinity : v;
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? -Infinity : v.getTime();
  if (STORED_DATE.test(v)) return v;
  const ms = Date.parse(/[zZ]|[+-]\d{2}:?\d{2}$/.test(v) ? v : v.replace(" ", "T") + "Z");
  return Number.isNaN(ms) ? "" : new Date(ms).toISOString().replace("T", " ").slice(0, 23);
}

/** Best first: the score, then the relevance, then newest; or, sorted by `newest`, newest first. */
export function orderCandidates<R extends CandidateRow>(rows: R[], sort: SearchSort = "relevance"): R[] {
  const newest = sort === "newest";
  return rows
    .map((row) => ({ row, id: Number(row.id), score: newest ? 0 : Number(row.score), relevance: newest ? 0 : Number(row.relevance ?? 0), at: sortableTime(row.publishedAt) }))
    .sort((x, y) => y.score - x.score || y.relevance - x.relevance || (x.at < y.at ? 1 : x.at > y.at ? -1 : 0) || y.id - x.id)
    .map((r) => r.row);
}

/** The candidates' ids in that order: what a search answers. */
export const orderedIds = (rows: CandidateRow[], sort?: SearchSort): number[] => orderCandidates(rows, sort).map((r) => Number(r.id));
