// Articles by publication time: the next scheduled one, the ones whose time came, and the newest headlines.
import type { DataSource } from "typeorm";
import { Article } from "../entities/Article.js";
import { toDbDate } from "../lib/time.js";

export type Headline = Pick<Article, "id" | "title" | "slug" | "publishedAt">;
export type CameDue = Pick<Article, "id" | "slug" | "category" | "isBreaking" | "status" | "publishedAt">;

export class ArticleSchedule {
  constructor(private readonly ds: DataSource) {}

  private get articles() {
    return this.ds.getRepository(Article);
  }

  /** The published article whose publication time comes next after `now`. */
  nextScheduled(now: Date): Promise<Pick<Article, "id" | "publishedAt"> | null> {
    return this.articles
      .createQueryBuilder("a")
      .select(["a.id", "a.publishedAt"])
      .where("a.status = :published AND a.publishedAt > :now", { published: "published", now: toDbDate(now) })
      .orderBy("a.publishedAt", "ASC")
      .limit(1)
      .getOne();
  }

  /** Published articles whose time came in (since, now], oldest first. */
  cameDue(since: Date, now: Date, limit: number): Promise<CameDue[]> {
    return this.articles
      .createQueryBuilder("a")
      .select(["a.id", "a.slug", "a.category", "a.isBreaking", "a.status", "a.publishedAt"])
      .where("a.status = :published AND a.publishedAt > :since AND a.publishedAt <= :now", { published: "published", since: toDbDate(since), now: toDbDate(now) })
      .orderBy("a.publishedAt", "ASC")
      .limit(limit)
      .getMany();
  }

  /** The newest published live blogs, or breaking articles, that readers see now. */
  headlines(kind: "live" | "breaking", limit: number): Promise<Headline[]> {
    const qb = this.articles
      .createQueryBuilder("a")
      .select(["a.id", "a.title", "a.slug", "a.publishedAt"])
      .where("a.status = 'published' AND a.publishedAt <= :now", { now: toDbDate(new Date()) })
      .orderBy("a.publishedAt", "DESC")
      .take(limit);
    return (kind === "live" ? qb.andWhere("a.liveStatus = :live", { live: "live" }) : qb.andWhere("a.isBreaking = :b", { b: true })).getMany();
  }
}
