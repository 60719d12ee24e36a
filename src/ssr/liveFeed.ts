// A live blog's own RSS feed (/live/{id}/rss.xml): its newest posts, newest first. Feeds are public: a premium live
// blog's posts carry their headline and time, never their body (as article feeds carry the preview).
import { textAnswer, type Answer } from "../http/answer.js";
import { NotFoundError } from "../lib/errors.js";
import type { Services } from "../services/index.js";
import { anonymousViewer } from "../presenters/viewer.js";

/** Posts in the feed. */
const LIVE_FEED_SIZE = 50;

export async function buildLiveRss(services: Services, articleId: number): Promise<string> {
  const { siteName, siteUrl } = services.config;
  const article = await services.articles.findPublishedById(articleId);
  if (!article.liveStatus) throw new NotFoundError("This article is not a live blog");
  const { posts } = await services.live.list({ id: articleId, limit: LIVE_FEED_SIZE }, anonymousViewer);
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

/** The answer to /live/{id}/rss.xml: the feed, or a 404 when `id` names no published live blog. */
export async function liveFeedAnswer(services: Services, id: string): Promise<Answer> {
  const missing = textAnswer(404, "No such live blog");
  if (!/^[1-9]\d{0,9}$/.test(id)) return missing;
  try {
    const body = await buildLiveRss(services, Number(id));
    return { status: 200, headers: { "content-type": "application/rss+xml; charset=utf-8", "cache-control": "public, max-age=30, s-maxage=30" }, body: Buffer.from(body) };
  } catch (error) {
    if (error instanceof NotFoundError) return missing;
    throw error;
  }
}
