// A search query as every engine reads it: terms of letters and digits, so user input never reaches an engine's
// query syntax (each engine quotes what it is given), and the expressions each engine's index answers.
import { SEARCH_MIN_LENGTH } from "../../schemas/constants.js";
import { WORD } from "../../lib/fold.js";

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
    const words = (raw.match(WORD) ?? []).filter((w) => /[\p{L}\p{N}]/u.test(w));
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

/** InnoDB's defaults: innodb_ft_min_token_size = 3 and its built-in stopword list. */
const INNODB_MIN_TOKEN = 3;
const INNODB_STOPWORDS = new Set(
  "a about an are as at be by com de en for from how i in is it la of on or that the this to was what when where who will with und www".split(" "),
);
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


/** A string literal of Groonga's script syntax (Mroonga's `*SS`): backslash and double quote escaped. */
export const groongaString = (s: string) => `"${s.replace(/[\\"]/g, (m) => "\\" + m)}"`;

/**
 * A Groonga query (Mroonga): every term a quoted phrase of its words, so no word is read as an operator
 * (`OR`, `-`); the last bare word also as a prefix (`word*`): alone, a prefix would miss a word that Groonga's
 * tokenizer splits (letters and digits: `z9` is `z` `9`). Groonga indexes every word, short ones and stopwords too.
 */
export function groongaQuery(terms: SearchTerm[]): string {
  return terms
    .filter((t) => t.words.length)
    .map((t) => (t.prefix ? `("${t.words[0]}" OR ${t.words[0]}*)` : `"${t.words.join(" ")}"`))
    .join(" ");
}
