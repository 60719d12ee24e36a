// The header's suggestions as the page cache renders a miss: straight from the in-memory vocabulary (its titles and
// remembered answers, src/services/search/vocabulary.ts), without the REST adapter around the procedure — readers type,
// so most prefixes are new to the cache and a miss must cost about as little as a hit. The answer is the procedure's
// (GET /api/search/suggest, src/trpc/routers/search.ts): the same body, headers and cache tags; any other address or
// input (no q, a q past its limit, another parameter) is left to the API, which answers or refuses it.
import { cacheRules } from "../cache/rules.js";
import { recordQuery } from "../cache/tags.js";
import type { AnonymousRender } from "../cache/pageCache.js";
import { suggestInput, suggestOutput } from "../schemas/search.js";
import type { SearchPageService } from "../services/search/searchPage.js";

const PATH = "/api/search/suggest";

export function suggestAnswers(search: Pick<SearchPageService, "suggest">): AnonymousRender {
  return async (url) => {
    if (url.pathname !== PATH || [...url.searchParams.keys()].some((k) => k !== "q") || url.searchParams.getAll("q").length !== 1) return undefined;
    const input = suggestInput.safeParse({ q: url.searchParams.get("q") });
    if (!input.success) return undefined;
    const items = suggestOutput.parse(await search.suggest(input.data.q));
    recordQuery(cacheRules.searchSuggestions, input.data, items);
    return { status: 200, headers: { "content-type": "application/json", "cache-control": "public, max-age=30, s-maxage=60" }, body: Buffer.from(JSON.stringify(items)) };
  };
}
