import { builtInPages, sampleContacts, STATIC_PAGE_IDS } from "../content/staticPages.js";
import type { Article } from "../entities/Article.js";
import { renderArticleBody, renderMarkdown } from "../lib/markdown.js";
import { HOUR } from "../lib/time.js";
import type { Services } from "../services/index.js";
import { sampleArticles } from "./sampleArticles.js";

/** Loads the sample content into an empty database (no articles, contacts or pages yet). */
export async function seedIfEmpty(services: Services, now = Date.now()): Promise<boolean> {
  const { siteData, config } = services;
  if (await siteData.hasArticles()) return false;
  const articles = await Promise.all(
    sampleArticles.map(async (s, index) => {
      const publishedAt = s.status === "draft" ? null : new Date(now - s.hoursAgo * HOUR);
      return {
        slug: s.slug,
        title: s.title,
        excerpt: s.excerpt,
        content: s.content,
        ...(await renderArticleBody(s.content, s.isPremium)),
        author: s.author ?? services.staffByline,
        category: s.category,
        contentTier: s.contentTier,
        imageUrl: s.imageUrl,
        imageAlt: s.imageAlt,
        isBreaking: s.isBreaking,
        isPremium: s.isPremium,
        status: s.status,
        publishedAt,
        // Creation a little before publication keeps the admin table's order stable.
        createdAt: new Date((publishedAt?.getTime() ?? now) - 30 * 60_000 - index),
        updatedAt: publishedAt ?? new Date(now),
      } satisfies Partial<Article>;
    }),
  );
  const pageHtml = new Map<string, string>();
  for (const id of STATIC_PAGE_IDS) pageHtml.set(id, (await renderMarkdown(builtInPages[id].content.replaceAll("{SITE_NAME}", config.siteName))).html);
  await siteData.saveSample({
    articles,
    pages: STATIC_PAGE_IDS.map((id) => ({ id, title: builtInPages[id].title, content: builtInPages[id].content.replaceAll("{SITE_NAME}", config.siteName), contentHtml: pageHtml.get(id)! })),
    contacts: sampleContacts,
  });
  services.logger.info(`Loaded sample content: ${articles.length} articles, ${STATIC_PAGE_IDS.length} pages, ${sampleContacts.length} contacts.`);
  return true;
}
