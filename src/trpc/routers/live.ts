// Live blogs (issue 26): the posts of a live blog, read by anyone (a premium live blog's bodies by members and the
// newsroom only) and written by the newsroom. The event stream itself (GET /api/articles/{id}/live) is an Express
// route, src/http/liveRoutes.ts: tRPC does not stream Server-Sent Events with ids.
import { z } from "zod";
import { idParam, successOutput } from "../../schemas/common.js";
import { liveHighlightsSchema, livePostCreateInput, livePostListInput, livePostSchema, livePostUpdateInput } from "../../schemas/live.js";
import type { Context } from "../context.js";
import { publicProcedure, router, scopedProcedure } from "../trpc.js";
import { cacheRules } from "../../cache/rules.js";

const tags = ["live"];
/** Live posts are editors' work (issue 25: "live posts and push alerts"); an API key needs articles:write. */
const liveDesk = scopedProcedure("articles:any", "articles:write");

/** A premium live blog's answer depends on who reads it: a session's answer is private. */
const readerOf = (ctx: Context) => {
  if (ctx.readerToken || ctx.sessionToken) ctx.markPrivate();
  return ctx.viewer;
};

export const liveRouter = router({
  posts: publicProcedure
    .meta({ cache: cacheRules.livePosts, openapi: { method: "GET", path: "/articles/{id}/live-posts", tags, protect: false, summary: "A live blog's posts, newest first", description: 'Paged by `before` (a post id); when older posts remain, `Link: <…>; rel="next"` names the next page. A premium live blog\'s posts carry their body for members only (`gated: true` otherwise).' } })
    .input(livePostListInput)
    .output(z.array(livePostSchema))
    .query(async ({ ctx, input }) => {
      // The newsroom also reads the posts of a live blog that is not published yet (the editor's list): those whose
      // role runs live blogs (issue 25: editors and above).
      const newsroom = Boolean(ctx.sessionToken) && (await ctx.isAdmin()) && (await ctx.can("articles:any"));
      const { posts, more } = await ctx.live.list(input, readerOf(ctx), newsroom);
      if (more && posts.length) ctx.setHeader("Link", `</api/articles/${input.id}/live-posts?before=${posts.at(-1)!.id}&limit=${input.limit}>; rel="next"`);
      return posts;
    }),

  highlights: publicProcedure
    .meta({ cache: cacheRules.livePosts, openapi: { method: "GET", path: "/articles/{id}/live-highlights", tags, protect: false, summary: "A live blog's pinned posts and key events, newest first", description: "lastEventId: the id of its newest stream event, read before the posts: a client that read this, then the posts, resumes its stream after it (GET /api/articles/{id}/live?lastEventId=…) and misses nothing." } })
    .input(z.object({ id: idParam }))
    .output(liveHighlightsSchema)
    .query(({ ctx, input }) => ctx.live.highlights(input.id, readerOf(ctx))),

  create: liveDesk
    .meta({ openapi: { method: "POST", path: "/articles/{id}/live-posts", tags, summary: "Add a post to a live blog", description: "The article's liveStatus must be live (409 otherwise). Open pages receive it at once through GET /api/articles/{id}/live." }, created: "/articles/{articleId}/live-posts/{id}" })
    .input(livePostCreateInput)
    .output(livePostSchema)
    .mutation(({ ctx, input }) => ctx.live.post(input)),

  update: liveDesk
    .meta({ openapi: { method: "PUT", path: "/articles/{id}/live-posts/{postId}", tags, summary: "Edit a live post", description: "Replaces the fields sent; omitted fields stay as they are." } })
    .input(livePostUpdateInput)
    .output(livePostSchema)
    .mutation(({ ctx, input }) => ctx.live.update(input)),

  delete: liveDesk
    .meta({ openapi: { method: "DELETE", path: "/articles/{id}/live-posts/{postId}", tags, summary: "Delete a live post" } })
    .input(z.object({ id: idParam, postId: idParam }))
    .output(successOutput)
    .mutation(async ({ ctx, input }) => {
      await ctx.live.delete(input.id, input.postId);
      return { success: true };
    }),
});
