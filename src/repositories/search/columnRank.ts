// Ranking by columns, as SQLite's FTS5 queries of several terms and every Mroonga query are ranked: for each term,
// the weight of the best short column it is in, read from the candidates themselves.
import type { SearchTerm } from "./terms.js";

/** Title above excerpt above body; the category counts a little (also FTS5's bm25 column weights). */
export const COLUMN_WEIGHTS = { title: 10, excerpt: 4, category: 2, body: 1 };

export interface ColumnsRow {
  title: string;
  excerpt: string;
  category: string;
}

/** Words as FTS5's unicode61 tokenizer (remove_diacritics 2) sees them, as far as ranking needs: lower case, no diacritics. */
const tokens = (text: string) => text.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

/** Whether a term's words occur in `found` one after the other (the last one as a prefix for a prefix term). */
function occurs(found: string[], words: string[], prefix: boolean) {
  const last = words.length - 1;
  return found.some((_, start) => words.every((w, i) => (i === last && prefix ? found[start + i]?.startsWith(w) : found[start + i] === w)));
}

/**
 * Each candidate's score: for every term, the weight of the best column it is in (title, then excerpt, then
 * category); a term in none of them is in the body, which the index matched. The same order bm25's weights give
 * a title, an excerpt and a body-only match, without counting the phrases across the archive.
 */
export function rankByColumns<R extends ColumnsRow>(rows: R[], terms: SearchTerm[]): (Omit<R, "title" | "excerpt" | "category"> & { score: number })[] {
  const wanted = terms.filter((t) => t.words.length).map((t) => ({ words: t.words.flatMap(tokens), prefix: t.prefix }));
  return rows.map(({ title, excerpt, category, ...rest }) => {
    const columns = [[tokens(title), COLUMN_WEIGHTS.title], [tokens(excerpt), COLUMN_WEIGHTS.excerpt], [tokens(category), COLUMN_WEIGHTS.category]] as const;
    const score = wanted.reduce((sum, t) => sum + (columns.find(([found]) => occurs(found, t.words, t.prefix))?.[1] ?? COLUMN_WEIGHTS.body), 0);
    return { ...rest, score };
  });
}
