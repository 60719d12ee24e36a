// Ranking by columns, as every SQLite FTS5 and Mroonga query is ranked: for each term, the weight of the best short
// column it is in, read from the candidates themselves.
import type { SearchTerm } from "./terms.js";

/** Title above excerpt above body; the category counts a little. */
export const COLUMN_WEIGHTS = { title: 10, excerpt: 4, category: 2, body: 1 };

export interface ColumnsRow {
  title: string;
  excerpt: string;
  category: string;
}

const ASCII = /^[\t\n\r -~]*$/;
/** Text as FTS5's unicode61 tokenizer (remove_diacritics 2) compares it, as far as ranking needs: lower case, no diacritics. */
const folded = (text: string) => (ASCII.test(text) ? text.toLowerCase() : text.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase());
const tokens = (text: string) => text.match(/[\p{L}\p{N}]+/gu) ?? [];

/** Whether a term's words occur in `found` one after the other (the last one as a prefix for a prefix term). */
function occurs(found: string[], words: string[], prefix: boolean) {
  const last = words.length - 1;
  return found.some((_, start) => words.every((w, i) => (i === last && prefix ? found[start + i]?.startsWith(w) : found[start + i] === w)));
}

/** Whether a term is in a column's text: a substring test first (most columns hold none of it), then its words. */
function inColumn(text: string, term: { words: string[]; prefix: boolean }) {
  if (!term.words.every((w) => text.includes(w))) return false;
  return occurs(tokens(text), term.words, term.prefix);
}

/**
 * Each candidate's score: for every term, the weight of the best column it is in (title, then excerpt, then
 * category); a term in none of them is in the body, which the index matched. Equal scores are ranked newest first
 * (articleSearch.ts).
 */
export function rankByColumns<R extends ColumnsRow>(rows: R[], terms: SearchTerm[]): (Omit<R, "title" | "excerpt" | "category"> & { score: number })[] {
  const wanted = terms.filter((t) => t.words.length).map((t) => ({ words: t.words.flatMap((w) => tokens(folded(w))), prefix: t.prefix }));
  return rows.map(({ title, excerpt, category, ...rest }) => {
    const columns = [[folded(title), COLUMN_WEIGHTS.title], [folded(excerpt), COLUMN_WEIGHTS.excerpt], [folded(category), COLUMN_WEIGHTS.category]] as const;
    const score = wanted.reduce((sum, t) => sum + (columns.find(([text]) => inColumn(text, t))?.[1] ?? COLUMN_WEIGHTS.body), 0);
    return { ...rest, score };
  });
}
