import type { DataSource } from "typeorm";
import { toDbDate } from "../lib/time.js";

const TTL_MS = 10 * 60_000;
const TIMEOUT_MS = 3000;

/** Checks what search engines see: a sitemap at /sitemap.xml and NewsArticle structured data on an article page. Cached for 10 minutes. */
export class SiteProbe {
  private cached: { at: number; result: Promise<{ sitemap: boolean; structuredData: boolean }> } | undefined;

  constructor(
    private readonly ds: DataSource,
    /** Where the site answers; tests and the benchmark point it at their own server. */
    public origin: string,
  ) {}

  check(): Promise<{ sitemap: boolean; structuredData: boolean }> {
    if (!this.cached || Date.now() - this.cached.at > TTL_MS) this.cached = { at: Date.now(), result: this.run() };
    return this.cached.result;
  }

  private async fetchText(path: string): Promise<string | null> {
    try {
      const res = await fetch(this.origin + path, { signal: AbortSignal.timeout(TIMEOUT_MS) });
      return res.ok ? await res.text() : null;
    } catch {
      return null;
    }
  }

  private async run() {
    const [latest]: { slug: string }[] = await this.ds.query(
      "SELECT slug FROM article WHERE status = 'published' AND publishedAt <= ? ORDER BY publishedAt DESC LIMIT 1",
      [toDbDate(new Date())],
    );
    const [sitemap, page] = await Promise.all([this.fetchText("/sitemap.xml"), latest ? this.fetchText(`/article/${encodeURIComponent(latest.slug)}`) : Promise.resolve(null)]);
    return {
      sitemap: Boolean(sitemap && /<(urlset|sitemapindex)[\s>]/.test(sitemap)),
      structuredData: Boolean(page && /application\/ld\+json/.test(page) && /"@type"\s*:\s*"NewsArticle"/.test(page)),
    };
  }
}
