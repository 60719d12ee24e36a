import type { DataSource } from "typeorm";
import type { Config } from "../config.js";
import { StockQuote } from "../entities/StockQuote.js";
import { iso } from "../lib/time.js";
import type { Stock } from "../schemas/site.js";

/** Stored delayed quotes for the configured symbols, in configuration order. */
export class StockService {
  constructor(
    private readonly ds: DataSource,
    private readonly config: Config,
  ) {}

  async quotes(): Promise<Stock[]> {
    const rows = await this.ds.getRepository(StockQuote).find();
    const bySymbol = new Map(rows.map((r) => [r.symbol, r]));
    return this.config.stockSymbols
      .map((s) => bySymbol.get(s.symbol))
      .filter((q): q is StockQuote => Boolean(q))
      .map((q) => ({ symbol: q.symbol, name: q.name, price: q.price, change: q.change, asOf: iso(q.asOf)! }));
  }
}
