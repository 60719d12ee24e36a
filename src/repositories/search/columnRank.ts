// Ranking by columns, as every SQLite FTS5 and Mroonga query is ranked: for each term, the weight of the best short
// column it is in, read from the candidates themselves; and the count of a term's occurrences in a body, which breaks
// ties on SQLite (sqliteFts5.ts).
import { folded } from "../../lib/fold.js";
import type { SearchTerm } from "./terms.js";

/** Title above excerpt above body; the category counts a little. */
export const COLUMN_WEIGHTS = { title: 10, excerpt: 4, category: 2, body: 1 };

export interface ColumnsRow {
  title: string;
  excerpt: string;
  category: string;
}

const tokens = (text: string) => text.match(/[\p{L}\p{N}]+/gu) ?? [];
/** A term's words as they are looked for in folded text. */
export const foldedTerms = (terms: SearchTerm[]) => terms.filter((t) => t.words.length).map((t) => ({ words: t.words.flatMap((w) => tokens(folded(w))), prefix: t.prefix }));

/** Whether a term is in a column's text: a substring test of its later words first (most columns hold none of a
 *  term), then its words one after the other, found as the index finds them (`occurrences`, stopping at the first):
 *  no tokenising of the column (splitting every excerpt that holds a term's letters into words cost about a quarter
 *  of the ranking). */
function inColumn(text: string, term: { words: string[]; prefix: boolean }) {
  for (let i = 1; i < term.words.length; i++) if (!text.includes(term.words[i])) return false;
  return occurrences(text, term, 1) > 0;
}

/**
 * Each candidate's score: for every term, the weight of the best column it is in (title, then excerpt, then
 * category); a term in none of them is in the body, which the index matched. Equal scores are ranked newest first
 * (articleSearch.ts). A column is folded only when a term is looked for in it (most terms are in no title, so most
 * excerpts are read; a category, one of a few, is folded once per search). The score is set on each row itself
 * (they are the query's own rows): copying 500 rows without their three columns cost more than the ranking.
 */
export function rankByColumns<R extends ColumnsRow>(rows: R[], terms: SearchTerm[]): (R & { score: number })[] {
  const wanted = foldedTerms(terms);
  const categories = new Map<string, string>();
  const categoryOf = (raw: string) => categories.get(raw) ?? categories.set(raw, folded(raw)).get(raw)!;
  return rows.map((row: R & { score?: number }) => {
    const { title, excerpt, category } = row;
    let [foldedTitle, foldedExcerpt, foldedCategory]: (string | undefined)[] = [];
    let score = 0;
    for (const t of wanted) {
      if (inColumn((foldedTitle ??= folded(title)), t)) score += COLUMN_WEIGHTS.title;
      else if (inColumn((foldedExcerpt ??= folded(excerpt)), t)) score += COLUMN_WEIGHTS.excerpt;
      else if (inColumn((foldedCategory ??= categoryOf(category)), t)) score += COLUMN_WEIGHTS.category;
      else score += COLUMN_WEIGHTS.body;
    }
    row.score = score;
    return row as R & { score: number };
  });
}

const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;
/** Whether the character at `i` of `text` is part of a word (false past either end). */
function wordAt(text: string, i: number): boolean {
  const c = text.charCodeAt(i);
  if (Number.isNaN(c)) return false;
  if (c < 0x80) return (c >= 0x30 && c <= 0x39) || (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a);
  // The second half of a surrogate pair: the character starts one unit earlier.
  const start = c >= 0xdc00 && c <= 0xdfff && i > 0 ? i - 1 : i;
  return LETTER_OR_DIGIT.test(String.fromCodePoint(text.codePointAt(start)!));
}

/**
 * How many times a term occurs in folded text, as the index matches it: its words one after the other, each a whole
 * word (the last one the start of a word for a prefix term). A search for the first word with indexOf, then checks
 * around each find: no tokenising of the whole text. Counting stops at `atMost`.
 */
export function occurrences(text: string, term: { words: string[]; prefix: boolean }, atMost = Infinity): number {
  const [first, ...rest] = term.words;
  if (!first) return 0;
  let count = 0;
  for (let at = text.indexOf(first); at >= 0; at = text.indexOf(first, at + 1)) {
    if (wordAt(text, at - 1)) continue;
    let end = at + first.length;
    let whole = true;
    for (const word of rest) {
      if (wordAt(text, end)) {
        whole = false;
        break;
      }
      while (end < text.length && !wordAt(text, end)) end++;
      if (!text.startsWith(word, end)) {
        whole = false;
        break;
      }
      end += word.length;
    }
    if (whole && (term.prefix || !wordAt(text, end)) && ++count >= atMost) break;
  }
  return count;
}
