import { createRequire } from "node:module";
import type { XMLParser } from "fast-xml-parser";
import type { TickerFeed } from "../config.js";
import type { TickerItem } from "../schemas/site.js";
import { safeFetch } from "../lib/safeFetch.js";
import { compareIso } from "../lib/time.js";

const FEED_TIMEOUT_MS = 5000;
const MAX_FEED_BYTES = 2 * 1024 * 1024;
const ITEMS_PER_FEED = 20;

/** Built when the first feed is read (most sites configure none). */
let parser: XMLParser | undefined;
const feedParser = () => {
  const { XMLParser: Parser } = createRequire(import.meta.url)("fast-xml-parser") as typeof import("fast-xml-parser");
  return (parser ??= new Parser({ ignoreAttributes: false, attributeNamePrefix: "@", textNodeName: "#text", processEntities: true, htmlEntities: true }));
};
const list = <T>(v: T | T[] | undefined): T[] => (v === undefined ? [] : Array.isArray(v) ? v : [v]);
const text = (v: unknown): string => {
  if (typeof v === "string" || typeof v === "number") return String(v).replace(/\s+/g, " ").trim();
  if (v && typeof v === "object" && "#text" in v) return text((v as Record<string, unknown>)["#text"]);
  return "";
};
const date = (v: unknown): string | null => {
  const s = text(v);
  const t = s ? Date.parse(s) : NaN;
  return Number.isNaN(t) ? null : new Date(t).toISOString();
};
const httpLink = (s: string) => (/^https?:\/\//i.test(s) ? s : "");

/** Headlines of an RSS 2.0, RSS 1.0 (RDF) or Atom document, with the feed's name as source. */
export function parseFeed(xml: string, source: string): TickerItem[] {
  const doc = feedParser().parse(xml) as Record<string, any>;
  let entries: { title: string; link: string; publishedAt: string | null }[];
  if (doc.rss) {
    entries = list(doc.rss.channel?.item).map((i: any) => ({ title: text(i.title), link: httpLink(text(i.link) || text(i.guid)), publishedAt: date(i.pubDate ?? i["dc:date"]) }));
  } else if (doc.feed) {
    entries = list(doc.feed.entry).map((e: any) => {
      const links = list(e.link) as any[];
      const link = links.find((l) => !l["@rel"] || l["@rel"] === "alternate") ?? links[0];
      return { title: text(e.title), link: httpLink(typeof link === "string" ? link : (link?.["@href"] ?? "")), publishedAt: date(e.published ?? e.updated) };
    });
  } else if (doc["rdf:RDF"]) {
    entries = list(doc["rdf:RDF"].item).map((i: any) => ({ title: text(i.title), link: httpLink(text(i.link)), publishedAt: date(i["dc:date"]) }));
  } else {
    throw new Error("not an RSS or Atom document");
  }
  return entries.filter((e) => e.title && e.link).slice(0, ITEMS_PER_FEED).map((e) => ({ ...e, source }));
}

/** Fetches one feed through safeFetch: a timeout, a byte cap while it streams, checked addresses and redirects. */
async function fetchFeed(feed: TickerFeed, timeoutMs: number, allowLocal: boolean): Promise<TickerItem[]> {
  const res = await safeFetch(feed.url, {
    timeoutMs,
    maxBytes: MAX_FEED_BYTES,
    allowLocal,
    headers: { accept: "application/rss+xml, application/atom+xml, application/xml, text/xml;q=0.9, */*;q=0.5" },
  });
  if (res.status < 200 || res.status >= 300) throw new Error(`HTTP ${res.status}`);
  return parseFeed(res.text, feed.name);
}

/**
 * External headlines from TICKER_FEEDS, cached for 5 minutes; a failing feed is logged and skipped.
 * After the first load, readers never wait for the feeds: an expired cache is answered as it is
 * while one refresh runs in the background.
 */
export class TickerFeedService {
  private cache: { at: number; items: Promise<TickerItem[]> } | undefined;
  private refreshing: Promise<void> | undefined;

  constructor(
    private readonly feeds: TickerFeed[],
    private readonly options: { ttlMs?: number; timeoutMs?: number; allowLocal?: boolean; log?: (message: string) => void; onChange?: () => unknown; now?: () => number } = {},
  ) {}

  /** The clock the cache's age is measured with (a controlled one in tests). */
  private now(): number {
    return this.options.now?.() ?? Date.now();
  }

  items(): Promise<TickerItem[]> {
    if (!this.feeds.length) return Promise.resolve([]);
    if (!this.cache) {
      this.cache = { at: this.now(), items: this.load() };
      return this.cache.items;
    }
    if (this.now() - this.cache.at > (this.options.ttlMs ?? 5 * 60_000) && !this.refreshing) {
      const started = this.now();
      const next = this.load();
      this.refreshing = next.then(
        async (items) => {
          const previous = await this.cache?.items.catch(() => []);
          this.cache = { at: started, items: next };
          // New headlines change every page's ticker: tell the page cache.
          if (JSON.stringify(previous) !== JSON.stringify(items)) await this.options.onChange?.();
          this.refreshing = undefined;
        },
        () => (this.refreshing = undefined),
      );
    }
    return this.cache.items;
  }

  /** Resolves when a background refresh (if any) has finished; for tests. */
  settled(): Promise<void> {
    return this.refreshing ?? Promise.resolve();
  }

  private async load(): Promise<TickerItem[]> {
    const log = this.options.log ?? (() => undefined);
    const results = await Promise.all(
      this.feeds.map((feed) =>
        fetchFeed(feed, this.options.timeoutMs ?? FEED_TIMEOUT_MS, this.options.allowLocal ?? false).catch((error) => {
          log(`[ticker] feed "${feed.name}" (${feed.url}) skipped: ${error instanceof Error ? error.message : error}`);
          return [] as TickerItem[];
        }),
      ),
    );
    return results.flat();
  }
}

/** Merges headlines: one per link and per title (case-insensitive), newest first (undated last). */
export function mergeHeadlines(groups: TickerItem[][], limit: number): TickerItem[] {
  const seen = new Set<string>();
  const out: TickerItem[] = [];
  const all = groups.flat().sort((a, b) => compareIso(b.publishedAt ?? "", a.publishedAt ?? ""));
  for (const item of all) {
    const keys = [`l:${item.link.replace(/[?#].*$/, "").replace(/\/$/, "").toLowerCase()}`, `t:${item.title.toLowerCase()}`];
    if (keys.some((k) => seen.has(k))) continue;
    keys.forEach((k) => seen.add(k));
    out.push(item);
    if (out.length >= limit) break;
  }
  return out;
}
