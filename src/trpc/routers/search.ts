import { searchPageInput, searchPageOutput, suggestInput, suggestOutput } from "../../schemas/search.js";
import { publicProcedure, router } from "../trpc.js";
import { cacheRules } from "../../cache/rules.js";
import { searchesGatedText } from "./articles.js";

const tags = ["search"];

export const searchRouter = router({
  results: publicProcedure
    .meta({
      cache: cacheRules.searchResults,
      openapi: {
        method: "GET",
        path: "/search",
        tags,
        protect: false,
        summary: "What the search page shows: a page of results with highlighted snippets, the count, the pages and “Did you mean …”",
        description: "The same matches as GET /api/articles?q= with the same sort, category and dates (plus range=day|week|month|year|custom). Snippets come from what the reader may read.",
      },
    })
    .input(searchPageInput)
    .output(searchPageOutput)
    .query(async ({ ctx, input }) => {
      // The snippets come from what this reader may read: the answer depends on the session.
      await searchesGatedText(ctx, input);
      return ctx.search.results(input, await ctx.viewer(), ctx.config.siteTimezone);
    }),

  suggest: publicProcedure
    .meta({ cache: cacheRules.searchSuggestions, openapi: { method: "GET", path: "/search/suggest", tags, protect: false, summary: "Titles for the header's suggestions as the reader types (at most 8, newest first)" } })
    .input(suggestInput)
    .output(suggestOutput)
    .query(({ ctx, input }) => ctx.search.suggest(input.q)),
});
