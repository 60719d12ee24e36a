import type { Config, StockSymbol } from "../config.js";
import type { StockQuote } from "../entities/StockQuote.js";
import type { StockQuoteRepository } from "../repositories/stockQuoteRepository.js";
import { DAY, compareIso, iso } from "../lib/time.js";
import type { Stock } from "../schemas/site.js";
import { safeFetch } from "../lib/safeFetch.js";
import { messageOf } from "../lib/errors.js";

const FETCH_TIMEOUT_MS = 8000;
/** Two weeks of daily bars are about 1 KB. */
const MAX_QUOTE_BYTES = 256 * 1024;
const MIN_INTERVAL_MS = 60_000;

export interface DailyBar {
  date: string;
  close: number;
}

/** Parses Stooq's daily-bars CSV (Date,Open,High,Low,Close,Volume); throws on anything else. */
export function parseStooqCsv(csv: string): DailyBar[] {
  const lines = csv.trim().split(/\r?\n/);
  const header = lines.shift()?.split(",").map((h) => h.trim().toLowerCase());
  const dateCol = header?.indexOf("date") ?? -1;
  const closeCol = header?.indexOf("close") ?? -1;
  if (dateCol < 0 || closeCol < 0) throw new Error(`unexpected answer: ${csv.slice(0, 80).replace(/\s+/g, " ")}`);
  const bars = lines
    .map((line) => line.split(","))
    .map((cols) => ({ date: cols[dateCol]?.trim() ?? "", close: Number(cols[closeCol]) }))
    .filter((b) => /^\d{4}-\d{2}-\d{2}$/.test(b.date) && Number.isFinite(b.close) && b.close > 0)
    .sort((a, b) => compareIso(a.date, b.date));
  if (!bars.length) throw new Error("no daily bars in the answer");
  return bars;
}

const yyyymmdd = (d: Date) => d.toISOString().slice(0, 10).replace(/-/g, "");
const round = (n: number, digits: number) => Math.round(n * 10 ** digits) / 10 ** digits;

/** Delayed quotes: fetched from the market-data source at most once a minute, stored with their date so the last good ones survive restarts and outages. */
export class StockService {
  private lastRun = 0;
  /** How long one symbol's request may take. */
  timeoutMs = FETCH_TIMEOUT_MS;
  private running: Promise<void> | undefined;

  constructor(
    private readonly stored: StockQuoteRepository,
    private readonly config: Config,
    private readonly log: (message: string) => void = () => undefined,
    /** Called after new quotes were stored. */
    private readonly onChange: () => unknown = () => undefined,
  ) {}

  /** Stored quotes in configuration order; [] without an API key or before the first good fetch. */
  async quotes(): Promise<Stock[]> {
    if (!this.config.marketDataApiKey) return [];
    const rows = await this.stored.all();
    const bySymbol = new Map(rows.map((r) => [r.symbol, r]));
    return this.config.stockSymbols
      .map((s) => bySymbol.get(s.symbol))
      .filter((q): q is StockQuote => Boolean(q))
      .map((q) => ({ symbol: q.symbol, name: q.name, price: q.price, change: q.change, asOf: iso(q.asOf)! }));
  }

  /** Stooq's URL for a symbol's daily bars of the last two weeks (US listings carry the .us suffix). */
  stooqUrl(symbol: string, now = new Date()): string {
    const s = symbol.includes(".") ? symbol.toLowerCase() : `${symbol.toLowerCase()}.us`;
    const params = new URLSearchParams({ s, i: "d", d1: yyyymmdd(new Date(now.getTime() - 14 * DAY)), apikey: this.config.marketDataApiKey ?? "" });
    return `${this.config.marketDataUrl}/q/d/l/?${params}`;
  }

  /** Price = last close; change = percent against the close before. */
  async fetchQuote(stock: StockSymbol): Promise<Omit<StockQuote, "fetchedAt">> {
    // The source takes its key only in the query string, so the request must be https (safeFetch enforces it).
    const res = await safeFetch(this.stooqUrl(stock.symbol), { timeoutMs: this.timeoutMs, maxBytes: MAX_QUOTE_BYTES, allowLocal: this.config.outboundAllowLocal, carriesKey: true });
    if (res.status < 200 || res.status >= 300) throw new Error(`HTTP ${res.status}`);
    const bars = parseStooqCsv(res.text);
    const last = bars[bars.length - 1];
    const previous = bars[bars.length - 2];
    return {
      symbol: stock.symbol,
      name: stock.name,
      price: round(last.close, 4),
      change: previous ? round(((last.close - previous.close) / previous.close) * 100, 2) : 0,
      asOf: new Date(`${last.date}T00:00:00.000Z`),
    };
  }

  /** Fetches every symbol (at most once a minute); a failing symbol keeps its last good quote. */
  refresh(force = false): Promise<void> {
    if (!this.config.marketDataApiKey || !this.config.stockSymbols.length) return Promise.resolve();
    if (this.running) return this.running;
    if (!force && Date.now() - this.lastRun < MIN_INTERVAL_MS) return Promise.resolve();
    this.lastRun = Date.now();
    this.running = (async () => {
      // Another instance (or this one before a restart) fetched less than a minute ago.
      const newestAt = await this.stored.lastFetchedAt();
      if (!force && newestAt && Date.now() - newestAt.getTime() < MIN_INTERVAL_MS) return;
      let changed = false;
      const stored = new Map((await this.stored.all()).map((q) => [q.symbol, q]));
      for (const stock of this.config.stockSymbols) {
        try {
          const quote = await this.fetchQuote(stock);
          const last = stored.get(stock.symbol);
          changed ||= !last || last.price !== quote.price || last.change !== quote.change || last.name !== quote.name || new Date(last.asOf).getTime() !== quote.asOf.getTime();
          await this.stored.save({ ...quote, fetchedAt: new Date() });
        } catch (error) {
          this.log(`[stocks] ${stock.symbol}: kept the last good quote (${messageOf(error)})`);
        }
      }
      if (changed) await this.onChange();
    })().finally(() => (this.running = undefined));
    return this.running;
  }
}
