// The header's title suggestions and "Did you mean …", from a bounded window of the archive kept in memory: the
// titles of the newest SUGGEST_WINDOW published articles, and the words of their titles and excerpts. Titles and
// excerpts are what every reader may read, so neither ever reveals a members-only word or an embargoed article. The
// window is read again after an article changes (here or on another instance) and at least every WINDOW_TTL_MS.
import type { ContentEvents } from "../contentEvents.js";
import type { RecentTitle, SearchReads } from "../../repositories/searchReads.js";
import { SUGGESTIONS_MAX, SUGGEST_MIN_LENGTH, type Suggestion } from "../../schemas/search.js";
import { WORD, folded } from "../../lib/fold.js";

/** Newest articles whose titles are suggested and whose words make the vocabulary. */
export const SUGGEST_WINDOW = 5_000;
/** Most words kept (the most frequent); in a window of SMALL_ARCHIVE articles or more, a word must occur in two of them
 *  to count (typos rarely do twice). A smaller archive counts every word: a new publication's 40 articles name most
 *  things once ("carrier" in one title), and a reader's "carier" would otherwise get no "Did you mean …"; a typo of
 *  ours is offered only when the corrected query finds something, and a known word is never corrected. */
export const VOCABULARY_MAX = 30_000;
export const SMALL_ARCHIVE = 1_000;
const WINDOW_TTL_MS = 10 * 60_000;
/** Suggestion answers remembered per window (the endpoint is also cached by HTTP caches and the page cache). */
const ANSWERS_MAX = 2_000;

const wordsOf = (text: string) => (text.match(WORD) ?? []).map(folded);

/** Title words are indexed by their first 2 and 3 letters: a typed word is looked for only in the titles that have a
 *  word starting as it does, instead of all SUGGEST_WINDOW of them (a word in no title read every one). */
const INDEX_PREFIXES = [2, 3];

interface Window {
  titles: { title: string; slug: string; key: string; at: number }[];
  /** The first 2 and 3 letters of title words → the titles (positions in `titles`, newest first) with such a word. */
  starts: Map<string, number[]>;
  /** Word → number of articles (titles and excerpts) it occurs in. */
  documents: Map<string, number>;
  /** The vocabulary by word length, for the edit-distance look-up. */
  byLength: Map<number, string[]>;
  builtAt: number;
  answers: Map<string, Suggestion[]>;
}

export class SearchVocabulary {
  private window: Window | null = null;
  private loading: Promise<Window> | null = null;
  private changed = true;

  constructor(
    private readonly reads: Pick<SearchReads, "recentTitles">,
    events: ContentEvents,
    private readonly now = () => Date.now(),
  ) {
    events.on((change) => {
      if (change.type === "article") this.changed = true;
    });
  }

  /** Up to SUGGESTIONS_MAX titles, newest first, with a word starting with each typed word. */
  async suggest(q: string): Promise<Suggestion[]> {
    const typed = wordsOf(q);
    if (typed.join("").length < SUGGEST_MIN_LENGTH) return [];
    const window = await this.current();
    const key = typed.join(" ");
    const known = window.answers.get(key);
    if (known) return known;
    const now = this.now();
    const needles = typed.map((w) => " " + w);
    const found: Suggestion[] = [];
    for (const i of candidates(window, typed)) {
      const t = window.titles[i];
      if (t.at > now || !needles.every((n) => t.key.includes(n))) continue;
      found.push({ title: t.title, slug: t.slug });
      if (found.length === SUGGESTIONS_MAX) break;
    }
    if (window.answers.size >= ANSWERS_MAX) window.answers.clear();
    window.answers.set(key, found);
    return found;
  }

  /**
   * The words of `q` the vocabulary does not know, each with the closest word it knows (edit distance 1, or 2 for
   * words of 6 letters or more; the most frequent among equals); null when there is none.
   */
  async corrections(q: string): Promise<Map<string, string> | null> {
    const window = await this.current();
    const fixes = new Map<string, string>();
    for (const word of new Set(wordsOf(q))) {
      if (word.length < 3 || /^\d+$/.test(word) || window.documents.has(word)) continue;
      const best = closest(word, window);
      if (best) fixes.set(word, best);
    }
    return fixes.size ? fixes : null;
  }

  private async current(): Promise<Window> {
    const expired = this.window && this.now() - this.window.builtAt > WINDOW_TTL_MS;
    if (this.window && !this.changed && !expired) return this.window;
    const waitForNew = this.changed || !this.window;
    if (!this.loading) {
      this.changed = false;
      this.loading = this.reads.recentTitles(SUGGEST_WINDOW).then(
        (rows) => {
          this.loading = null;
          return (this.window = buildWindow(rows, this.now()));
        },
        (error: unknown) => {
          this.loading = null;
          this.changed = true;
          throw error;
        },
      );
    }
    // After a change, wait for the new window (a reader expects the article just published); past the TTL alone, the old one answers meanwhile.
    return waitForNew || !this.window ? this.loading : this.window;
  }
}

function buildWindow(rows: RecentTitle[], now: number): Window {
  const documents = new Map<string, number>();
  for (const r of rows) {
    // A scheduled article's words stay out until it is published (the window is read again within WINDOW_TTL_MS).
    if (r.publishedAt.getTime() > now) continue;
    for (const w of new Set(wordsOf(r.title + " " + r.excerpt))) if (w.length >= 3 && !/^\d+$/.test(w)) documents.set(w, (documents.get(w) ?? 0) + 1);
  }
  const minDocuments = rows.length < SMALL_ARCHIVE ? 1 : 2;
  let kept = [...documents].filter(([, n]) => n >= minDocuments);
  if (kept.length > VOCABULARY_MAX) kept = kept.sort((a, b) => b[1] - a[1]).slice(0, VOCABULARY_MAX);
  const byLength = new Map<number, string[]>();
  for (const [w] of kept) byLength.set(w.length, [...(byLength.get(w.length) ?? []), w]);
  const titles = rows.map((r) => ({ title: r.title, slug: r.slug, key: " " + wordsOf(r.title).join(" "), at: r.publishedAt.getTime() }));
  const starts = new Map<string, number[]>();
  titles.forEach((t, i) => {
    for (const w of t.key.split(" ")) {
      for (const n of INDEX_PREFIXES) {
        if (w.length < n) break;
        const start = w.slice(0, n);
        const list = starts.get(start);
        if (!list) starts.set(start, [i]);
        // Titles come in order: a title with two words starting alike is listed once.
        else if (list.at(-1) !== i) list.push(i);
      }
    }
  });
  return {
    titles,
    starts,
    documents: new Map(kept),
    byLength,
    builtAt: now,
    answers: new Map(),
  };
}

/** The titles that may hold every typed word, newest first: the shortest list of the index among the typed words
 *  long enough to look up; every title when none is. */
function candidates(window: Window, typed: string[]): Iterable<number> {
  let shortest: number[] | undefined;
  for (const w of typed) {
    const n = Math.min(w.length, INDEX_PREFIXES.at(-1)!);
    if (n < INDEX_PREFIXES[0]) continue;
    const list = window.starts.get(w.slice(0, n)) ?? [];
    if (!shortest || list.length < shortest.length) shortest = list;
  }
  return shortest ?? window.titles.keys();
}

function closest(word: string, window: Window): string | null {
  const max = word.length >= 6 ? 2 : 1;
  let best: { w: string; d: number; n: number } | null = null;
  for (let len = word.length - max; len <= word.length + max; len++) {
    for (const candidate of window.byLength.get(len) ?? []) {
      const d = editDistance(word, candidate, max);
      if (d > max) continue;
      const n = window.documents.get(candidate) ?? 0;
      if (!best || d < best.d || (d === best.d && n > best.n)) best = { w: candidate, d, n };
    }
  }
  return best?.w ?? null;
}

/** Levenshtein distance with adjacent transpositions counted as one edit; anything over `max` is reported as max + 1. */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prevPrev: number[] = [];
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, prevPrev[j - 2] + 1);
      row.push(v);
      rowMin = Math.min(rowMin, v);
    }
    if (rowMin > max) return max + 1;
    prevPrev = prev;
    prev = row;
  }
  return prev[b.length];
}
