// A search result's passage with the matched words in <mark>: built from text the reader may read (the caller
// chooses it), escaped piece by piece. Only concatenation touches the text: no replacement pattern ("$&") of a
// query or a body is ever interpreted, and markup in either comes out as text.
import { WORD, folded } from "../../lib/fold.js";
import { escapeHtml } from "../../lib/html.js";
import type { SearchTerm } from "../../repositories/articleSearch.js";

/** Of a body, only the start is read for its snippet (bounded work per result); a match further in shows the excerpt. */
export const SNIPPET_SCAN_CHARS = 20_000;
/** Characters of a passage around its first match. */
export const SNIPPET_LENGTH = 220;

type Marked = { matches: (word: string) => boolean; words: string[]; starts: RegExp | null };
/** Each query's words to mark, made once for its page of results (the same array of terms for every hit). */
const markedOf = new WeakMap<SearchTerm[], Marked>();

/** The words to mark: every word of the query; the last bare word also as a prefix (`words`: all of them, normalized). */
export function markedWords(terms: SearchTerm[]): Marked {
  let marked = markedOf.get(terms);
  if (!marked) markedOf.set(terms, (marked = wordsToMark(terms)));
  return marked;
}

function wordsToMark(terms: SearchTerm[]): Marked {
  const exact = new Set<string>();
  let prefix: string | null = null;
  // Single letters ("b" of a typed "<b>", the "s" of "NATO's") would mark noise.
  for (const t of terms) for (const w of t.words) if (w.length > 1) exact.add(folded(w));
  const last = terms.at(-1);
  if (last?.prefix) prefix = folded(last.words[0]);
  const words = [...exact, ...(prefix ? [prefix] : [])];
  return { matches: (word: string) => exact.has(word) || (prefix !== null && word.startsWith(prefix)), words, starts: wordStarts(words) };
}

const PLAIN_ASCII = /^[\t\n\r -~]*$/;

/**
 * One case-insensitive search for the first place one of the words (those of letters and digits only: normalized, so
 * lower case) starts a word (not "ship" inside "leadership"): in plain-ASCII text every match starts there or later.
 */
function wordStarts(words: string[]): RegExp | null {
  const plain = words.filter((w) => /^[a-z0-9]+$/.test(w));
  return plain.length ? new RegExp(`(?<![a-z0-9])(?:${plain.join("|")})`, "i") : null;
}

/** Characters of the markdown kept on each side of the first mention: the passage needs far less. */
const AROUND = 600;
const ALPHANUMERIC = /[a-z0-9]/i;

/**
 * A body whose text up to the first place a query word appears is plain ASCII (the usual case) is cut to the part
 * around that place, found by one case-insensitive search, so the markdown is stripped and scanned over a few hundred
 * characters instead of the whole body. Other bodies (where "zurich" may be written "Zürich" before it) are scanned whole.
 * The cut starts at a line's start or a word's, never inside a word, whose end ("ship" of "leadership") would read as
 * a word of its own there (the first match, marked at the passage's start).
 */
function aroundFirstMention(markdown: string, starts: RegExp | null): string {
  const text = markdown.slice(0, SNIPPET_SCAN_CHARS);
  const first = starts?.exec(text);
  if (!first || !PLAIN_ASCII.test(text.slice(0, first.index))) return text;
  const at = first.index;
  // Start after a line break when there is one near, so a heading or list marker is recognised as markup.
  const from = Math.max(0, at - AROUND);
  const lineStart = from === 0 ? 0 : text.indexOf("\n", from) + 1 || from;
  let start = lineStart > at ? from : lineStart;
  // The text before the mention is plain ASCII: a word there is [a-z0-9]+.
  while (start > 0 && ALPHANUMERIC.test(text[start - 1])) start--;
  return text.slice(start, at + AROUND);
}

/** Markdown to the text a reader sees, roughly: images, link targets, markup and formatting characters gone. */
export function plainTextOf(markdown: string): string {
  return markdown
    .slice(0, SNIPPET_SCAN_CHARS)
    .replace(/!\[[^\]]*\]\([^)]*\)/g, " ")
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/<[^>]*>/g, " ")
    .replace(/^\s{0,3}(?:#{1,6}|>|[-*+]|\d+\.)\s+/gm, "")
    .replace(/[*_`~|]+/g, "")
    // Every run of white space as one space; a lone space (most of them) is left, not replaced by another.
    .replace(/(?! (?!\s))\s+/g, " ")
    .trim();
}

type Word = { start: number; end: number; hit: boolean };

/** The words of `text` from `from` to `to` with their places, the matched ones flagged. */
function scan(text: string, matches: (word: string) => boolean, from = 0, to = text.length): Word[] {
  const words: Word[] = [];
  const re = new RegExp(WORD.source, "gu");
  re.lastIndex = from;
  for (let m = re.exec(text); m && m.index < to; m = re.exec(text)) words.push({ start: m.index, end: m.index + m[0].length, hit: matches(folded(m[0])) });
  return words;
}

/** Where the first matched word of `text` starts, or -1; stops at the first. Plain-ASCII text is read word by word only
 *  from the first place a word starts as one of the query's does (`starts`), and not at all when none does. */
function firstHit(text: string, matches: (word: string) => boolean, starts: RegExp | null): number {
  const re = new RegExp(WORD.source, "gu");
  if (starts && PLAIN_ASCII.test(text)) {
    const first = starts.exec(text);
    if (!first) return -1;
    re.lastIndex = first.index;
  }
  for (let m = re.exec(text); m; m = re.exec(text)) if (matches(folded(m[0]))) return m.index;
  return -1;
}

/** The passage of `text` around the word starting at `hit` (or the text's start), escaped, with every match in it marked. */
function passage(text: string, hit: number, matches: (word: string) => boolean): string {
  // Start and end on word boundaries: the window is scanned a little wider, then cut at whole words.
  const wanted = hit > 0 ? Math.max(0, hit - Math.floor(SNIPPET_LENGTH / 4)) : 0;
  const words = scan(text, matches, Math.max(0, wanted - 40), Math.min(text.length, wanted + SNIPPET_LENGTH + 40));
  const from = wanted === 0 ? 0 : (words.find((w) => w.start >= wanted)?.start ?? wanted);
  let to = Math.min(text.length, from + SNIPPET_LENGTH);
  if (to < text.length) to = words.findLast((w) => w.end <= to)?.end ?? to;
  let html = from > 0 ? "… " : "";
  let at = from;
  for (const w of words) {
    if (!w.hit || w.start < from || w.end > to) continue;
    html += escapeHtml(text.slice(at, w.start)) + "<mark>" + escapeHtml(text.slice(w.start, w.end)) + "</mark>";
    at = w.end;
  }
  return html + escapeHtml(text.slice(at, to)) + (to < text.length ? " …" : "");
}

/**
 * The snippet of a result: the excerpt when a query word is in it, else the passage of the readable body around its
 * first match, else the excerpt as it is (the match was in the title or the category).
 */
export function buildSnippet(terms: SearchTerm[], readable: { excerpt: string; body: string }): string {
  return buildSnippets(terms, readable.excerpt, [readable.body])[0];
}

/** buildSnippet's snippet from each of `bodies` (a result's whole body and its free preview) with one reading of its excerpt. */
function buildSnippets(terms: SearchTerm[], excerpt: string, bodies: string[]): string[] {
  const { matches, starts } = markedWords(terms);
  const inExcerpt = firstHit(excerpt, matches, starts);
  if (inExcerpt >= 0) {
    const inIt = passage(excerpt, inExcerpt, matches);
    return bodies.map(() => inIt);
  }
  let excerptAsItIs: string | undefined;
  return bodies.map((markdown) => {
    const body = plainTextOf(aroundFirstMention(markdown, starts));
    const inBody = firstHit(body, matches, starts);
    return inBody >= 0 ? passage(body, inBody, matches) : (excerptAsItIs ??= passage(excerpt, 0, matches));
  });
}

/** Rows read for search results whose text columns (`texts`) are to become their snippets, for `terms`, beside the
 *  column holding each row's excerpt. */
export interface SnippetColumns {
  terms: SearchTerm[];
  excerpt: string;
  texts: string[];
}

/**
 * Each row's text columns replaced by their snippets (buildSnippet), in place. On SQLite a read thread does it
 * (readWorker.ts), so what crosses into the event loop's heap is a passage per text instead of up to
 * SNIPPET_SCAN_CHARS, and the snippets' CPU is the thread's; elsewhere the event loop does it on the rows as read.
 * Which snippet a reader gets is the presenter's choice (presentSearchHit: the paywall rule).
 */
export function snippetsInRows<T extends Record<string, unknown>>(rows: T[], { terms, excerpt, texts }: SnippetColumns): T[] {
  for (const row of rows) {
    const shown = typeof row[excerpt] === "string" ? row[excerpt] : "";
    const snippets = buildSnippets(terms, shown, texts.map((column) => (typeof row[column] === "string" ? row[column] : "")));
    texts.forEach((column, i) => ((row as Record<string, unknown>)[column] = snippets[i]));
  }
  return rows;
}
