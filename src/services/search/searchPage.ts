// The search page's answer: one page of results with their snippets, how many match in all (“about 1,200” past
// the ranked candidates), how many pages, and “Did you mean …” for a query that found nothing.
import { SEARCH_MAX_CANDIDATES, parseSearchQuery, type SearchFilters } from "../../repositories/articleSearch.js";
import type { SearchReads } from "../../repositories/searchReads.js";
import { publicationWindow } from "../../lib/publicationWindow.js";
import { CATEGORIES } from "../../schemas/constants.js";
import { SEARCH_RESULTS_PER_PAGE, type SearchPageAnswer, type searchPageInput } from "../../schemas/search.js";
import type { z } from "zod";
import { WORD, folded } from "../../lib/fold.js";
import { presentSearchHit } from "../../presenters/search.js";
import { readsPremium, type Viewer } from "../../presenters/viewer.js";
import type { SearchVocabulary } from "./vocabulary.js";

type Input = z.output<typeof searchPageInput>;

const NOTHING = (page: number): SearchPageAnswer => ({ items: [], total: 0, approximate: false, page, pages: 0, didYouMean: null });

/** Rounded to two significant digits: an estimate shown as “about 1,200”. */
const roughly = (n: number) => {
  const unit = 10 ** Math.max(0, Math.floor(Math.log10(n)) - 1);
  return Math.round(n / unit) * unit;
};

export class SearchPageService {
  constructor(
    private readonly reads: SearchReads,
    private readonly vocabulary: SearchVocabulary,
  ) {}

  /** Titles for the header's suggestions (vocabulary.ts). */
  suggest(q: string) {
    return this.vocabulary.suggest(q);
  }

  /** The page of results `input.page` for this viewer: members and the newsroom search (and read) premium bodies too. */
  async results(input: Input, viewer: Viewer, timeZone: string, now = new Date()): Promise<SearchPageAnswer> {
    const gated = readsPremium(viewer);
    const q = input.q.trim();
    const terms = parseSearchQuery(q);
    if (!terms.length || (input.category !== undefined && !(CATEGORIES as readonly string[]).includes(input.category))) return NOTHING(input.page);
    const { after, before } = publicationWindow(input, timeZone, now);
    const filters: SearchFilters = { category: input.category, now, gated, after, before, sort: input.sort };
    const ids = await this.reads.matchIds(q, filters);
    if (!ids.length) return { ...NOTHING(input.page), didYouMean: await this.didYouMean(q, filters) };
    const start = (input.page - 1) * SEARCH_RESULTS_PER_PAGE;
    const { rows, maxId } = await this.reads.cardsWithSnippets(ids.slice(start, start + SEARCH_RESULTS_PER_PAGE), terms);
    const { total, approximate } = ids.length < SEARCH_MAX_CANDIDATES ? { total: ids.length, approximate: false } : await this.estimate(ids, maxId);
    return {
      items: rows.map((row) => presentSearchHit(row, viewer)),
      total,
      approximate,
      page: input.page,
      pages: Math.ceil(ids.length / SEARCH_RESULTS_PER_PAGE),
      didYouMean: null,
    };
  }

  /**
   * The ranked candidates are the newest matches: the share of the archive's ids they span gives the rate of matches,
   * and so about how many match in all, on every engine, without counting them. The highest id comes with the cards
   * when they were read; past the last page (no cards), by a statement of its own.
   */
  private async estimate(ids: number[], known?: number) {
    const maxId = known ?? (await this.reads.maxArticleId());
    const oldest = Math.min(...ids);
    const spanned = Math.max(1, maxId - oldest + 1);
    return { total: Math.max(ids.length, roughly((ids.length * maxId) / spanned)), approximate: true };
  }

  /** The query with its unknown words replaced by the closest known ones, when that finds something with the same filters. */
  private async didYouMean(q: string, filters: SearchFilters): Promise<string | null> {
    const fixes = await this.vocabulary.corrections(q);
    if (!fixes) return null;
    // Word by word, by slicing: the query's own text (its "$&", its markup) is copied, never read as a pattern.
    let corrected = "";
    let at = 0;
    for (const m of q.matchAll(WORD)) {
      const fix = fixes.get(folded(m[0]));
      if (fix === undefined) continue;
      corrected += q.slice(at, m.index) + fix;
      at = m.index + m[0].length;
    }
    corrected += q.slice(at);
    return (await this.reads.matchIds(corrected, filters)).length ? corrected : null;
  }
}
