// The last good delayed quote of each stock symbol, kept across restarts and outages of the market-data source.
import type { DataSource } from "typeorm";
import { StockQuote } from "../entities/StockQuote.js";
import { fromDbDate } from "../lib/days.js";

export class StockQuoteRepository {
  constructor(private readonly ds: DataSource) {}

  private get repo() {
    return this.ds.getRepository(StockQuote);
  }

  all(): Promise<StockQuote[]> {
    return this.repo.find();
  }

  /** When any instance last stored a quote. */
  async lastFetchedAt(): Promise<Date | null> {
    const newest: { at: string | Date | null } | undefined = await this.repo.createQueryBuilder("q").select("MAX(q.fetchedAt)", "at").getRawOne();
    return fromDbDate(newest?.at);
  }

  async save(quote: StockQuote): Promise<void> {
    await this.repo.save(quote);
  }
}
