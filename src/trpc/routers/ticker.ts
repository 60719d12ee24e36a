import { z } from "zod";
import { tickerItemSchema } from "../../schemas/site.js";
import { publicProcedure, router } from "../trpc.js";
import { cacheRules } from "../../cache/rules.js";

export const tickerRouter = router({
  list: publicProcedure
    .meta({ cache: cacheRules.ticker, openapi: { method: "GET", path: "/breaking-news/ticker", tags: ["ticker"], protect: false, summary: "Breaking-news ticker items, newest first" } })
    .input(z.void())
    .output(z.array(tickerItemSchema))
    .query(({ ctx }) => ctx.ticker.items()),
});
