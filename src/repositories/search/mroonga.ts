// MariaDB with Mroonga: Groonga's full-text index over `article_search` (mroongaIndex.ts). The whole condition is one
// MATCH … AGAINST in Groonga's script syntax (`*SS`), so Mroonga orders and limits inside Groonga ("ORDER BY LIMIT
// optimisation") and hands MariaDB only the newest SEARCH_MAX_CANDIDATES matches; any other condition in the WHERE
// would make it hand over every match first (a word found in 80,000 articles: 300–500 ms instead of 15–40 ms).
import type { DataSource } from "typeorm";
import { SEARCH_MAX_CANDIDATES, articleFilters, substringSearch, type CandidateRow, type SearchFilters } from "./articleFilters.js";
import { toDbDate } from "../../lib/time.js";
import { rankByColumns, type ColumnsRow } from "./columnRank.js";
import { MROONGA_FULLTEXT, MROONGA_TABLE } from "./mroongaIndex.js";
import { groongaQuery, groongaString, type SearchTerm } from "./terms.js";

/**
 * The index a query reads, named as Groonga names it: naming the columns instead would let Groonga pick any index
 * holding them, and its prefix search ignores which columns of an index were named (a non-member's `word*` would
 * then find words of the members-only body).
 */
const INDEX = { free: `${MROONGA_TABLE}#${MROONGA_FULLTEXT.free}.index`, all: `${MROONGA_TABLE}#${MROONGA_FULLTEXT.all}.index` };
/** The same index as MySQL sees it (mroongaIndex.ts): a non-member's holds no members-only text. */
const MATCH = { free: "MATCH(s.title, s.excerpt, s.category, s.body)", all: "MATCH(s.title, s.excerpt, s.category, s.body, s.gated)" };
/** Published articles not out yet (IDX_article_status_published), and the newest id. */
const SCHEDULED_AND_TOP = "SELECT COUNT(*) AS scheduled, (SELECT MAX(id) FROM article) AS top FROM article WHERE status = 'published' AND publishedAt > ?";
/** How many of the newest ids a search of one term looks through first (bench/mroongaDesigns.ts: the window's own
 *  cost grows with its size, about 0.8 ms of the server's CPU per 1,000 ids at 100,000 articles). */
export const MROONGA_WINDOW = 2_000;
/** Exact words only: Groonga would otherwise "escalate" a word found nowhere to a partial match (`hyperso` finding
 *  hypersonic as a non-last word), unlike FTS5. */
const select = (match: string) =>
  `SET STATEMENT mroonga_match_escalation_threshold = -1 FOR SELECT s.id AS id, s.publishedMs AS publishedMs, s.title AS title, s.excerpt AS excerpt, s.category AS category, ${match} AGAINST(? IN BOOLEAN MODE) AS relevance FROM ${MROONGA_TABLE} s WHERE ${match} AGAINST(? IN BOOLEAN MODE) ORDER BY s.id DESC LIMIT ?`;
const SELECTS = { free: select(MATCH.free), all: select(MATCH.all) };

/** The filters as Groonga conditions; each value a number or a quoted literal. Not "published by now": checking
 *  that on every match costs 15–20 ms for a common word, so the few scheduled articles are read past instead. */
function conditions(filters: SearchFilters): string[] {
  const all: string[] = [];
  if (filters.category !== undefined) all.push(`category == ${groongaString(filters.category)}`);
  if (filters.breaking !== undefined) all.push(`isBreaking == ${filters.breaking ? 1 : 0}`);
  if (filters.after) all.push(`publishedMs >= ${filters.after.getTime()}`);
  if (filters.before) all.push(`publishedMs <= ${filters.before.getTime()}`);
  return all;
}

/** The `*SS` script of a search: the text match (Groonga narrows by its index), then the filters checked on its matches. */
export function mroongaScript(terms: SearchTerm[], filters: SearchFilters, fromId?: number): string {
  const match = `query(${groongaString(INDEX[filters.gated === true ? "all" : "free"])}, ${groongaString(groongaQuery(terms))})`;
  // An id range first: Groonga reads it from the table's key, then keeps the matches inside it.
  return `*SS ${[...(fromId ? [`_key >= ${Math.floor(fromId)}`] : []), match, ...conditions(filters)].join(" && ")}`;
}

/** A match as read; its publication time in ms is set from publishedMs when it is checked (it is no column). */
type MroongaRow = ColumnsRow & { id: number; publishedMs: number | string; relevance: number; publishedAt: number };

export async function mroongaCandidates(ds: DataSource, terms: SearchTerm[], filters: SearchFilters): Promise<CandidateRow[]> {
  const symbols = terms.filter((t) => !t.words.length).map((t) => t.raw);
  if (symbols.length === terms.length) return substringSearch(ds, articleFilters(filters, symbols));
  // The index holds published articles, scheduled ones too (not out yet): as many more are read as there are.
  const [{ scheduled, top }]: { scheduled: number | string; top: number | string | null }[] = await ds.query(SCHEDULED_AND_TOP, [toDbDate(filters.now)]);
  const limit = SEARCH_MAX_CANDIDATES + Number(scheduled);
  const select = SELECTS[filters.gated === true ? "all" : "free"];
  const read = (script: string) => ds.query<MroongaRow[]>(select, [script, script, limit]);
  // One term: the newest articles first, Groonga then scores and sorts only the matches in that range (a word or
  // phrase found in most of the archive: 1.5–3.7 times less of the server’s CPU); when they are too few, the whole
  // archive. Several terms: the whole archive at once, which costs Groonga less than the same terms in a window.
  const from = Number(top ?? 0) - MROONGA_WINDOW;
  const windowed = from > 0 && terms.filter((t) => t.words.length).length === 1;
  let rows = windowed ? await read(mroongaScript(terms, filters, from)) : [];
  if (rows.length < limit) rows = await read(mroongaScript(terms, filters));
  const now = filters.now.getTime();
  const due = rows.filter((r) => (r.publishedAt = Number(r.publishedMs)) <= now).slice(0, SEARCH_MAX_CANDIDATES);
  // Ranked as SQLite ranks several terms: the best column of each term; Groonga's count of occurrences breaks ties.
  // The rows as read are the candidates (their time in ms): no copy of 500 rows with a Date each.
  let found: CandidateRow[] = rankByColumns(due, terms);
  if (symbols.length && found.length) {
    // Symbols are no words to Groonga: checked by substring on what the words found.
    const { where, params } = articleFilters(filters, symbols);
    const kept: { id: number }[] = await ds.query(`SELECT a.id AS id FROM article a WHERE a.id IN (${found.map(() => "?").join(", ")})${where}`, [...found.map((r) => r.id), ...params]);
    const ids = new Set(kept.map((r) => Number(r.id)));
    found = found.filter((r) => ids.has(r.id));
  }
  return found;
}
