// The head tags of the reader's pages (PageHead, src/schemas/ssr.ts), computed by each public route from the data it prefetched.
import type { ArticleDto } from "../src/schemas/article.js";
import { GATED_CLASS, PLACEHOLDER_IMAGE } from "../src/schemas/constants.js";
import { parseMediaUrl, socialCardUrl } from "../src/schemas/media.js";
import type { PageHead, SiteInfo } from "../src/schemas/ssr.js";
import type { LivePostDto } from "../src/schemas/live.js";

export type { PageHead };

export const absoluteUrl = (site: SiteInfo, pathOrUrl: string) => (/^https?:\/\//.test(pathOrUrl) ? pathOrUrl : `${site.siteUrl}${pathOrUrl.startsWith("/") ? "" : "/"}${pathOrUrl}`);

export const defaultDescription = (site: SiteInfo) => `${site.siteName}: news and analysis on defense, military affairs and national security — land, sea, air, intelligence and cyber.`;

/** A live blog's updates in its JSON-LD (schema.org LiveBlogPosting.liveBlogUpdate): what the page shows of them. */
function liveBlogUpdates(posts: LivePostDto[], site: SiteInfo, path: string, a: ArticleDto) {
  return posts.map((p) => ({
    "@type": "BlogPosting",
    headline: (p.title ?? a.title).slice(0, 110),
    datePublished: p.createdAt,
    dateModified: p.updatedAt,
    url: absoluteUrl(site, `${path}#post-${p.id}`),
    ...(p.gated ? { isAccessibleForFree: false } : { articleBody: textOf(p.bodyHtml) }),
  }));
}

/** The text of sanitised HTML, for structured data. */
const textOf = (html: string) => html.replace(/<[^>]*>/g, " ").replace(/&nbsp;/g, " ").replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&quot;/g, '"').replace(/&#39;|&#x27;/g, "'").replace(/&amp;/g, "&").replace(/\s+/g, " ").trim();

/**
 * `authorSlug`: the author page the byline links to (the JSON-LD author's url); `liveUpdates`: a live blog's posts the
 * page shows (the head then describes a LiveBlogPosting).
 */
export function articleHead(a: ArticleDto, site: SiteInfo, { authorSlug, liveUpdates }: { authorSlug?: string | null; liveUpdates?: LivePostDto[] } = {}): PageHead {
  const path = `/article/${a.slug}`;
  // The page has a members-only part: the box that replaces it (a preview) or the part itself (a member's page), both
  // of class GATED_CLASS. A premium article short enough to have none is free to read in full.
  const paywalled = a.isPremium && (a.gated === true || a.contentHtml.includes(`class="${GATED_CLASS}"`));
  const uploaded = parseMediaUrl(a.imageUrl);
  // An uploaded image shares as its 1200×630 social card.
  const image = absoluteUrl(site, uploaded ? socialCardUrl(uploaded.id) : a.imageUrl || PLACEHOLDER_IMAGE);
  return {
    title: `${a.title} | ${site.siteName}`,
    description: a.excerpt,
    canonicalPath: path,
    type: "article",
    image,
    publishedTime: a.publishedAt,
    modifiedTime: a.updatedAt,
    section: a.category,
    jsonLd: {
      "@context": "https://schema.org",
      "@type": a.liveStatus ? "LiveBlogPosting" : "NewsArticle",
      headline: a.title.slice(0, 110),
      description: a.excerpt,
      image: [image],
      datePublished: a.publishedAt ?? a.createdAt,
      dateModified: a.updatedAt,
      author: [{ "@type": "Person", name: a.author, ...(authorSlug ? { url: absoluteUrl(site, `/author/${authorSlug}`) } : {}) }],
      publisher: { "@type": "Organization", name: site.siteName, logo: { "@type": "ImageObject", url: absoluteUrl(site, "/favicon.svg") } },
      mainEntityOfPage: { "@type": "WebPage", "@id": absoluteUrl(site, path) },
      articleSection: a.category,
      isAccessibleForFree: !paywalled,
      ...(a.liveStatus
        ? {
            coverageStartTime: a.liveStartedAt ?? a.publishedAt ?? a.createdAt,
            ...(a.liveEndedAt ? { coverageEndTime: a.liveEndedAt } : {}),
            liveBlogUpdate: liveBlogUpdates(liveUpdates ?? [], site, path, a),
          }
        : {}),
      ...(paywalled ? { hasPart: { "@type": "WebPageElement", isAccessibleForFree: false, cssSelector: `.${GATED_CLASS}` } } : {}),
    },
  };
}

/** An author's page: their profile as a schema.org Person (ProfilePage), the canonical address page 1's. */
export function authorHead(a: { name: string; slug: string; bio: string | null; avatarUrl: string | null }, site: SiteInfo, page: number): PageHead {
  const path = `/author/${a.slug}`;
  const url = absoluteUrl(site, path);
  return {
    title: `${a.name}${page > 1 ? ` (page ${page})` : ""} | ${site.siteName}`,
    description: a.bio?.slice(0, 160) || `Articles by ${a.name} at ${site.siteName}.`,
    canonicalPath: page > 1 ? `${path}?page=${page}` : path,
    type: "profile",
    image: a.avatarUrl ? absoluteUrl(site, a.avatarUrl) : undefined,
    jsonLd: {
      "@context": "https://schema.org",
      "@type": "ProfilePage",
      mainEntity: { "@type": "Person", "@id": url, name: a.name, url, ...(a.bio ? { description: a.bio } : {}), ...(a.avatarUrl ? { image: absoluteUrl(site, a.avatarUrl) } : {}), worksFor: { "@type": "Organization", name: site.siteName } },
    },
  };
}
