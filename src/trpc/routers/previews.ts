import { z } from "zod";
import { articleSchema } from "../../schemas/article.js";
import { articleIdInput, previewLinkSchema, previewToken, previewTokenOrId } from "../../schemas/preview.js";
import { publicProcedure, router, staffProcedure } from "../trpc.js";

const tags = ["previews"];

/** Shareable preview links of articles of any status. */
export const previewsRouter = router({
  create: staffProcedure("articles:any")
    .meta({ openapi: { method: "POST", path: "/articles/{id}/previews", tags, summary: "Create a preview link for an article (any status)", description: "Anyone holding the link sees the article as readers will, for PREVIEW_DAYS days, unless it is revoked. The answer is the only one that carries the link's token and url: only a hash of the token is stored." }, created: "/previews/{id}" })
    .input(articleIdInput)
    .output(previewLinkSchema)
    .mutation(({ ctx, input }) => ctx.previews.create(input.id)),

  list: staffProcedure("articles:any")
    .meta({ openapi: { method: "GET", path: "/articles/{id}/previews", tags, summary: "An article's preview links, newest first (expired and revoked ones marked inactive)", description: "Without their token or url, which are shown only when a link is created." } })
    .input(articleIdInput)
    .output(z.array(previewLinkSchema))
    .query(({ ctx, input }) => ctx.previews.listForArticle(input.id)),

  revoke: staffProcedure("articles:any")
    .meta({ openapi: { method: "DELETE", path: "/previews/{token}", tags, summary: "Revoke a preview link at once", description: "{token}: the link's id, as the list gives it, or the link's token." } })
    .input(z.object({ token: previewTokenOrId }))
    .output(previewLinkSchema)
    .mutation(({ ctx, input }) => ctx.previews.revoke(input.token)),

  view: publicProcedure
    .meta({ cache: false, openapi: { method: "GET", path: "/previews/{token}", tags, protect: false, summary: "The article behind an active preview link", description: "Never cached (private, no-store). Unknown, expired and revoked links are a 404." } })
    .input(z.object({ token: previewToken }))
    .output(articleSchema)
    .query(async ({ ctx, input }) => {
      ctx.markPrivate();
      return ctx.articlePresenter.previewed(await ctx.previews.view(input.token));
    }),
});
