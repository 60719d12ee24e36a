// The reader's data, with its refetch intervals and stale times, and the exact inputs the server
// prefetches (a different input would be a different cache entry and a second request).
import { rpc } from "../lib/rpc.js";
import { CATEGORIES } from "../../src/schemas/constants.js";
import { MINUTE, SECOND } from "../../src/schemas/durations.js";
import { SEARCH_PAGES_MAX, SEARCH_RANGES, SEARCH_SORTS } from "../../src/schemas/searchConstants.js";

export const TICKER_STALE_MS = 30 * MINUTE;
export const CATEGORY_PAGE_SIZE = 30;
export const POPULAR_COUNT = 5;
export const HOME_STOCK_COUNT = 5;

/** The page number of a category listing from its `?page=` parameter (1 when absent or invalid). */
export const pageNumber = (search: URLSearchParams) => {
  const n = Number(search.get("page"));
  return Number.isInteger(n) && n > 1 && n <= 10_000 ? n : 1;
};
export const categoryInput = (category: string, page = 1) =>
  page > 1 ? { category, limit: CATEGORY_PAGE_SIZE, offset: (page - 1) * CATEGORY_PAGE_SIZE } : { category, limit: CATEGORY_PAGE_SIZE };
/** The search page's input from its address: q, and only the options that are valid (a hand-edited value is ignored,
 *  not an error page; a page past the last the search opens is that last one, which says there are no more results).
 *  Server and browser build the same object, so the prefetched answer is found. */
export function searchInput(search: URLSearchParams) {
  const valid = <T extends string>(name: string, allowed: readonly T[]) => {
    const v = search.get(name);
    return v && (allowed as readonly string[]).includes(v) ? (v as T) : undefined;
  };
  const day = (name: string) => {
    const v = search.get(name) ?? "";
    return /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(v)) ? v : undefined;
  };
  const range = valid("range", SEARCH_RANGES);
  const page = Math.min(pageNumber(search), SEARCH_PAGES_MAX);
  const input = {
    q: (search.get("q") ?? "").trim(),
    sort: valid("sort", SEARCH_SORTS),
    category: valid("category", CATEGORIES),
    range,
    from: range === undefined || range === "custom" ? day("from") : undefined,
    to: range === undefined || range === "custom" ? day("to") : undefined,
    page: page > 1 ? page : undefined,
  };
  return Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)) as typeof input;
}
export const popularInput = { limit: POPULAR_COUNT };

/** Ticker: every 60 s on the home page, every 30 s on article pages; stale after 30 min. */
export const useTicker = (refetchSeconds: 30 | 60) => rpc.ticker.list.useQuery(undefined, { refetchInterval: refetchSeconds * SECOND, staleTime: TICKER_STALE_MS });
export const useStocks = () => rpc.stocks.defense.useQuery(undefined, { refetchInterval: MINUTE });
export const useContacts = () => rpc.contacts.list.useQuery(undefined, { staleTime: 5 * MINUTE });
export const useComments = (articleId: number | undefined) =>
  rpc.comments.list.useQuery({ articleId: articleId ?? 0 }, { enabled: articleId !== undefined, refetchInterval: 30 * SECOND });
