// RSS feeds, sitemaps and robots.txt, built with the `feed` package and xmlbuilder2 (never by string concatenation).
import type { Express, Response } from "express";
import { Feed } from "feed";
import { create } from "xmlbuilder2";
import { Article } from "../entities/Article.js";
import { toDbDate, DAY } from "../lib/time.js";
import { CATEGORIES, CATEGORY_DESCRIPTIONS, categoryLabel } from "../schemas/constants.js";
import { STATIC_PAGE_IDS } from "../content/staticPages.js";
import type { Services } from "../services/index.js";

export const FEED_SIZE = 50;
export const NEWS_SITEMAP_WINDOW_MS = 2 * DAY;
const SITEMAP_MAX_URLS = 50_000;
const NEWS_SITEMAP_MAX_URLS = 1_000;

const send = (res: Response, type: string, body: string, maxAge = 300) => {
  res.setHeader("Cache-Control", `public, max-age=${maxAge}, s-maxage=${maxAge}`);
  res.type(type).send(body);
};

/** RSS 2.0 of the newest published articles (optionally of one category), with the full text in content:encoded. */
export async function buildRss(services: Services, category?: string) {
  const { siteName, siteUrl } = services.config;
  const { items } = await services.articles.listPublished({ category, limit: FEED_SIZE, offset: 0 });
  const link = category ? `${siteUrl}/category/${category}` : `${siteUrl}/`;
  const feed = new Feed({
    title: category ? `${siteName}: ${categoryLabel(category)}` : siteName,
    description: (category && CATEGORY_DESCRIPTIONS[category]) || `${siteName}: defense and military news and analysis`,
    id: link,
    link,
    language: "en",
    favicon: `${siteUrl}/favicon.svg`,
    copyright: `© ${siteName}`,
    updated: items[0]?.publishedAt ? new Date(items[0].publishedAt) : undefined,
    feedLinks: { rss: category ? `${siteUrl}/category/${category}/rss.xml` : `${siteUrl}/rss.xml` },
    generator: siteName,
  });
  for (const a of items) {
    const url = `${siteUrl}/article/${a.slug}`;
    feed.addItem({
      title: a.title,
      id: url,
      link: url,
      description: a.excerpt,
      content: a.contentHtml,
      author: [{ name: a.author }],
      date: new Date(a.publishedAt ?? a.createdAt),
      category: [{ name: categoryLabel(a.category) }],
      image: a.imageUrl ? (a.imageUrl.startsWith("/") ? `${siteUrl}${a.imageUrl}` : a.imageUrl) : undefined,
    });
  }
  return feed.rss2();
}

const publishedQuery = (services: Services) =>
  services.ds
    .getRepository(Article)
    .createQueryBuilder("a")
    .select(["a.slug", "a.title", "a.publishedAt", "a.updatedAt"])
    .where("a.status = :published", { published: "published" })
    .andWhere("a.publishedAt <= :now", { now: toDbDate(new Date()) })
    .orderBy("a.publishedAt", "DESC");

/** Every public page: home, categories, static pages and published articles. */
export async function buildSitemap(services: Services) {
  const { siteUrl } = services.config;
  const articles = await publishedQuery(services).take(SITEMAP_MAX_URLS - 20).getMany();
  const doc = create({ version: "1.0", encoding: "UTF-8" }).ele("urlset", { xmlns: "http://www.sitemaps.org/schemas/sitemap/0.9" });
  const add = (loc: string, lastmod?: Date | null, changefreq?: string) => {
    const url = doc.ele("url");
    url.ele("loc").txt(loc);
    if (lastmod) url.ele("lastmod").txt(new Date(lastmod).toISOString());
    if (changefreq) url.ele("changefreq").txt(changefreq);
  };
  add(`${siteUrl}/`, articles[0]?.publishedAt, "hourly");
  for (const c of CATEGORIES) add(`${siteUrl}/category/${c}`, undefined, "hourly");
  for (const id of STATIC_PAGE_IDS) add(`${siteUrl}/${id}`, undefined, "monthly");
  for (const a of articles) add(`${siteUrl}/article/${a.slug}`, a.updatedAt ?? a.publishedAt);
  return doc.end({ prettyPrint: true });
}

/** Google News sitemap: articles published in the last 48 hours. */
export async function buildNewsSitemap(services: Services, now = new Date()) {
  const { siteUrl, siteName } = services.config;
  const since = new Date(now.getTime() - NEWS_SITEMAP_WINDOW_MS);
  const articles = await publishedQuery(services).andWhere("a.publishedAt >= :since", { since: toDbDate(since) }).take(NEWS_SITEMAP_MAX_URLS).getMany();
  const doc = create({ version: "1.0", encoding: "UTF-8" }).ele("urlset", {
    xmlns: "http://www.sitemaps.org/schemas/sitemap/0.9",
    "xmlns:news": "http://www.google.com/schemas/sitemap-news/0.9",
  });
  for (const a of articles) {
    const url = doc.ele("url");
    url.ele("loc").txt(`${siteUrl}/article/${a.slug}`);
    const news = url.ele("news:news");
    const pub = news.ele("news:publication");
    pub.ele("news:name").txt(siteName);
    pub.ele("news:language").txt("en");
    news.ele("news:publication_date").txt(new Date(a.publishedAt!).toISOString());
    news.ele("news:title").txt(a.title);
  }
  return doc.end({ prettyPrint: true });
}

export function buildRobots(services: Services) {
  const { siteUrl } = services.config;
  return ["User-agent: *", "Allow: /", "Disallow: /api/", "Disallow: /admin", "Disallow: /editor", "Disallow: /search", "", `Sitemap: ${siteUrl}/sitemap.xml`, `Sitemap: ${siteUrl}/news-sitemap.xml`, ""].join("\n");
}

export function installFeeds(app: Express, services: Services) {
  app.get("/rss.xml", async (_req, res, next) => {
    try {
      send(res, "application/rss+xml; charset=utf-8", await buildRss(services));
    } catch (e) {
      next(e);
    }
  });
  app.get("/category/:category/rss.xml", async (req, res, next) => {
    try {
      const category = String(req.params.category);
      if (!(CATEGORIES as readonly string[]).includes(category)) {
        res.status(404).type("text/plain").send("Unknown category");
        return;
      }
      send(res, "application/rss+xml; charset=utf-8", await buildRss(services, category));
    } catch (e) {
      next(e);
    }
  });
  app.get("/sitemap.xml", async (_req, res, next) => {
    try {
      send(res, "application/xml; charset=utf-8", await buildSitemap(services), 3600);
    } catch (e) {
      next(e);
    }
  });
  app.get("/news-sitemap.xml", async (_req, res, next) => {
    try {
      send(res, "application/xml; charset=utf-8", await buildNewsSitemap(services));
    } catch (e) {
      next(e);
    }
  });
  app.get("/robots.txt", (_req, res) => send(res, "text/plain; charset=utf-8", buildRobots(services), 3600));
}
