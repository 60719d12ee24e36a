// The reader's search options (sort, category, dates, page), shared by the REST/tRPC lists, the search page's own
// procedure and the page itself; and the answers of the search page and of the header's suggestions.
import { z } from "zod";
import { articleCardSchema } from "./article.js";
import { searchOptionFields } from "./searchOptions.js";

import { SEARCH_PAGES_MAX, SEARCH_QUERY_MAX, SEARCH_RANGES, SEARCH_RESULTS_PER_PAGE, SUGGESTIONS_MAX, SUGGEST_MIN_LENGTH } from "./searchConstants.js";

export * from "./searchConstants.js";

/** Empty form fields (a plain HTML form sends `category=` and `from=`) count as absent. */
const blankAsAbsent = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === "" ? undefined : v), schema);

export const searchPageInput = z.object({
  q: z.string().max(SEARCH_QUERY_MAX).describe("The query, as on GET /api/articles?q="),
  sort: blankAsAbsent(searchOptionFields.sort),
  category: blankAsAbsent(z.string().max(50).describe("One of the categories; an unknown value finds nothing").optional()),
  range: blankAsAbsent(z.enum(SEARCH_RANGES).describe("Past day, week, month or year (from now), or custom (from and to)").optional()),
  from: blankAsAbsent(searchOptionFields.from),
  to: blankAsAbsent(searchOptionFields.to),
  page: blankAsAbsent(z.coerce.number().int().min(1).max(SEARCH_PAGES_MAX).default(1).describe(`Page of ${SEARCH_RESULTS_PER_PAGE} results`)),
});
export type SearchPageInput = z.input<typeof searchPageInput>;

export const searchResultSchema = articleCardSchema.extend({
  snippet: z.string().describe("HTML: a passage the reader may read (title, excerpt, free body; members: the whole body) with the matched words in <mark>; everything else escaped"),
});
export type SearchResult = z.infer<typeof searchResultSchema>;

export const searchPageOutput = z.object({
  items: z.array(searchResultSchema),
  total: z.number().int().describe("How many articles match (an estimate when `approximate`)"),
  approximate: z.boolean().describe("true when `total` is estimated from the newest matches (shown as “about …”)"),
  page: z.number().int(),
  pages: z.number().int().describe("Pages of results that can be opened"),
  didYouMean: z.string().nullable().describe("For a query with no results: the query with its unknown words replaced by close words of the archive, when that finds something"),
});
export type SearchPageAnswer = z.infer<typeof searchPageOutput>;

export const suggestInput = z.object({ q: z.string().max(SEARCH_QUERY_MAX).describe(`What was typed; under ${SUGGEST_MIN_LENGTH} characters answers []`) });
export const suggestOutput = z.array(z.object({ title: z.string(), slug: z.string() })).max(SUGGESTIONS_MAX);
export type Suggestion = z.infer<typeof suggestOutput>[number];
