// The head tags of server-rendered pages: escaping, one canonical URL, Open Graph/Twitter and JSON-LD as a data block (no nonce: pages are cached).
import { articleHead } from "../../../web/head.js";
import { renderHead, serializeState, siteInfo } from "../../../src/ssr/index.js";
import { parseConfig } from "../../../src/config.js";
import type { ArticleDto } from "../../../src/schemas/article.js";

const site = { siteName: "Defense Sentinel", siteUrl: "https://news.example.com", timeZone: "Europe/Berlin", stockSymbols: [] };
const article: ArticleDto = {
  id: 7, slug: "a-b", title: 'Evil </script><script>alert(1)</script> "title"', excerpt: "Excerpt & <b>more</b>", author: "Jane Doe", category: "sea",
  contentTier: "premium_analysis", imageUrl: null, imageAlt: null, isBreaking: false, isPremium: true, status: "published",
  publishedAt: "2026-11-20T10:00:00.000Z", createdAt: "2026-11-20T09:00:00.000Z", updatedAt: "2026-11-21T10:00:00.000Z",
  liveStatus: null, liveStartedAt: null, liveEndedAt: null,
  content: "x", contentHtml: "<p>x</p>", headings: [], gated: true,
};

test("article head: escaped title and description, one canonical, article Open Graph times, Twitter card", () => {
  const html = renderHead(articleHead(article, site), site);
  expect(html).toContain("<title>Evil &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &quot;title&quot; | Defense Sentinel</title>");
  expect(html).toContain('<meta name="description" content="Excerpt &amp; &lt;b&gt;more&lt;/b&gt;">');
  expect(html.match(/rel="canonical"/g)).toHaveLength(1);
  expect(html).toContain('<link rel="canonical" href="https://news.example.com/article/a-b">');
  expect(html).toContain('<meta property="og:type" content="article">');
  expect(html).toContain('<meta property="og:image" content="https://news.example.com/images/placeholder-article.svg">');
  expect(html).toContain('<meta property="article:published_time" content="2026-11-20T10:00:00.000Z">');
  expect(html).toContain('<meta property="article:modified_time" content="2026-11-21T10:00:00.000Z">');
  expect(html).toContain('<meta name="twitter:card" content="summary_large_image">');
  expect(html).toContain('<meta name="site-timezone" content="Europe/Berlin">');
});

test("JSON-LD NewsArticle is a data block without a nonce and no string in it can close the script tag", () => {
  const html = renderHead(articleHead(article, site), site);
  const match = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html);
  expect(match).not.toBeNull();
  expect(match![1]).not.toContain("<");
  const ld = JSON.parse(match![1]);
  expect(ld).toMatchObject({ "@type": "NewsArticle", headline: article.title, datePublished: article.publishedAt, dateModified: article.updatedAt, isAccessibleForFree: false, publisher: { name: "Defense Sentinel" }, author: [{ name: "Jane Doe" }] });
  expect(html.match(/<script/g)).toHaveLength(1);
});

test("a premium article's JSON-LD names the members-only part (.paywalled-content) only when the page has one", () => {
  const ld = (a: ArticleDto) => JSON.parse(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(renderHead(articleHead(a, site), site))![1]);
  const hasPart = { hasPart: { "@type": "WebPageElement", isAccessibleForFree: false, cssSelector: ".paywalled-content" } };
  // A preview: the paywall box stands for the gated part. A member's page: the gated part is in the body.
  expect(ld(article)).toMatchObject({ isAccessibleForFree: false, ...hasPart });
  expect(ld({ ...article, gated: false, contentHtml: '<p>x</p>\n<div class="paywalled-content"><p>y</p></div>' })).toMatchObject({ isAccessibleForFree: false, ...hasPart });
  // Short enough to have no gated part: free to read in full, and no selector pointing at nothing.
  const whole = ld({ ...article, gated: false });
  expect(whole.isAccessibleForFree).toBe(true);
  expect(whole.hasPart).toBeUndefined();
  expect(ld({ ...article, isPremium: false, gated: undefined }).hasPart).toBeUndefined();
});

test("a non-article page has og:type website and no article times or JSON-LD; noindex when asked", () => {
  const html = renderHead({ title: "Search | X", description: "d", canonicalPath: "/search", noindex: true }, site);
  expect(html).toContain('<meta property="og:type" content="website">');
  expect(html).not.toContain("article:published_time");
  expect(html).not.toContain("ld+json");
  expect(html).toContain('<meta name="robots" content="noindex">');
});

test("embedded page state escapes '<'", () => {
  expect(serializeState({ a: "</script><script>x()</script>" })).toBe('{"a":"\\u003c/script>\\u003cscript>x()\\u003c/script>"}');
});

test("the site facts carry exactly the configured STOCK_SYMBOLS (the market panel's placeholders), in a meta tag the browser reads back", () => {
  const configured = siteInfo(parseConfig({ SITE_URL: "https://news.example.com", STOCK_SYMBOLS: "HII:Huntington Ingalls Industries,LHX:L3Harris Technologies" }));
  expect(configured.stockSymbols).toEqual(["HII", "LHX"]);
  expect(renderHead({ title: "Home", description: "d", canonicalPath: "/" }, configured)).toContain('<meta name="stock-symbols" content="HII,LHX">');
  expect(siteInfo(parseConfig({})).stockSymbols.slice(0, 5)).toEqual(["LMT", "RTX", "BA", "NOC", "GD"]);
});
