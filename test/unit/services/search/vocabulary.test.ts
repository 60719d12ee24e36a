// "Did you mean …" from the window's vocabulary: on a small archive a word of one article counts; past SMALL_ARCHIVE a
// word must occur in two (a typo of one title is not offered as the correction of a reader's typo).
import { SMALL_ARCHIVE, SearchVocabulary } from "../../../../src/services/search/vocabulary.js";
import { ContentEvents } from "../../../../src/services/contentEvents.js";
import type { RecentTitle } from "../../../../src/repositories/searchReads.js";

const DAY = 86_400_000;
const article = (title: string, i = 0): RecentTitle => ({ title, slug: `a-${i}`, excerpt: "", publishedAt: new Date(Date.now() - (i + 1) * DAY) });
const vocabularyOf = (rows: RecentTitle[]) => new SearchVocabulary({ recentTitles: async () => rows }, new ContentEvents(() => undefined));
const fixesOf = async (rows: RecentTitle[], q: string) => Object.fromEntries((await vocabularyOf(rows).corrections(q)) ?? []);

test("a small archive: a word of one title corrects a reader's typo", async () => {
  const rows = [article("Carrier strike group sails", 0), article("Budget talks resume", 1)];
  expect(await fixesOf(rows, "carier strik")).toEqual({ carier: "carrier", strik: "strike" });
  // Known words are left alone.
  expect(await fixesOf(rows, "carrier budget")).toEqual({});
});

test("a large archive: a word must be in two articles", async () => {
  const filler = Array.from({ length: SMALL_ARCHIVE }, (_, i) => article(`Routine report number ${i}`, i + 2));
  const once = [article("Carrier strike group sails", 0), ...filler];
  expect(await fixesOf(once, "carier")).toEqual({});
  const twice = [article("Carrier strike group sails", 0), article("A carrier in port", 1), ...filler];
  expect(await fixesOf(twice, "carier")).toEqual({ carier: "carrier" });
});
