import { z } from "zod";
import { articleCardSchema } from "../../schemas/article.js";
import { authorProfileSchema } from "../../schemas/staff.js";
import { idParam } from "../../schemas/common.js";
import { publicProcedure, router } from "../trpc.js";
import { cacheRules } from "../../cache/rules.js";
import { presentCards } from "../../presenters/article.js";

export const AUTHOR_PAGE_SIZE = 20;

export const authorsRouter = router({
  byArticle: publicProcedure
    .meta({ cache: cacheRules.articleAuthor, openapi: { method: "GET", path: "/articles/{id}/author", tags: ["articles"], protect: false, summary: "The author page of a published article's owner ({name, slug}), or null", description: "For the byline's link to /author/{slug}." } })
    .input(z.object({ id: idParam }))
    .output(z.object({ name: z.string(), slug: z.string() }).nullable())
    .query(async ({ ctx, input }) => {
      const article = await ctx.articles.ownership(input.id);
      if (article.status !== "published" || !article.authorId) return null;
      return ctx.staffAccounts.authorOf(article.authorId);
    }),

  page: publicProcedure
    .meta({ cache: cacheRules.authorPage, openapi: { method: "GET", path: "/authors/{slug}", tags: ["articles"], protect: false, summary: "An author's public profile and published articles (newest first, paged)", description: "What /author/{slug} shows. 404 for an unknown or suspended author." } })
    .input(z.object({ slug: z.string().min(1).max(100), page: z.coerce.number().int().min(1).max(10_000).default(1) }))
    .output(z.object({ author: authorProfileSchema, articles: z.array(articleCardSchema), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() }))
    .query(async ({ ctx, input }) => {
      const staff = await ctx.staffAccounts.profileBySlug(input.slug);
      const { items, total } = await ctx.articles.listPublishedByAuthor(staff.id, AUTHOR_PAGE_SIZE, (input.page - 1) * AUTHOR_PAGE_SIZE);
      return { author: { name: staff.name, slug: staff.slug, bio: staff.bio, avatarUrl: staff.avatarUrl }, articles: await presentCards(items, ctx.viewer), total, page: input.page, pageSize: AUTHOR_PAGE_SIZE };
    }),
});
