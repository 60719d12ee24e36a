import { TRPCError } from "@trpc/server";
import { z } from "zod";
import {
  adminArticleListInput,
  adminArticleListOutput,
  articleCardSchema,
  articleCreateInput,
  articleListInput,
  articleSchema,
  type ArticleListInput,
  articleUpdateInput,
  homePageSchema,
} from "../../schemas/article.js";
import { idParam, successOutput } from "../../schemas/common.js";
import type { Context } from "../context.js";
import type { ArticleCard, ArticleDto } from "../../schemas/article.js";
import { presentCards, presentHomePage } from "../../presenters/article.js";
import { assertCanCreate, assertCanEdit, assertCanRead, defaultStatus } from "../../services/staff/articleAccess.js";
import { can } from "../../schemas/staff.js";
import { publicProcedure, requireStaff, router, scopedProcedure, staffProcedure } from "../trpc.js";
import { cacheRules } from "../../cache/rules.js";

const tags = ["articles"];
const LIST_HEADERS = 'The total number of matches is in the X-Total-Count header; when more follow, `Link: <…>; rel="next"` gives the next page by cursor (keyset paging, cheap at any depth).';

/** The next page of a newest-first list, by cursor, with the same filters. */
function nextLink(path: string, input: ArticleListInput, cursor: string | null) {
  if (!cursor) return null;
  const query = new URLSearchParams();
  if (input.category !== undefined) query.set("category", input.category);
  if (input.breaking !== undefined) query.set("breaking", input.breaking);
  if (input.updatedSince !== undefined) query.set("updatedSince", input.updatedSince);
  if (input.from !== undefined) query.set("from", input.from);
  if (input.to !== undefined) query.set("to", input.to);
  query.set("limit", String(input.limit));
  query.set("cursor", cursor);
  return `<${path}?${query}>; rel="next"`;
}

/** An answer that depends on the reader's session is private (never kept by a shared cache). */
function privateToSession(ctx: Context) {
  if (ctx.readerToken || ctx.sessionToken) ctx.markPrivate();
}

/** Articles leave through their presenter: premium bodies past the preview go to members and the newsroom only. */
async function forReader(ctx: Context, article: ArticleDto): Promise<ArticleDto> {
  privateToSession(ctx);
  return ctx.articlePresenter.article(article, await ctx.viewer());
}

/** Cards carry no body; they leave through their presenter too (the draft rule). */
function cardsForReader<T extends ArticleCard>(ctx: Context, cards: T[]): Promise<T[]> {
  return presentCards(cards, ctx.viewer);
}

/** Whether this reader's search looks in the members-only part of premium articles too (members and the
 *  administrator): a search finds only what its reader may read. Such an answer depends on the session: private. */
export async function searchesGatedText(ctx: Context, input: { q?: string }): Promise<boolean> {
  if (input.q === undefined) return false;
  privateToSession(ctx);
  return ctx.readsPremium();
}

/** An article's answer changes only with the article: Last-Modified is its last edit or its publication, whichever is later. */
function withLastModified<T extends { updatedAt: string; publishedAt: string | null }>(ctx: { setHeader(name: string, value: string): void }, article: T): T {
  const changed = Math.max(Date.parse(article.updatedAt), article.publishedAt ? Date.parse(article.publishedAt) : 0);
  ctx.setHeader("Last-Modified", new Date(changed).toUTCString());
  return article;
}

export const articlesRouter = router({
  list: publicProcedure
    .meta({ cache: cacheRules.articleList, openapi: { method: "GET", path: "/articles", tags, protect: false, summary: "List published articles, newest first (best match first with q)", description: LIST_HEADERS } })
    .input(articleListInput)
    .output(z.array(articleSchema))
    .query(async ({ ctx, input }) => {
      const { items, total, nextCursor } = await ctx.articles.listPublished(input, await searchesGatedText(ctx, input), ctx.config.siteTimezone);
      ctx.setHeader("X-Total-Count", String(total));
      const link = nextLink("/api/articles", input, nextCursor);
      if (link) ctx.setHeader("Link", link);
      privateToSession(ctx);
      return ctx.articlePresenter.articles(items, await ctx.viewer());
    }),

  cards: publicProcedure
    .meta({ cache: cacheRules.articleList, openapi: { method: "GET", path: "/article-cards", tags, protect: false, summary: "The same list as GET /api/articles, as cards without bodies", description: `For pages that show only cards (category, search). ${LIST_HEADERS}` } })
    .input(articleListInput)
    .output(z.array(articleCardSchema))
    .query(async ({ ctx, input }) => {
      const { items, total, nextCursor } = await ctx.articles.listPublishedCards(input, await searchesGatedText(ctx, input), ctx.config.siteTimezone);
      ctx.setHeader("X-Total-Count", String(total));
      const link = nextLink("/api/article-cards", input, nextCursor);
      if (link) ctx.setHeader("Link", link);
      return cardsForReader(ctx, items);
    }),

  bySlug: publicProcedure
    .meta({ cache: cacheRules.article, openapi: { method: "GET", path: "/articles/slug/{slug}", tags, protect: false, summary: "A published article by its slug" } })
    .input(z.object({ slug: z.string().min(1).max(250) }))
    .output(articleSchema)
    .query(async ({ ctx, input }) => forReader(ctx, withLastModified(ctx, await ctx.articles.findPublishedBySlug(input.slug)))),

  byId: publicProcedure
    .meta({ cache: cacheRules.article, openapi: { method: "GET", path: "/articles/{id}", tags, protect: false, summary: "An article by id", description: "Published articles only; with admin=true (a session, or a key with articles:write) any status, for the editor." } })
    .input(z.object({ id: idParam, admin: z.enum(["true", "false"]).describe("true: the editor's read of any status (needs a session)").optional() }))
    .output(articleSchema)
    .query(async ({ ctx, input }) => {
      if (input.admin !== "true") return forReader(ctx, withLastModified(ctx, await ctx.articles.findPublishedById(input.id)));
      // The newsroom's read of any status: editors any article, others their own; a key needs articles:write.
      if (ctx.apiKey) {
        ctx.markPrivate();
        if (!ctx.hasScope("articles:write")) throw new TRPCError({ code: "FORBIDDEN", message: "This API key lacks the scope articles:write" });
      }
      const actor = await requireStaff(ctx);
      assertCanRead(actor, await ctx.articles.ownership(input.id));
      return ctx.articlePresenter.forEditor(await ctx.articles.findAnyById(input.id), await ctx.viewer());
    }),

  home: publicProcedure
    .meta({ cache: cacheRules.home, openapi: { method: "GET", path: "/home", tags, protect: false, summary: "Exactly what the home page shows (cards without bodies)" } })
    .input(z.void())
    .output(homePageSchema)
    .query(async ({ ctx }) => presentHomePage(await ctx.articles.homePage(), ctx.viewer)),

  create: scopedProcedure("articles:own", "articles:write")
    .meta({ openapi: { method: "POST", path: "/articles", tags, summary: "Create an article", description: "Defaults: author the creator's name ('{SITE_NAME} Staff' for the migrated owner), category analysis, status published (draft for contributors, who cannot publish), content tier news_brief; publishedAt now when published. The creator owns the article (authorId)." }, created: "/articles/{id}", audit: "article.create" })
    .input(articleCreateInput)
    .output(articleSchema)
    .mutation(({ ctx, input }) => {
      assertCanCreate(ctx.actor, input);
      return ctx.articles.create({ ...input, status: input.status ?? defaultStatus(ctx.actor) }, ctx.actor);
    }),

  update: scopedProcedure("articles:own", "articles:write")
    .meta({ openapi: { method: "PUT", path: "/articles/{id}", tags, summary: "Update an article", description: "Replaces the fields sent; omitted fields stay as they are. Editors change any article, authors their own, contributors their own drafts (without publishing)." } })
    .input(articleUpdateInput)
    .output(articleSchema)
    .mutation(async ({ ctx, input }) => {
      const before = await ctx.articles.ownership(input.id);
      assertCanEdit(ctx.actor, before, input);
      const saved = await ctx.articles.update(input);
      ctx.auditNote.action = saved.status === before.status ? "article.edit" : saved.status === "published" ? "article.publish" : before.status === "published" ? "article.unpublish" : "article.status";
      if (saved.status !== before.status) ctx.auditNote.summary = `status: ${before.status} → ${saved.status}`;
      return saved;
    }),

  delete: scopedProcedure("articles:own", "articles:write")
    .meta({ openapi: { method: "DELETE", path: "/articles/{id}", tags, summary: "Delete an article and its comments" }, audit: "article.delete" })
    .input(z.object({ id: idParam }))
    .output(successOutput)
    .mutation(async ({ ctx, input }) => {
      assertCanEdit(ctx.actor, await ctx.articles.ownership(input.id));
      await ctx.articles.delete(input.id);
      return { success: true };
    }),

  adminList: scopedProcedure("articles:own", "articles:write")
    .meta({ openapi: { method: "GET", path: "/admin/articles", tags: ["admin"], summary: "Articles for the newsroom, paged, newest first by publishedAt or createdAt", description: "Editors and above see every article (mine=true: their own); contributors and authors their own." } })
    .input(adminArticleListInput)
    .output(adminArticleListOutput)
    .query(({ ctx, input }) => ctx.articles.listForAdmin({ ...input, authorId: input.mine === "true" || !can(ctx.actor.role, "articles:any") ? ctx.actor.id : undefined })),

  submit: staffProcedure("articles:own")
    .meta({ openapi: { method: "POST", path: "/articles/{id}/submit", tags, summary: "Submit a draft for review", description: "The draft joins the editors' review queue (GET /api/admin/review) with who submitted it and when." }, audit: "article.submit" })
    .input(z.object({ id: idParam }))
    .output(z.object({ id: z.number().int(), submittedAt: z.string() }))
    .mutation(async ({ ctx, input }) => {
      assertCanEdit(ctx.actor, await ctx.articles.ownership(input.id));
      return ctx.reviewQueue.submit(input.id, ctx.actor.id);
    }),
});
