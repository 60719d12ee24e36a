// A premium article's stored paywall views (entities/ArticlePaywallView.ts): written by every save in its transaction,
// read by the paywall by primary key, and filled in the background for rows saved before they were stored
// (services/premium/paywallFill.ts).
import type { DataSource, EntityManager } from "typeorm";
import { Article } from "../entities/Article.js";
import { ArticlePaywallView } from "../entities/ArticlePaywallView.js";
import { storedPaywallViews } from "../lib/markdown.js";
import { contentHash } from "../lib/paywallViews.js";
import { isMysqlSource } from "./transaction.js";

/**
 * In the writer's transaction: stores the views rendered from `content` (lib/markdown.ts renderArticleBody), or removes
 * the article's row when it has none (a free article). `undefined` leaves the row as it is.
 */
export async function keepPaywallViews(manager: EntityManager, articleId: number, content: string, views: string | null | undefined): Promise<void> {
  if (views === undefined) return;
  if (views === null) await manager.delete(ArticlePaywallView, { articleId });
  else await manager.upsert(ArticlePaywallView, { articleId, contentHash: contentHash(content), views }, ["articleId"]);
}

/**
 * The views a save of the article stores, rendered before its transaction: none for a free article (null removes its
 * row; a new one has none, undefined); for a premium one, left as they are (undefined) when its row was rendered from
 * this body, else rendered (a new body, made premium, or saved before the views were stored).
 */
export async function paywallViewsToStore(manager: EntityManager, article: Pick<Article, "id" | "content" | "isPremium">): Promise<string | null | undefined> {
  const isNew = article.id === undefined;
  if (!article.isPremium) return isNew ? undefined : null;
  const row = isNew ? null : await manager.findOne(ArticlePaywallView, { select: { articleId: true, contentHash: true }, where: { articleId: article.id } });
  return row?.contentHash === contentHash(article.content) ? undefined : storedPaywallViews(article.content, true);
}

/** In the transaction of a save that renders its body in it (the WordPress import): the saved article's views kept in step. */
export async function keepSavedPaywallViews(manager: EntityManager, article: Article): Promise<Article> {
  await keepPaywallViews(manager, article.id, article.content, await paywallViewsToStore(manager, article));
  return article;
}

/** The stored views of an article, with the hash of the body they were rendered from. */
export type StoredPaywallViews = Pick<ArticlePaywallView, "contentHash" | "views">;

export class PaywallViewsRepository {
  constructor(private readonly ds: DataSource) {}

  /** The stored views of these articles, by id (one query by primary key). */
  async stored(ids: number[]): Promise<Map<number, StoredPaywallViews>> {
    if (!ids.length) return new Map();
    const rows = await this.ds.getRepository(ArticlePaywallView).createQueryBuilder("v").select(["v.articleId", "v.contentHash", "v.views"]).where("v.articleId IN (:...ids)", { ids }).getMany();
    return new Map(rows.map((r) => [Number(r.articleId), r]));
  }

  /** Ids in (from, to] of the premium articles without stored views, in id order. */
  async unfilledIds(from: number, to: number): Promise<number[]> {
    const rows = await this.unfilled().select("a.id", "id").andWhere("a.id > :from AND a.id <= :to", { from, to }).orderBy("a.id").getRawMany<{ id: unknown }>();
    return rows.map((r) => Number(r.id));
  }

  /** The bodies of the articles of `ids` that still have no views (a save may have stored them since the ids were read). */
  unfilledBodies(ids: number[]): Promise<Pick<Article, "id" | "content">[]> {
    if (!ids.length) return Promise.resolve([]);
    return this.unfilled().select(["a.id", "a.content"]).andWhere("a.id IN (:...ids)", { ids }).getMany();
  }

  private unfilled() {
    return this.ds
      .getRepository(Article)
      .createQueryBuilder("a")
      .leftJoin(ArticlePaywallView, "v", "v.articleId = a.id")
      .where("a.isPremium = :premium AND v.articleId IS NULL", { premium: true });
  }

  /**
   * Stores the views rendered from the body read; answers 1 when stored. A row a save stored meanwhile is kept, and an
   * article made free meanwhile gets none; the article itself is not written (its update time stays).
   */
  async store(id: number, content: string, views: string): Promise<number> {
    const ignore = isMysqlSource(this.ds) ? "IGNORE" : "OR IGNORE";
    const sql = `INSERT ${ignore} INTO article_paywall_view (articleId, contentHash, views) SELECT id, ?, ? FROM article WHERE id = ? AND isPremium = 1`;
    const runner = this.ds.createQueryRunner();
    try {
      return (await runner.query(sql, [contentHash(content), views, id], true)).affected ?? 0;
    } finally {
      await runner.release();
    }
  }
}
