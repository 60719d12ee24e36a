// A live blog's own RSS feed (/live/{id}/rss.xml): its newest posts, newest first. Feeds are public: a premium live
// blog's posts carry their headline and time, never their body (as article feeds carry the preview).
import type { Express } from "express";
import { NotFoundError } from "../lib/errors.js";
import type { Services } from "../services/index.js";

/** Posts in the feed. */
const LIVE_FEED_SIZE = 50;

export async function buildLiveRss(services: Services, articleId: number): Promise<string> {
  const { siteName, siteUrl } = services.config;
  const article = await services.articles.findPublishedById(articleId);
  if (!article.liveStatus) throw new NotFoundError("This article is not a live blog");
  const { posts } = await services.live.list({ id: articleId, limit: LIVE_FEED_SIZE }, async () => false);
  const link = `${siteUrl}/article/${article.slug}`;
  const { Feed } = await import("feed");
  const feed = new Feed({
    title: `${article.title} (live) | ${siteName}`,
    description: article.excerpt,
    id: link,
    link,
    language: "en",
    favicon: `${siteUrl}/favicon.svg`,
    copyright: `© ${siteName}`,
    updated: posts[0] ? new Date(posts[0].updatedAt) : undefined,
    feedLinks: { rss: `${siteUrl}/live/${articleId}/rss.xml` },
    generator: siteName,
  });
  for (const p of posts) {
    const url = `${link}#post-${p.id}`;
    const title = p.title ?? (p.gated ? "Members-only update" : p.body.replace(/[#*_>`[\]()]/g, "").replace(/\s+/g, " ").trim().slice(0, 100));
    feed.addItem({ title, id: url, link: url, description: p.gated ? "This update is for members." : undefined, content: p.gated ? undefined : p.bodyHtml, date: new Date(p.createdAt) });
  }
  return feed.rss2();
}

export function installLiveFeed(app: Express, services: Services) {
  app.get("/live/:id/rss.xml", async (req, res, next) => {
    try {
      const id = String(req.params.id);
      if (!/^[1-9]\d{0,9}$/.test(id)) {
        res.status(404).type("text/plain").send("No such live blog");
        return;
      }
      const body = await buildLiveRss(services, Number(id));
      res.setHeader("Cache-Control", "public, max-age=30, s-maxage=30");
      res.type("application/rss+xml; charset=utf-8").send(body);
    } catch (e) {
      if (e instanceof NotFoundError) {
        res.status(404).type("text/plain").send("No such live blog");
        return;
      }
      next(e);
    }
  });
}
