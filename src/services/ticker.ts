import { iso } from "../lib/time.js";
import type { ArticleSchedule, Headline } from "../repositories/articleSchedule.js";
import type { TickerItem } from "../schemas/site.js";
import { mergeHeadlines, TickerFeedService } from "./tickerFeeds.js";

const TICKER_SIZE = 10;
const TICKER_LIMIT = 30;

/** The breaking-news ticker: the newest published breaking articles, then external feeds' headlines, newest first. */
export class TickerService {
  constructor(
    private readonly schedule: ArticleSchedule,
    private readonly siteName: string,
    private readonly feeds: TickerFeedService = new TickerFeedService([]),
  ) {}

  /** The running live blogs first (with their LIVE badge), then the newest breaking articles. */
  async ownHeadlines(): Promise<TickerItem[]> {
    const [live, breaking] = await Promise.all([this.schedule.headlines("live", TICKER_SIZE), this.schedule.headlines("breaking", TICKER_SIZE)]);
    const liveIds = new Set(live.map((a) => a.id));
    const item = (a: Headline, isLive: boolean): TickerItem => ({ title: a.title, link: `/article/${a.slug}`, source: this.siteName, publishedAt: iso(a.publishedAt), ...(isLive ? { live: true } : {}) });
    return [...live.map((a) => item(a, true)), ...breaking.filter((a) => !liveIds.has(a.id)).map((a) => item(a, false))].slice(0, TICKER_SIZE);
  }

  async items(): Promise<TickerItem[]> {
    const [own, external] = await Promise.all([this.ownHeadlines(), this.feeds.items()]);
    return mergeHeadlines([own, external], TICKER_LIMIT);
  }
}
