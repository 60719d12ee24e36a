// Text as the search index compares it (FTS5's unicode61 tokenizer with remove_diacritics 2, as far as ranking and
// highlighting need): lower case, no diacritics, and a final sigma as a sigma (the index folds ς to σ; JavaScript's
// lower case writes ς at a word's end). One fold for the ranking's counts (columnRank.ts), the marked words of a
// snippet and the suggestions' vocabulary, so that they agree on what a word is.

/** A word of search text: letters and digits with their combining marks (a `g` pattern: copy it, or use it with
 *  match/matchAll, which start from the beginning). */
export const WORD = /[\p{L}\p{N}\p{M}]+/gu;

const NON_ASCII = /[^\0-\x7f]/;
const NON_ASCII_RUNS = /[^\0-\x7f]+/g;

/** Only the runs of non-ASCII characters are decomposed: NFKD over a whole body costs ten times more. */
export function folded(text: string): string {
  const lower = text.toLowerCase();
  return NON_ASCII.test(lower) ? lower.replace(NON_ASCII_RUNS, (run) => run.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase().replaceAll("ς", "σ")) : lower;
}
