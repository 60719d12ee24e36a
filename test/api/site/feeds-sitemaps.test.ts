// Feeds, sitemaps and robots.txt over HTTP on a fresh database: formats, limits, escaping and what stays out.
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import express from "express";
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { installFeeds } from "../../../src/ssr/feeds.js";
import { ADMIN_PATHS } from "../../../src/schemas/adminPaths.js";
import { STATIC_PAGE_IDS } from "../../../src/schemas/pages.js";
import { createArticle } from "../../helpers/factories.js";
import { createTestApp, type TestApp } from "../../helpers/testApp.js";

let t: TestApp;
let server: Server;
let base: string;
const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "@" });
const asArray = <T>(v: T | T[] | undefined): T[] => (v === undefined ? [] : Array.isArray(v) ? v : [v]);
const HOUR = 3600_000;

beforeAll(async () => {
  t = await createTestApp({ SITE_URL: "https://news.example.com", SITE_NAME: "Sentinel & Co" });
  const app = express();
  installFeeds(app, t.services);
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const ago = (ms: number) => new Date(Date.now() - ms).toISOString();
  for (let i = 0; i < 53; i++) await createArticle(t.services, { title: `Old story ${i}`, category: i % 2 ? "sea" : "land", publishedAt: ago(72 * HOUR + i * 60_000) });
  await createArticle(t.services, { title: "Tanks & <Drones> \"now\"", slug: "tanks-drones", content: "Full **text** here.", excerpt: "Short summary.", category: "air", publishedAt: ago(HOUR) });
  await createArticle(t.services, { title: "Draft story", slug: "draft-story", status: "draft" });
  await createArticle(t.services, { title: "Future story", slug: "future-story", publishedAt: new Date(Date.now() + 24 * HOUR).toISOString() });
  await createArticle(t.services, { title: "Archived story", slug: "archived-story", status: "archived" });
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await t.close();
});

const get = async (path: string) => {
  const res = await fetch(base + path);
  return { status: res.status, type: res.headers.get("content-type") ?? "", cache: res.headers.get("cache-control") ?? "", text: await res.text() };
};

test("/rss.xml: RSS 2.0, newest 50 published articles, full text, escaped titles, nothing unpublished", async () => {
  const res = await get("/rss.xml");
  expect(res.status).toBe(200);
  expect(res.type).toMatch(/^application\/rss\+xml/);
  expect(res.cache).toMatch(/public/);
  expect(XMLValidator.validate(res.text)).toBe(true);
  const doc = parser.parse(res.text);
  expect(doc.rss["@version"]).toBe("2.0");
  const channel = doc.rss.channel;
  expect(channel.title).toBe("Sentinel & Co");
  expect(channel.link).toBe("https://news.example.com/");
  const items = asArray(channel.item) as Array<Record<string, string>>;
  expect(items).toHaveLength(50);
  expect(items[0].title).toBe('Tanks & <Drones> "now"');
  expect(items[0].link).toBe("https://news.example.com/article/tanks-drones");
  expect(items[0].description).toBe("Short summary.");
  expect(items[0]["content:encoded"]).toContain("<strong>text</strong>");
  const links = items.map((i) => i.link);
  for (const hidden of ["draft-story", "future-story", "archived-story"]) expect(links.some((l) => l.endsWith(hidden))).toBe(false);
  expect(items.map((i) => new Date(i.pubDate).getTime())).toEqual([...items.map((i) => new Date(i.pubDate).getTime())].sort((x, y) => y - x));
});

test("/category/{category}/rss.xml: only that category; unknown category 404", async () => {
  const res = await get("/category/sea/rss.xml");
  expect(XMLValidator.validate(res.text)).toBe(true);
  const channel = parser.parse(res.text).rss.channel;
  expect(channel.title).toBe("Sentinel & Co: Naval Operations");
  const items = asArray(channel.item) as Array<{ category: string }>;
  expect(items.length).toBe(26);
  expect(items.every((i) => i.category === "Naval Operations")).toBe(true);
  expect((await get("/category/politics/rss.xml")).status).toBe(200);
  expect((await get("/category/nope/rss.xml")).status).toBe(404);
});

test("/sitemap.xml is a sitemap index of the page sitemap and the article sitemaps", async () => {
  const res = await get("/sitemap.xml");
  expect(res.type).toMatch(/^application\/xml/);
  expect(res.cache).toMatch(/public/);
  expect(XMLValidator.validate(res.text)).toBe(true);
  const doc = parser.parse(res.text);
  expect(doc.sitemapindex["@xmlns"]).toBe("http://www.sitemaps.org/schemas/sitemap/0.9");
  const locs = asArray(doc.sitemapindex.sitemap).map((s: { loc: string }) => s.loc);
  expect(locs).toEqual(["https://news.example.com/sitemap-pages.xml", "https://news.example.com/sitemap-articles-1.xml"]);
});

test("/sitemap-pages.xml: home, 7 categories and 10 static pages", async () => {
  const res = await get("/sitemap-pages.xml");
  expect(XMLValidator.validate(res.text)).toBe(true);
  const urls = asArray(parser.parse(res.text).urlset.url) as Array<{ loc: string; lastmod?: string }>;
  expect(urls).toHaveLength(1 + 7 + 10);
  expect(urls[0].loc).toBe("https://news.example.com/");
  expect(Number.isNaN(Date.parse(urls[0].lastmod!))).toBe(false);
  expect(urls.map((u) => u.loc)).toEqual(expect.arrayContaining(["https://news.example.com/category/sea", "https://news.example.com/corrections"]));
});

test("/sitemap-articles-N.xml: every published article once, with lastmod; nothing unpublished; past the last file 404", async () => {
  const res = await get("/sitemap-articles-1.xml");
  expect(res.type).toMatch(/^application\/xml/);
  expect(XMLValidator.validate(res.text)).toBe(true);
  const urls = asArray(parser.parse(res.text).urlset.url) as Array<{ loc: string; lastmod?: string }>;
  expect(urls).toHaveLength(54);
  const locs = urls.map((u) => u.loc);
  expect(new Set(locs).size).toBe(locs.length);
  expect(locs).toContain("https://news.example.com/article/tanks-drones");
  for (const hidden of ["draft-story", "future-story", "archived-story"]) expect(locs.some((l) => l.endsWith(hidden))).toBe(false);
  for (const u of urls) expect(Number.isNaN(Date.parse(u.lastmod!))).toBe(false);
  for (const path of ["/sitemap-articles-2.xml", "/sitemap-articles-0.xml", "/sitemap-articles-x.xml", "/sitemap-articles-01.xml", "/sitemap-articles-99999999.xml"]) {
    expect({ path, status: (await get(path)).status }).toEqual({ path, status: 404 });
  }
});

test("article sitemaps split by id ranges of SITEMAP_ARTICLE_IDS: files are stable as articles are added", async () => {
  const { buildArticleSitemap, buildSitemapIndex, SITEMAP_ARTICLE_IDS } = await import("../../../src/ssr/feeds.js");
  const first = await buildArticleSitemap(t.services, 1);
  // An article whose id lands in the second range (ids are not reused: insert past the range).
  const last = await createArticle(t.services, { title: "Second file story", slug: "second-file-story", publishedAt: new Date(Date.now() - 100 * HOUR).toISOString() });
  const movedId = SITEMAP_ARTICLE_IDS + 5;
  // Rows that reference the article (its SEO audit, its first revision) would block moving its id.
  for (const table of ["article_seo_audit", "article_revision"]) await t.ds.query(`DELETE FROM ${table} WHERE articleId = ?`, [last.id]);
  await t.ds.query("UPDATE article SET id = ? WHERE id = ?", [movedId, last.id]);
  try {
    const index = parser.parse(await buildSitemapIndex(t.services));
    expect(asArray(index.sitemapindex.sitemap).map((s: { loc: string }) => s.loc)).toContain("https://news.example.com/sitemap-articles-2.xml");
    const second = asArray(parser.parse((await buildArticleSitemap(t.services, 2))!).urlset.url).map((u: { loc: string }) => u.loc);
    expect(second).toEqual(["https://news.example.com/article/second-file-story"]);
    expect(await buildArticleSitemap(t.services, 1)).toBe(first);
    expect(await buildArticleSitemap(t.services, 3)).toBeNull();
  } finally {
    await t.ds.query(`DELETE FROM article WHERE id = ${movedId}`);
  }
});

test("/news-sitemap.xml: only the last 48 hours, Google News elements", async () => {
  const res = await get("/news-sitemap.xml");
  expect(XMLValidator.validate(res.text)).toBe(true);
  const doc = parser.parse(res.text);
  expect(doc.urlset["@xmlns"]).toBe("http://www.sitemaps.org/schemas/sitemap/0.9");
  expect(doc.urlset["@xmlns:news"]).toBe("http://www.google.com/schemas/sitemap-news/0.9");
  const urls = asArray(doc.urlset.url) as Array<Record<string, any>>;
  expect(urls).toHaveLength(1);
  expect(urls[0].loc).toBe("https://news.example.com/article/tanks-drones");
  expect(urls[0]["news:news"]).toMatchObject({ "news:publication": { "news:name": "Sentinel & Co", "news:language": "en" }, "news:title": 'Tanks & <Drones> "now"' });
  expect(Date.now() - Date.parse(urls[0]["news:news"]["news:publication_date"])).toBeLessThan(2 * HOUR);
});

test("robots.txt keeps crawlers out of every admin screen (ADMIN_PATHS) and out of no public page", async () => {
  const disallowed = (await get("/robots.txt")).text.split("\n").filter((line) => line.startsWith("Disallow: ")).map((line) => line.slice("Disallow: ".length));
  // A crawler reads a Disallow line as a prefix of the path and its query; a final `$` anchors it at the end.
  const blocked = (path: string) => disallowed.some((rule) => (rule.endsWith("$") ? path === rule.slice(0, -1) : path.startsWith(rule)));
  for (const path of ADMIN_PATHS) {
    for (const url of [path.replace(/:id$/, "42"), `${path}?page=2`]) expect([url, blocked(url)]).toEqual([url, true]);
  }
  const publicPages = ["/", "/article/tanks-drones", "/category/land", "/category/land/rss.xml", "/rss.xml", "/sitemap.xml", "/saved", "/account", "/unsubscribe", "/administration-news", "/articles-of-war", ...STATIC_PAGE_IDS.map((id) => `/${id}`)];
  for (const path of publicPages) expect([path, blocked(path)]).toEqual([path, false]);
});

test("robots.txt lists both sitemaps on SITE_URL", async () => {
  const res = await get("/robots.txt");
  expect(res.type).toMatch(/^text\/plain/);
  expect(res.text.split("\n")).toEqual(expect.arrayContaining(["User-agent: *", "Disallow: /api/", "Sitemap: https://news.example.com/sitemap.xml", "Sitemap: https://news.example.com/news-sitemap.xml"]));
});
