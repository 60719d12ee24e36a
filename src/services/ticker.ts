import type { DataSource } from "typeorm";
import { Article } from "../entities/Article.js";
import { iso, toDbDate } from "../lib/time.js";
import type { TickerItem } from "../schemas/site.js";
import { mergeHeadlines, TickerFeedService } from "./tickerFeeds.js";

const TICKER_SIZE = 10;
const TICKER_LIMIT = 30;

/** The breaking-news ticker: the newest published breaking articles, then external feeds' headlines, newest first. */
export class TickerService {
  constructor(
    private readonly ds: DataSource,
    private readonly siteName: string,
    private readonly feeds: TickerFeedService = new TickerFeedService([]),
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
    const [own, external] = await Promise.all([this.ownHeadlines(), this.feeds.items()]);
    return mergeHeadlines([own, external], TICKER_LIMIT);
  }
}
