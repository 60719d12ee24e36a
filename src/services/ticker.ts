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

  /** The running live blogs first (with their LIVE badge), then the newest breaking articles. */
  async ownHeadlines(): Promise<TickerItem[]> {
    const published = () =>
      this.ds
        .getRepository(Article)
        .createQueryBuilder("a")
        .select(["a.id", "a.title", "a.slug", "a.publishedAt"])
        .where("a.status = 'published' AND a.publishedAt <= :now", { now: toDbDate(new Date()) })
        .orderBy("a.publishedAt", "DESC")
        .take(TICKER_SIZE);
    const [live, breaking] = await Promise.all([published().andWhere("a.liveStatus = :live", { live: "live" }).getMany(), published().andWhere("a.isBreaking = :b", { b: true }).getMany()]);
    const liveIds = new Set(live.map((a) => a.id));
    const item = (a: Article, isLive: boolean): TickerItem => ({ title: a.title, link: `/article/${a.slug}`, source: this.siteName, publishedAt: iso(a.publishedAt), ...(isLive ? { live: true } : {}) });
    return [...live.map((a) => item(a, true)), ...breaking.filter((a) => !liveIds.has(a.id)).map((a) => item(a, false))].slice(0, TICKER_SIZE);
  }

  async items(): Promise<TickerItem[]> {
    const [own, external] = await Promise.all([this.ownHeadlines(), this.feeds.items()]);
    return mergeHeadlines([own, external], TICKER_LIMIT);
  }
}
