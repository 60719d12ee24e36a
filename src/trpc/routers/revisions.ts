import { z } from "zod";
import { articleSchema } from "../../schemas/article.js";
import { idParam } from "../../schemas/common.js";
import { revisionParams, revisionSchema, revisionSummarySchema } from "../../schemas/revision.js";
import { adminProcedure, router } from "../trpc.js";

const tags = ["articles"];

/** An article's saved versions, for the editor's History panel (admin only). */
export const revisionsRouter = router({
  list: adminProcedure
    .meta({ openapi: { method: "GET", path: "/articles/{id}/revisions", tags, summary: "An article's revisions, newest first", description: "Every save (create, edit, status change, restore) is a revision; the newest REVISIONS_KEEP are kept." } })
    .input(z.object({ id: idParam.describe("Article id") }))
    .output(z.array(revisionSummarySchema))
    .query(({ ctx, input }) => ctx.revisions.list(input.id)),

  get: adminProcedure
    .meta({ openapi: { method: "GET", path: "/articles/{id}/revisions/{revisionId}", tags, summary: "One revision with every field and its diff against the current article" } })
    .input(revisionParams)
    .output(revisionSchema)
    .query(({ ctx, input }) => ctx.revisions.get(input.id, input.revisionId)),

  restore: adminProcedure
    .meta({ openapi: { method: "POST", path: "/articles/{id}/revisions/{revisionId}/restore", tags, summary: "Save a revision's fields again as a new revision", description: "Nothing is overwritten: the restore is itself a new revision." } })
    .input(revisionParams)
    .output(articleSchema)
    .mutation(async ({ ctx, input }) => ctx.articles.update(await ctx.revisions.restoreInput(input.id, input.revisionId), input.revisionId)),
});
