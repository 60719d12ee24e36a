// The background fill of premium articles' stored paywall views (services/premium/paywallFill.ts): which rows saved
// before the views existed still have none, and writing theirs.
import type { DataSource } from "typeorm";
import { Article } from "../entities/Article.js";

export class PaywallViewsRepository {
  constructor(private readonly ds: DataSource) {}

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
    return this.ds.getRepository(Article).createQueryBuilder("a").where("a.isPremium = :premium AND a.paywallViews IS NULL", { premium: true });
  }

  /**
   * Stores the views rendered from the body read; answers 1 when stored. A row saved meanwhile keeps what its save
   * stored (views, or none when it became free); the update time is left as it is (the article has not changed: its
   * Last-Modified and the incremental sync's updatedSince stay true), which TypeORM and MySQL's ON UPDATE would move.
   */
  async store(id: number, paywallViews: string): Promise<number> {
    const result = await this.ds
      .createQueryBuilder()
      .update(Article)
      .set({ paywallViews, updatedAt: () => "updatedAt" })
      .where("id = :id AND isPremium = :premium AND paywallViews IS NULL", { id, premium: true })
      .execute();
    return result.affected ?? 0;
  }
}
