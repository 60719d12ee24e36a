// What the sitemaps read of articles: slugs and times only, by id range (a primary-key range read) or by publication.
import type { DataSource } from "typeorm";
import { Article } from "../entities/Article.js";
import { toDbDate } from "../lib/time.js";

export type SitemapArticle = Pick<Article, "slug" | "title" | "publishedAt" | "updatedAt">;

/** The id of the newest article of any status (0 without articles). */
export async function maxArticleId(ds: DataSource): Promise<number> {
  const row: { id: number | null } | undefined = await ds.getRepository(Article).createQueryBuilder("a").select("MAX(a.id)", "id").getRawOne();
  return Number(row?.id ?? 0);
}

export class SitemapReads {
  constructor(private readonly ds: DataSource) {}

  /** Articles published by now (since `since` when given), newest first. */
  published(limit: number, since?: Date): Promise<SitemapArticle[]> {
    const qb = this.ds
      .getRepository(Article)
      .createQueryBuilder("a")
      .select(["a.slug", "a.title", "a.publishedAt", "a.updatedAt"])
      .where("a.status = :published", { published: "published" })
      .andWhere("a.publishedAt <= :now", { now: toDbDate(new Date()) })
      .orderBy("a.publishedAt", "DESC");
    if (since) qb.andWhere("a.publishedAt >= :since", { since: toDbDate(since) });
    return qb.take(limit).getMany();
  }

  lastArticleId(): Promise<number> {
    return maxArticleId(this.ds);
  }

  /** The articles of any status with ids in (from, to], in id order (the caller keeps the published ones). */
  idRange(from: number, to: number): Promise<Pick<Article, "id" | "slug" | "status" | "publishedAt" | "updatedAt">[]> {
    return this.ds
      .getRepository(Article)
      .createQueryBuilder("a")
      .select(["a.id", "a.slug", "a.status", "a.publishedAt", "a.updatedAt"])
      .where("a.id > :from AND a.id <= :to", { from, to })
      .orderBy("a.id", "ASC")
      .take(to - from)
      .getMany();
  }
}
