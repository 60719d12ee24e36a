import type { DataSource } from "typeorm";
import { Article } from "../entities/Article.js";
import { iso, toDbDate } from "../lib/time.js";
import type { TickerItem } from "../schemas/site.js";

const TICKER_SIZE = 10;

/** The breaking-news ticker: the newest published breaking articles. */
export class TickerService {
  constructor(
    private readonly ds: DataSource,
    private readonly siteName: string,
  ) {}

  async ownHeadlines(): Promise<TickerItem[]> {
    const rows = await this.ds
      .getRepository(Article)
      .createQueryBuilder("a")
      .select(["a.title", "a.slug", "a.publishedAt"])
      .where("a.status = 'published' AND a.isBreaking = :b AND a.publishedAt <= :now", { b: true, now: toDbDate(new Date()) })
      .orderBy("a.publishedAt", "DESC")
      .take(TICKER_SIZE)
      .getMany();
    return rows.map((a) => ({ title: a.title, link: `/article/${a.slug}`, source: this.siteName, publishedAt: iso(a.publishedAt) }));
  }

  async items(): Promise<TickerItem[]> {
    return this.ownHeadlines();
  }
}
