import { z } from "zod";
import { idParam } from "../../schemas/common.js";
import { commentPostInput, commentSchema } from "../../schemas/site.js";
import { publicProcedure, router } from "../trpc.js";
import { cacheRules } from "../../cache/rules.js";
import { presentComment } from "../../presenters/comment.js";

const tags = ["comments"];

export const commentsRouter = router({
  list: publicProcedure
    .meta({ cache: cacheRules.comments, openapi: { method: "GET", path: "/articles/{articleId}/comments", tags, protect: false, summary: "Approved comments of a published article, oldest first (no e-mail addresses)" } })
    .input(z.object({ articleId: idParam }))
    .output(z.array(commentSchema))
    .query(async ({ ctx, input }) => (await ctx.comments.listApproved(input.articleId)).map(presentComment)),

  create: publicProcedure
    .meta({ openapi: { method: "POST", path: "/articles/{articleId}/comments", tags, protect: false, summary: "Post a comment", description: "Answers the stored comment; isApproved false means it is held for moderation. Rate-limited per client (RATE_LIMIT_COMMENTS per minute)." }, created: "/admin/comments/{id}" })
    .input(commentPostInput)
    .output(commentSchema)
    .mutation(async ({ ctx, input }) => {
      await ctx.limiter.consume("comment", ctx.clientKey, ctx.config.rateLimits.comments);
      return ctx.commentService.post(input);
    }),
});
