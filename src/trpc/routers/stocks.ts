import { z } from "zod";
import { stockSchema } from "../../schemas/site.js";
import { publicProcedure, router } from "../trpc.js";
import { cacheRules } from "../../cache/rules.js";

export const stocksRouter = router({
  defense: publicProcedure
    .meta({ cache: cacheRules.stocks, openapi: { method: "GET", path: "/stocks/defense", tags: ["stocks"], protect: false, summary: "Delayed quotes of the configured defense-contractor symbols ([] when none was ever fetched)" } })
    .input(z.void())
    .output(z.array(stockSchema))
    .query(({ ctx }) => ctx.stocks.quotes()),
});
