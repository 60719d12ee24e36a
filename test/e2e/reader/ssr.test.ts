// Server rendering of the reader's pages: complete HTML without JavaScript, head tags and JSON-LD, status codes,
// no API call for the page's data on first load, no hydration warnings; feeds and sitemaps valid.
import { gzipSync } from "node:zlib";
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { jest } from "@jest/globals";
import type { Browser } from "playwright-core";
import { baseUrl, connectBrowser, newPage } from "../browser.js";
import { captureEvents, createArticle, watchApiCalls } from "../readerSupport.js";

jest.setTimeout(60_000);
let browser: Browser;
beforeAll(async () => {
  browser = await connectBrowser();
});
afterAll(() => browser.close());

const get = async (path: string) => {
  const res = await fetch(baseUrl() + path);
  return { status: res.status, type: res.headers.get("content-type") ?? "", text: await res.text(), headers: res.headers };
};
const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "@" });
const asArray = <T>(v: T | T[] | undefined): T[] => (v === undefined ? [] : Array.isArray(v) ? v : [v]);

describe("server-rendered HTML", () => {
  test("an article page carries its body, title, description, canonical, Open Graph, Twitter and NewsArticle JSON-LD", async () => {
    const a = await createArticle({ title: "Premium <Analysis> & Sea Power", excerpt: "Why the fleet matters \"now\".", content: "## Fleet Size\n\nThe fleet has 290 ships.\n\n### Trends\n\nShrinking.\n\nFor members: the shipyard order book.", isPremium: true, category: "sea", imageUrl: "/images/sample/frigate.svg", imageAlt: "A frigate" });
    const { status, text, headers } = await get(`/article/${a.slug}`);
    expect(status).toBe(200);
    expect(text).toContain("The fleet has 290 ships.");
    expect(text).toContain('<h2 id="fleet-size">Fleet Size</h2>');
    expect(text).toContain("<title>Premium &lt;Analysis&gt; &amp; Sea Power | Defense Sentinel</title>");
    expect(text).toContain('<meta name="description" content="Why the fleet matters &quot;now&quot;.">');
    const canonical = [...text.matchAll(/<link rel="canonical" href="([^"]+)">/g)].map((m) => m[1]);
    expect(canonical).toEqual([`${baseUrl()}/article/${a.slug}`]);
    expect(text).toContain('<meta property="og:type" content="article">');
    expect(text).toContain(`<meta property="og:image" content="${baseUrl()}/images/sample/frigate.svg">`);
    expect(text).toContain(`<meta property="article:published_time" content="${a.publishedAt}">`);
    expect(text).toContain(`<meta property="article:modified_time" content="${a.updatedAt}">`);
    expect(text).toContain('<meta name="twitter:card" content="summary_large_image">');
    // JSON-LD and the page state are data blocks: no nonce, so a cached page never repeats one response's nonce.
    expect(text).not.toContain("nonce=");
    const again = await fetch(`${baseUrl()}/article/${a.slug}`);
    const nonces = [headers, again.headers].map((h) => /script-src[^;]*'nonce-([^']+)'/.exec(h.get("content-security-policy") ?? "")?.[1]);
    expect(again.headers.get("x-cache")).toMatch(/HIT|STALE/);
    expect(nonces[0]).not.toBe(nonces[1]);
    expect(await again.text()).not.toContain("nonce=");
    const ld = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(text);
    expect(ld![1]).not.toContain("<");
    const json = JSON.parse(ld![1]);
    expect(json).toMatchObject({
      "@type": "NewsArticle",
      headline: "Premium <Analysis> & Sea Power",
      datePublished: a.publishedAt,
      dateModified: a.updatedAt,
      author: [{ "@type": "Person", name: "Defense Sentinel Staff" }],
      publisher: { "@type": "Organization", name: "Defense Sentinel" },
      image: [`${baseUrl()}/images/sample/frigate.svg`],
      isAccessibleForFree: false,
      hasPart: { "@type": "WebPageElement", isAccessibleForFree: false, cssSelector: ".paywalled-content" },
    });
    expect(text).not.toContain("shipyard order book");
    const state = /<script id="__APP_STATE__" type="application\/json">([\s\S]*?)<\/script>/.exec(text);
    expect(state![1]).not.toContain("<");
    expect(text).toContain('<meta name="site-timezone" content="UTC">');
  });

  test("a free article's JSON-LD says it is accessible for free; no image falls back to the placeholder", async () => {
    const a = await createArticle({ excerpt: "Free to read." });
    const { text } = await get(`/article/${a.slug}`);
    const json = JSON.parse(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/.exec(text)![1]);
    expect(json.isAccessibleForFree).toBe(true);
    expect(json.image).toEqual([`${baseUrl()}/images/placeholder-article.svg`]);
  });

  test("status codes: 404 for an unknown article and route, 200 for every static page and category", async () => {
    const missing = await get("/article/no-such-article-anywhere");
    expect(missing.status).toBe(404);
    expect(missing.text).toContain("Article not found. Please check the URL or return to the homepage.");
    expect(missing.text).toContain("Failed to fetch article: 404");
    expect(missing.text).toContain('<meta name="robots" content="noindex">');
    const route = await get("/no/such/page");
    expect(route.status).toBe(404);
    expect(route.text).toContain("Page Not Found");
    for (const id of ["privacy-policy", "terms-of-service", "about", "contact", "editorial-team", "advertise", "partnerships", "careers", "legal", "corrections"]) {
      const page = await get(`/${id}`);
      expect([id, page.status]).toEqual([id, 200]);
      expect(page.text).toContain('class="static-page"');
    }
    const category = await get("/category/politics");
    expect(category.status).toBe(200);
    expect(category.text).toContain("<h1>Politics</h1>");
  });

  test("a hostile search query is escaped in the title and the page and never runs", async () => {
    const q = '<script>window.__xss=1</script><img src=x onerror="window.__xss=2">';
    const { text } = await get(`/search?q=${encodeURIComponent(q)}`);
    expect(text).toContain("<title>Search: &lt;script&gt;window.__xss=1&lt;/script&gt;&lt;img src=x onerror=&quot;window.__xss=2&quot;&gt; | Defense Sentinel</title>");
    expect(text).not.toContain("<script>window.__xss");
    const { page, context } = await newPage(browser);
    await captureEvents(context);
    await page.goto(`/search?q=${encodeURIComponent(q)}`, { waitUntil: "networkidle" });
    await expect(page.locator("#search-page-input").inputValue()).resolves.toBe(q);
    await expect(page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).resolves.toBeUndefined();
    await context.close();
  });

  test("a search the page cannot answer as asked says what is wrong, not that search failed", async () => {
    // A pasted query past 200 characters: the address with its start, cut at the last whole word (other options kept).
    const long = await fetch(`${baseUrl()}/search?q=${encodeURIComponent(`${"drone ".repeat(40)}carrier`)}&sort=newest`, { redirect: "manual" });
    expect(long.status).toBe(301);
    const q = new URL(long.headers.get("location")!, baseUrl()).searchParams;
    expect([q.get("q"), q.get("sort")]).toEqual([`${"drone ".repeat(33).trim()}`, "newest"]);
    // A page past the last the search opens (1,000): no more results, as for any page past the last.
    const far = await get("/search?q=fleet&page=5000");
    expect(far.status).toBe(200);
    expect(far.text).toContain("There are no more results for this search.");
    // A custom range that ends before it starts: a 400 saying so, the form kept to mend it, with and without the code.
    const backwards = "/search?q=fleet&range=custom&from=2027-01-01&to=2020-01-01";
    const { status, text } = await get(backwards);
    expect(status).toBe(400);
    expect(text).toContain("The date range ends before it starts");
    expect(text).not.toContain("Search failed");
    const { page, context, consoleErrors } = await newPage(browser);
    await captureEvents(context);
    await page.goto(backwards, { waitUntil: "networkidle" });
    await expect(page.getByRole("alert").innerText()).resolves.toBe("The date range ends before it starts");
    await expect(page.locator("#search-page-input").inputValue()).resolves.toBe("fleet");
    await expect(page.locator("#search-page-input").getAttribute("maxlength")).resolves.toBe("200");
    expect(consoleErrors.filter((e) => !e.includes("400 (Bad Request)"))).toEqual([]);
    await context.close();
  });

  test("with JavaScript disabled every public page shows its content", async () => {
    const a = await createArticle({ content: "Readable without **scripts**." });
    const { page, context } = await newPage(browser, { javaScriptEnabled: false });
    await page.goto("/");
    await expect(page.locator("h2", { hasText: "Featured Development" }).count()).resolves.toBe(1);
    await expect(page.locator(".home-featured .card-title").innerText()).resolves.toBeTruthy();
    await page.goto(`/article/${a.slug}`);
    await expect(page.locator("h1").innerText()).resolves.toBe(a.title);
    await expect(page.locator(".article-body strong").innerText()).resolves.toBe("scripts");
    await page.goto("/category/land");
    await expect(page.locator(".card-title", { hasText: a.title }).count()).resolves.toBe(1);
    await page.goto(`/search?q=${encodeURIComponent(a.slug)}`);
    await expect(page.locator(".results-count").innerText()).resolves.toContain("1 result");
    await page.goto("/about");
    await expect(page.locator("h1").innerText()).resolves.toBe("About Us");
    await context.close();
  });

  test("the first load asks the API for none of the page's data and hydrates without warnings", async () => {
    const a = await createArticle({ content: "## Heading One\n\nText." });
    const { page, context, consoleErrors } = await newPage(browser);
    await captureEvents(context);
    const calls = watchApiCalls(page);
    for (const path of ["/", `/article/${a.slug}`, "/category/sea", "/search?q=fleet", "/about", "/saved", "/article/missing-one", "/nowhere"]) {
      await page.goto(path, { waitUntil: "networkidle" });
    }
    expect(calls).toEqual([]);
    expect(consoleErrors.filter((e) => !e.includes("404 (Not Found)"))).toEqual([]);
    await context.close();
  });
});

describe("what a reader downloads", () => {
  test("an article page loads under 150 KB of gzipped JavaScript and none of the administrator's code", async () => {
    const a = await createArticle();
    const { page, context } = await newPage(browser);
    await captureEvents(context);
    const scripts: string[] = [];
    page.on("response", (r) => r.request().resourceType() === "script" && scripts.push(r.url()));
    await page.goto(`/article/${a.slug}`, { waitUntil: "networkidle" });
    await page.locator(".comment-form").waitFor();
    expect(scripts.length).toBeGreaterThan(0);
    let gzipBytes = 0;
    for (const url of scripts) {
      expect(url).not.toMatch(/admin/i);
      const body = Buffer.from(await (await fetch(url)).arrayBuffer());
      expect(body.toString("utf8")).not.toContain("Go to Admin Login");
      gzipBytes += gzipSync(body, { level: 9 }).length;
    }
    expect(gzipBytes).toBeLessThan(150 * 1024);
    await context.close();
  });
});

describe("feeds and sitemaps", () => {
  test("/rss.xml is valid RSS 2.0 with the newest 50 articles and their full text", async () => {
    const a = await createArticle({ content: "Feed body with **bold** text." });
    const res = await get("/rss.xml");
    expect(res.status).toBe(200);
    expect(res.type).toContain("application/rss+xml");
    expect(XMLValidator.validate(res.text)).toBe(true);
    const channel = parser.parse(res.text).rss.channel;
    expect(channel.title).toBe("Defense Sentinel");
    const items = asArray(channel.item);
    expect(items.length).toBeGreaterThan(0);
    expect(items.length).toBeLessThanOrEqual(50);
    const item = items.find((i: { link: string }) => i.link === `${baseUrl()}/article/${a.slug}`);
    expect(item).toBeDefined();
    expect(item["content:encoded"]).toContain("<strong>bold</strong>");
    expect(new Date(item.pubDate).toString()).not.toBe("Invalid Date");
  });

  test("/category/{category}/rss.xml lists only that category; an unknown category is a 404", async () => {
    const a = await createArticle({ category: "air" });
    const res = await get("/category/air/rss.xml");
    expect(res.status).toBe(200);
    const items = asArray(parser.parse(res.text).rss.channel.item);
    expect(items.some((i: { link: string }) => i.link.endsWith(a.slug))).toBe(true);
    expect(items.every((i: { category: string }) => i.category === "Air Power")).toBe(true);
    expect((await get("/category/space/rss.xml")).status).toBe(404);
  });

  test("/sitemap.xml indexes the page sitemap (home, categories, static pages) and the article sitemaps (published articles, no drafts)", async () => {
    const a = await createArticle();
    const draft = await createArticle({ status: "draft" });
    const res = await get("/sitemap.xml");
    expect(XMLValidator.validate(res.text)).toBe(true);
    const index = parser.parse(res.text);
    expect(index.sitemapindex["@xmlns"]).toBe("http://www.sitemaps.org/schemas/sitemap/0.9");
    const files = asArray(index.sitemapindex.sitemap).map((s: { loc: string }) => s.loc);
    expect(files[0]).toBe(`${baseUrl()}/sitemap-pages.xml`);
    const locs: string[] = [];
    for (const file of files) {
      const part = await get(new URL(file).pathname);
      expect(XMLValidator.validate(part.text)).toBe(true);
      locs.push(...asArray(parser.parse(part.text).urlset.url).map((u: { loc: string }) => u.loc));
    }
    expect(locs).toEqual(expect.arrayContaining([`${baseUrl()}/`, `${baseUrl()}/category/land`, `${baseUrl()}/about`, `${baseUrl()}/article/${a.slug}`]));
    expect(locs).not.toContain(`${baseUrl()}/article/${draft.slug}`);
  });

  test("/news-sitemap.xml holds only the last 48 hours in Google News format", async () => {
    const fresh = await createArticle({ title: "Fresh & new" });
    const old = await createArticle({ publishedAt: new Date(Date.now() - 3 * 24 * 3600_000).toISOString() });
    const res = await get("/news-sitemap.xml");
    expect(XMLValidator.validate(res.text)).toBe(true);
    const doc = parser.parse(res.text);
    expect(doc.urlset["@xmlns:news"]).toBe("http://www.google.com/schemas/sitemap-news/0.9");
    const urls = asArray(doc.urlset.url);
    const entry = urls.find((u: { loc: string }) => u.loc.endsWith(fresh.slug));
    expect(entry["news:news"]["news:title"]).toBe("Fresh & new");
    expect(entry["news:news"]["news:publication"]["news:name"]).toBe("Defense Sentinel");
    expect(urls.some((u: { loc: string }) => u.loc.endsWith(old.slug))).toBe(false);
    for (const u of urls) expect(Date.now() - new Date(u["news:news"]["news:publication_date"]).getTime()).toBeLessThanOrEqual(48 * 3600_000 + 60_000);
  });

  test("robots.txt points at both sitemaps and keeps crawlers out of the API and admin", async () => {
    const res = await get("/robots.txt");
    expect(res.status).toBe(200);
    expect(res.text).toContain(`Sitemap: ${baseUrl()}/sitemap.xml`);
    expect(res.text).toContain(`Sitemap: ${baseUrl()}/news-sitemap.xml`);
    expect(res.text).toContain("Disallow: /api/");
    expect(res.text).toContain("Disallow: /admin");
  });
});
