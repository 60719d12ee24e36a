import type { SitemapReads } from "../repositories/sitemapReads.js";

/** true / false when checked; null when it could not be checked. */
export interface ProbeResult {
  sitemap: boolean | null;
  structuredData: boolean | null;
}

const TTL_MS = 10 * 60_000;
const TIMEOUT_MS = 3000;

/** Checks what search engines see: a sitemap at /sitemap.xml and NewsArticle structured data on an article page. Cached for 10 minutes. */
export class SiteProbe {
  private cached: { at: number; result: Promise<ProbeResult> } | undefined;

  constructor(
    private readonly articles: Pick<SitemapReads, "published">,
    /** Where the site answers; tests and the benchmark point it at their own server. */
    public origin: string,
  ) {}

  check(): Promise<ProbeResult> {
    if (!this.cached || Date.now() - this.cached.at > TTL_MS) this.cached = { at: Date.now(), result: this.run() };
    return this.cached.result;
  }

  /** The page's text; "" when the site answered with an error status; null when it could not be reached. */
  private async fetchText(path: string): Promise<string | null> {
    try {
      const res = await fetch(this.origin + path, { signal: AbortSignal.timeout(TIMEOUT_MS) });
      return res.ok ? await res.text() : "";
    } catch {
      return null;
    }
  }

  private async run() {
    const [latest] = await this.articles.published(1);
    const [sitemap, page] = await Promise.all([this.fetchText("/sitemap.xml"), latest ? this.fetchText(`/article/${encodeURIComponent(latest.slug)}`) : Promise.resolve(null)]);
    // What could not be checked (the site unreachable, no published article to look at) is null, not "No".
    return {
      sitemap: sitemap === null ? null : /<(urlset|sitemapindex)[\s>]/.test(sitemap),
      structuredData: page === null ? null : /application\/ld\+json/.test(page) && /"@type"\s*:\s*"NewsArticle"/.test(page),
    };
  }
}
