// The search's fixed values, without zod: the reader's bundle imports these (schemas/search.ts has the schemas).
export const SEARCH_SORTS = ["relevance", "newest"] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];
/** The date ranges the search page offers; `custom` reads `from` and `to`. */
export const SEARCH_RANGES = ["day", "week", "month", "year", "custom"] as const;
export type SearchRange = (typeof SEARCH_RANGES)[number];
export const SEARCH_RANGE_LABELS: Record<SearchRange | "any", string> = { any: "Any time", day: "Past day", week: "Past week", month: "Past month", year: "Past year", custom: "Custom range" };
/** Results per page of the search page, and the last page it opens. */
export const SEARCH_RESULTS_PER_PAGE = 20;
export const SEARCH_PAGES_MAX = 1000;
/** The longest query (characters): the search page's address is cut to it at a word, the APIs answer 400 past it. */
export const SEARCH_QUERY_MAX = 200;
/** Suggestions in the header's list, and the characters typed before it asks. */
export const SUGGESTIONS_MAX = 8;
export const SUGGEST_MIN_LENGTH = 2;

