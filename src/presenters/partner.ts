// What partners' webhooks, subscribers' mails and browsers' push alerts carry of an article or a live post: public
// shapes only (cards, never a body; a premium live blog's post without its body).
import type { Article } from "../entities/Article.js";
import { iso } from "../lib/time.js";
import { toArticleCard } from "../repositories/articleRepository.js";
import type { LivePostDto } from "../schemas/live.js";
import type { IssueArticle } from "../services/newsletterDigest.js";
import { presentLivePost, readsLiveBodies } from "./live.js";
import { ANONYMOUS } from "./viewer.js";

/** An article event's data (article.published, .updated, .unpublished): its card and its address. */
export const presentArticleEvent = (article: Article, siteUrl: string) => ({ ...toArticleCard(article), url: `${siteUrl}/article/${article.slug}` });

/** A `live.posted` event's data: partners read as the public does, so a premium live blog's post comes without its body. */
export const presentLivePostEvent = (article: { id: number; slug: string; isPremium: boolean }, post: LivePostDto, siteUrl: string) => ({
  articleId: article.id,
  url: `${siteUrl}/article/${article.slug}#post-${post.id}`,
  post: presentLivePost(post, readsLiveBodies(article, ANONYMOUS)),
});

/** An article as a newsletter issue carries it: title, excerpt and address, never the body. */
export const presentDigestItem = (a: Pick<Article, "slug" | "title" | "excerpt" | "category" | "isPremium" | "publishedAt">, siteUrl: string): IssueArticle => ({
  title: a.title,
  excerpt: a.excerpt,
  url: `${siteUrl}/article/${a.slug}`,
  category: a.category,
  isPremium: Boolean(a.isPremium),
  publishedAt: iso(a.publishedAt)!,
});

/** A push alert's text: the editor's title and text, or the article's title and excerpt (never its body). */
export const presentPushAlert = (article: { id: number; slug: string; title: string; excerpt: string }, input: { title?: string; body?: string }) => ({
  articleId: article.id,
  title: (input.title ?? article.title).slice(0, 120),
  body: (input.body ?? article.excerpt).slice(0, 300),
  url: `/article/${article.slug}`,
});
