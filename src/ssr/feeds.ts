// RSS feeds, sitemaps and robots.txt, built with the `feed` package and xmlbuilder2 (never by string concatenation).
// Each is an answer computed whole: Express sends it, the page cache renders it for the anonymous reader directly.
import type { Express } from "express";
import type { XMLBuilder } from "xmlbuilder2/lib/interfaces.js";
import { DAY } from "../lib/time.js";
import { ADMIN_ROBOTS_RULES } from "../schemas/adminPaths.js";
import { CATEGORIES, CATEGORY_DESCRIPTIONS, categoryLabel } from "../schemas/constants.js";
import { STATIC_PAGE_IDS } from "../content/staticPages.js";
import type { Services } from "../services/index.js";
import { sendAnswer, textAnswer, type Answer } from "../http/answer.js";
import type { AnonymousRender } from "../cache/pageCache.js";
import { FEEDS, STATIC, feedTags } from "../cache/rules.js";
import { dependsOn } from "../cache/tags.js";
import { liveFeedAnswer } from "./liveFeed.js";
import { isPublicNow, type FeedItem } from "../presenters/index.js";

export const FEED_SIZE = 50;
export const NEWS_SITEMAP_WINDOW_MS = 2 * DAY;
/**
 * Ids per article sitemap, so at most this many URLs per file. The protocol allows 50,000, but
 * xmlbuilder2 spends ~40 µs per URL on the event loop: 2,000 keep a file's render under ~100 ms.
 */
export const SITEMAP_ARTICLE_IDS = 2_000;
const NEWS_SITEMAP_MAX_URLS = 1_000;

const RSS = "application/rss+xml; charset=utf-8";
const XML = "application/xml; charset=utf-8";
const answer = (type: string, body: string, maxAge = 300): Answer => ({ status: 200, headers: { "content-type": type, "cache-control": `public, max-age=${maxAge}, s-maxage=${maxAge}` }, body: Buffer.from(body) });

/**
 * RSS 2.0 of the newest published articles (optionally of one category, or of one author), with the full text in
 * content:encoded.
 */
export async function buildRss(services: Services, category?: string, author?: { id: number; slug: string; name: string; bio: string | null }) {
  const { siteName, siteUrl } = services.config;
  const listed = author ? await services.articles.feedOfAuthor(author.id, FEED_SIZE) : (await services.articles.listPublished({ category, limit: FEED_SIZE, offset: 0 })).items;
  // Feeds are public: each item leaves through the article presenter as the anonymous reader's (a premium article's preview).
  const items: FeedItem[] = [];
  for (const a of listed) items.push(await services.articlePresenter.feedItem(a, siteUrl));
  const path = author ? `/author/${author.slug}` : category ? `/category/${category}` : "";
  const link = `${siteUrl}${path || "/"}`;
  const { Feed } = await import("feed");
  const feed = new Feed({
    title: author ? `${siteName}: ${author.name}` : category ? `${siteName}: ${categoryLabel(category)}` : siteName,
    description: (author ? author.bio || `Articles by ${author.name}` : category && CATEGORY_DESCRIPTIONS[category]) || `${siteName}: defense and military news and analysis`,
    id: link,
    link,
    language: "en",
    favicon: `${siteUrl}/favicon.svg`,
    copyright: `© ${siteName}`,
    updated: listed[0]?.publishedAt ? new Date(listed[0].publishedAt) : undefined,
    feedLinks: { rss: `${siteUrl}${path}/rss.xml` },
    generator: siteName,
  });
  for (const item of items) feed.addItem(item);
  return feed.rss2();
}

const SITEMAP_NS = "http://www.sitemaps.org/schemas/sitemap/0.9";

/** A new XML document (xmlbuilder2 and the feed package are loaded at the first feed or sitemap a process serves). */
const xmlDocument = async () => (await import("xmlbuilder2")).create({ version: "1.0", encoding: "UTF-8" });

/** How many /sitemap-articles-N.xml files there are (at least one, so the index never changes shape on an empty site). */
export async function articleSitemapCount(services: Services) {
  // The article sitemaps cover the ids up to the newest article's, of any status.
  return Math.max(1, Math.ceil((await services.repos.sitemaps.lastArticleId()) / SITEMAP_ARTICLE_IDS));
}

/** /sitemap.xml: an index of the page sitemap and the article sitemaps. */
export async function buildSitemapIndex(services: Services) {
  const { siteUrl } = services.config;
  const [newest] = await services.repos.sitemaps.published(1);
  const files = await articleSitemapCount(services);
  const doc = (await xmlDocument()).ele("sitemapindex", { xmlns: SITEMAP_NS });
  const add = (loc: string, lastmod?: Date | null) => {
    const sitemap = doc.ele("sitemap");
    sitemap.ele("loc").txt(loc);
    if (lastmod) sitemap.ele("lastmod").txt(new Date(lastmod).toISOString());
  };
  add(`${siteUrl}/sitemap-pages.xml`, newest?.publishedAt);
  for (let n = 1; n <= files; n++) add(`${siteUrl}/sitemap-articles-${n}.xml`);
  return doc.end({ prettyPrint: true });
}

const urlset = async () => (await xmlDocument()).ele("urlset", { xmlns: SITEMAP_NS });
const addUrl = (doc: XMLBuilder, loc: string, lastmod?: Date | null, changefreq?: string) => {
  const url = doc.ele("url");
  url.ele("loc").txt(loc);
  if (lastmod) url.ele("lastmod").txt(new Date(lastmod).toISOString());
  if (changefreq) url.ele("changefreq").txt(changefreq);
};

/** /sitemap-pages.xml: home, categories and static pages. */
export async function buildPagesSitemap(services: Services) {
  const { siteUrl } = services.config;
  const [newest] = await services.repos.sitemaps.published(1);
  const doc = await urlset();
  addUrl(doc, `${siteUrl}/`, newest?.publishedAt, "hourly");
  for (const c of CATEGORIES) addUrl(doc, `${siteUrl}/category/${c}`, undefined, "hourly");
  for (const id of STATIC_PAGE_IDS) addUrl(doc, `${siteUrl}/${id}`, undefined, "monthly");
  return doc.end({ prettyPrint: true });
}

/**
 * /sitemap-articles-N.xml: the published articles whose ids fall in the N-th range of
 * SITEMAP_ARTICLE_IDS ids (a primary-key range read), so a file keeps its articles as new ones
 * are added. Null when N is past the last file.
 */
export async function buildArticleSitemap(services: Services, n: number) {
  const { siteUrl } = services.config;
  if (!Number.isSafeInteger(n) || n < 1 || n > (await articleSitemapCount(services))) return null;
  // Only the id range in SQL: a status condition would let the planner walk every published article instead.
  const now = new Date();
  const rows = await services.repos.sitemaps.idRange((n - 1) * SITEMAP_ARTICLE_IDS, n * SITEMAP_ARTICLE_IDS);
  const articles = rows.filter((a) => isPublicNow(a, now));
  const doc = await urlset();
  for (const a of articles) addUrl(doc, `${siteUrl}/article/${a.slug}`, a.updatedAt ?? a.publishedAt);
  return doc.end({ prettyPrint: true });
}

/** Google News sitemap: articles published in the last 48 hours. */
export async function buildNewsSitemap(services: Services, now = new Date()) {
  const { siteUrl, siteName } = services.config;
  const since = new Date(now.getTime() - NEWS_SITEMAP_WINDOW_MS);
  const articles = await services.repos.sitemaps.published(NEWS_SITEMAP_MAX_URLS, since);
  const doc = (await xmlDocument()).ele("urlset", {
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
  const disallowed = ["/api/", ...ADMIN_ROBOTS_RULES, "/search"];
  return ["User-agent: *", "Allow: /", ...disallowed.map((path) => `Disallow: ${path}`), "", `Sitemap: ${siteUrl}/sitemap.xml`, `Sitemap: ${siteUrl}/news-sitemap.xml`, ""].join("\n");
}

/** Each feed's Express route, what its answer shows for the page cache, and the answer (`param`: the route's one parameter). */
const ROUTES: Array<{ path: string; tags: (param: string) => string[]; answer: (services: Services, param: string) => Promise<Answer> }> = [
  { path: "/live/:id/rss.xml", tags: (id) => feedTags.live(Number(id)), answer: liveFeedAnswer },
  { path: "/rss.xml", tags: () => [FEEDS], answer: async (services) => answer(RSS, await buildRss(services)) },
  {
    path: "/category/:category/rss.xml",
    tags: () => [FEEDS],
    answer: async (services, category) => ((CATEGORIES as readonly string[]).includes(category) ? answer(RSS, await buildRss(services, category)) : textAnswer(404, "Unknown category")),
  },
  {
    path: "/author/:slug/rss.xml",
    tags: feedTags.author,
    answer: async (services, slug) => {
      const staff = await services.staffAccounts.profileBySlug(slug).catch(() => null);
      return staff ? answer(RSS, await buildRss(services, undefined, staff)) : textAnswer(404, "Unknown author");
    },
  },
  { path: "/sitemap.xml", tags: () => [FEEDS], answer: async (services) => answer(XML, await buildSitemapIndex(services), 3600) },
  { path: "/sitemap-pages.xml", tags: () => [FEEDS], answer: async (services) => answer(XML, await buildPagesSitemap(services), 3600) },
  {
    path: "/sitemap-articles-:n.xml",
    tags: () => [FEEDS],
    answer: async (services, n) => {
      const body = /^[1-9]\d{0,5}$/.test(n) ? await buildArticleSitemap(services, Number(n)) : null;
      return body === null ? textAnswer(404, "No such sitemap") : answer(XML, body, 3600);
    },
  },
  { path: "/news-sitemap.xml", tags: () => [FEEDS], answer: async (services) => answer(XML, await buildNewsSitemap(services)) },
  { path: "/robots.txt", tags: () => [STATIC], answer: async (services) => answer("text/plain; charset=utf-8", buildRobots(services), 3600) },
];

/** An Express route path as the router matches it (any case, an optional trailing slash, a parameter within one segment). */
const routePattern = (path: string) => new RegExp(`^${path.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/:\w+/g, "([^/]+?)")}/?$`, "i");
const PATTERNS = ROUTES.map((route) => ({ route, pattern: routePattern(route.path) }));

const decoded = (text: string) => {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
};

function feedAnswer(services: Services, route: (typeof ROUTES)[number], param: string) {
  dependsOn(route.tags(param));
  return route.answer(services, param);
}

/** Mounts the feeds, sitemaps and robots.txt; returns how the page cache renders them. */
export function installFeeds(app: Express, services: Services): AnonymousRender {
  for (const route of ROUTES) {
    app.get(route.path, (req, res, next) => void feedAnswer(services, route, String(Object.values(req.params)[0] ?? "")).then((found) => sendAnswer(req, res, found), next));
  }
  return async (url) => {
    for (const { route, pattern } of PATTERNS) {
      const match = pattern.exec(url.pathname);
      if (match) return feedAnswer(services, route, decoded(match[1] ?? ""));
    }
    return undefined;
  };
}
