import { z } from "zod";
import { pageSchema, pageUpdateInput, pageWithHtmlSchema } from "../../schemas/site.js";
import { adminProcedure, publicProcedure, router } from "../trpc.js";
import { cacheRules } from "../../cache/rules.js";

const tags = ["pages"];

export const pagesRouter = router({
  list: publicProcedure
    .meta({ cache: cacheRules.pages, openapi: { method: "GET", path: "/pages", tags, protect: false, summary: "The ten static pages (stored text or the built-in default)" } })
    .input(z.void())
    .output(z.array(pageWithHtmlSchema))
    .query(({ ctx }) => ctx.pages.list()),

  get: publicProcedure
    .meta({ cache: cacheRules.page, openapi: { method: "GET", path: "/pages/{page}", tags, protect: false, summary: "One static page" } })
    .input(z.object({ page: z.string().max(50) }))
    .output(pageWithHtmlSchema)
    .query(({ ctx, input }) => ctx.pages.get(input.page)),

  update: adminProcedure
    .meta({ openapi: { method: "PUT", path: "/pages/{pageId}", tags, summary: "Save a static page's title and markdown" } })
    .input(pageUpdateInput)
    .output(pageSchema.extend({ contentHtml: z.string() }))
    .mutation(({ ctx, input }) => ctx.pages.save(input.pageId, input.title, input.content)),

  reset: adminProcedure
    .meta({ openapi: { method: "POST", path: "/pages/{pageId}/reset", tags, summary: "Restore a static page's built-in text" } })
    .input(z.object({ pageId: z.string().max(50) }))
    .output(pageWithHtmlSchema)
    .mutation(({ ctx, input }) => ctx.pages.reset(input.pageId)),
});
