import { z } from "zod";
import { articleSchema } from "../../schemas/article.js";
import { idParam } from "../../schemas/common.js";
import { revisionParams, revisionSchema, revisionSummarySchema } from "../../schemas/revision.js";
import { assertCanEdit, assertCanRead } from "../../services/staff/articleAccess.js";
import { router, staffProcedure } from "../trpc.js";

const tags = ["articles"];

/** An article's saved versions, for the editor's History panel (admin only). */
export const revisionsRouter = router({
  list: staffProcedure("articles:own")
    .meta({ openapi: { method: "GET", path: "/articles/{id}/revisions", tags, summary: "An article's revisions, newest first", description: "Every save (create, edit, status change, restore) is a revision; the newest REVISIONS_KEEP are kept." } })
    .input(z.object({ id: idParam.describe("Article id") }))
    .output(z.array(revisionSummarySchema))
    .query(async ({ ctx, input }) => {
      assertCanRead(ctx.actor, await ctx.articles.ownership(input.id));
      return ctx.revisions.list(input.id);
    }),

  get: staffProcedure("articles:own")
    .meta({ openapi: { method: "GET", path: "/articles/{id}/revisions/{revisionId}", tags, summary: "One revision with every field and its diff against the current article" } })
    .input(revisionParams)
    .output(revisionSchema)
    .query(async ({ ctx, input }) => {
      assertCanRead(ctx.actor, await ctx.articles.ownership(input.id));
      return ctx.revisions.get(input.id, input.revisionId);
    }),

  restore: staffProcedure("articles:own")
    .meta({ openapi: { method: "POST", path: "/articles/{id}/revisions/{revisionId}/restore", tags, summary: "Save a revision's fields again as a new revision", description: "Nothing is overwritten: the restore is itself a new revision." } })
    .input(revisionParams)
    .output(articleSchema)
    .mutation(async ({ ctx, input }) => {
      const restored = await ctx.revisions.restoreInput(input.id, input.revisionId);
      assertCanEdit(ctx.actor, await ctx.articles.ownership(input.id), restored);
      ctx.auditNote.action = "article.restore";
      return ctx.articles.update(restored, input.revisionId);
    }),
});
