// What each WordPress item becomes here, decided without touching the database: an article (with its comments
// and its old addresses), one of our static pages, or nothing (with the reason). Pure functions of the item,
// the file's site data and the import's options, so a dry run and a real run decide alike.
import { normaliseSource } from "../../lib/redirectPaths.js";
import type { ImportOptions } from "../../schemas/imports.js";
import { CATEGORIES, CATEGORY_LABELS, TEXT_LIMITS, type Category } from "../../schemas/constants.js";
import { STATIC_PAGE_IDS } from "../../schemas/pages.js";
import { slugify } from "../../schemas/slug.js";
import { firstParagraph, htmlToText, type Attachment, type BodyConverter } from "./content.js";
import type { WxrChannel, WxrComment, WxrItem } from "./wxrParser.js";

export interface SiteData {
  channel: WxrChannel;
  attachments: ReadonlyMap<string, Attachment>;
  /** GUIDs that more than one post or page carries (WordPress.com exports repeat some): those are told apart by post id. */
  repeatedGuids: ReadonlySet<string>;
}

export interface PlannedComment {
  /** The comment's GUID: its post's GUID and its WordPress id. */
  guid: string;
  authorName: string;
  authorEmail: string;
  content: string;
  status: "approved" | "pending" | "rejected";
  createdAt: Date;
}
export interface ImportedArticleFields {
  title: string;
  slug: string;
  content: string;
  excerpt: string;
  author: string;
  category: Category;
  status: "published" | "draft" | "archived";
  publishedAt: Date | null;
  createdAt: Date | null;
  isBreaking: boolean;
  imageUrl: string | null;
  imageAlt: string | null;
}
export interface PlannedArticle {
  kind: "post";
  guid: string;
  label: string;
  fields: ImportedArticleFields;
  /** Normalised old addresses that redirect to the article once it is public. */
  oldPaths: string[];
  comments: PlannedComment[];
  /** Pingbacks and trackbacks: not comments of readers, left out. */
  skippedComments: number;
  keptHtml: string[];
  notes: string[];
}
export interface PlannedPage {
  kind: "page";
  guid: string;
  label: string;
  pageId: string;
  title: string;
  content: string;
  oldPaths: string[];
  notes: string[];
}
export type ItemPlan = PlannedArticle | PlannedPage | { kind: "skip"; itemKind: "post" | "page" | "other"; label: string; reason: string | null; comments: number };

/** "2013-04-09 13:37:47" (UTC in the _gmt fields) to a Date; WordPress's zero date to null. */
export function wpDate(text: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})/.exec(text.trim());
  if (!m || m[1] === "0000") return null;
  const date = new Date(Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5], +m[6]));
  return Number.isNaN(date.getTime()) ? null : date;
}

const decodeSlug = (slug: string) => {
  try {
    return decodeURIComponent(slug);
  } catch {
    return slug;
  }
};
const cut = (text: string, max: number) => (text.length <= max ? text : `${text.slice(0, max - 1).replace(/\s+\S*$/, "")}…`);
const labelOf = (item: WxrItem) => `${item.postType} ${item.postId} "${cut(htmlToText(item.title), 80)}"`;

/** Our category of the same slug, name or label, if any ("Air Power" → air). */
export function suggestCategory(slug: string, name: string): Category | null {
  const wanted = [slug.toLowerCase(), name.toLowerCase()];
  return CATEGORIES.find((c) => wanted.includes(c) || wanted.includes((CATEGORY_LABELS[c] ?? "").toLowerCase())) ?? null;
}

/** The full path of a category (parent/child), as WordPress builds its category links. */
function categoryPath(slug: string, channel: WxrChannel): string {
  const parents = new Map(channel.categories.map((c) => [c.slug, c.parent]));
  const path = [slug];
  for (let parent = parents.get(slug); parent && path.length < 20 && !path.includes(parent); parent = parents.get(parent)) path.unshift(parent);
  return path.join("/");
}

/** A post's category: its first mapped category (or mapped ancestor), then its first mapped tag, then a category named like ours, then the default. */
export function categoryOf(item: WxrItem, channel: WxrChannel, options: ImportOptions): Category {
  const cats = item.terms.filter((t) => t.domain === "category");
  for (const cat of cats) for (const slug of categoryPath(cat.slug, channel).split("/").reverse()) if (options.map[slug]) return options.map[slug];
  for (const tag of item.terms.filter((t) => t.domain === "post_tag")) if (options.map[tag.slug]) return options.map[tag.slug];
  for (const cat of cats) {
    const suggested = suggestCategory(cat.slug, cat.name);
    if (suggested) return suggested;
  }
  return options.defaultCategory;
}

/** The site's path prefix (a WordPress installed under /blog). */
const basePath = (channel: WxrChannel) => {
  try {
    return new URL(channel.baseBlogUrl || channel.link).pathname.replace(/\/+$/, "");
  } catch {
    return "";
  }
};

/** Old addresses of a post: /?p=ID, the date-based and plain permalinks, category permalinks and the link in the file. */
function oldPostPaths(item: WxrItem, channel: WxrChannel): string[] {
  const base = basePath(channel);
  const name = item.postName;
  const [y, m, d] = item.postDate.slice(0, 10).split("-");
  const candidates = [item.link, base ? "" : `/?p=${item.postId}`];
  if (name) {
    candidates.push(`${base}/${y}/${m}/${d}/${name}`, `${base}/${y}/${m}/${name}`, `${base}/${name}`);
    for (const cat of item.terms.filter((t) => t.domain === "category")) {
      const path = categoryPath(cat.slug, channel);
      candidates.push(`${base}/category/${path}/${name}`, `${base}/category/${cat.slug}/${name}`);
    }
  }
  return normalisedPaths(candidates, base);
}

function normalisedPaths(candidates: string[], base: string): string[] {
  const sources = new Set<string>();
  for (const candidate of candidates) {
    const source = candidate ? normaliseSource(candidate) : null;
    if (source && source !== "/" && source !== base) sources.add(source);
  }
  return [...sources];
}

function planComment(comment: WxrComment, postGuid: string, notes: string[]): PlannedComment | null {
  if (comment.type === "pingback" || comment.type === "trackback") return null;
  const content = htmlToText(comment.content);
  if (content.length > TEXT_LIMITS.comment) notes.push(`comment ${comment.id} was longer than ${TEXT_LIMITS.comment} characters and was shortened`);
  const email = comment.authorEmail.trim().toLowerCase();
  return {
    guid: `${postGuid}#comment-${comment.id}`,
    authorName: cut(htmlToText(comment.author) || "Anonymous", TEXT_LIMITS.commentName),
    authorEmail: email.length <= TEXT_LIMITS.email && /^[^\s@]+@[^\s@]+$/.test(email) ? email : "",
    content: cut(content || "(empty comment)", TEXT_LIMITS.comment),
    status: comment.approved === "1" ? "approved" : comment.approved === "spam" || comment.approved === "trash" ? "rejected" : "pending",
    createdAt: wpDate(comment.dateGmt) ?? wpDate(comment.date) ?? new Date(0),
  };
}

/** What one item becomes. `imageUrl` maps an image address to its imported copy (--media-dir). */
export function planItem(item: WxrItem, site: SiteData, options: ImportOptions, convert: BodyConverter, imageUrl?: (url: string) => string | undefined): ItemPlan {
  const label = labelOf(item);
  const guid = site.repeatedGuids.has(item.guid) ? `${item.guid}#${item.postType}-${item.postId}` : item.guid;
  const kind = item.postType === "post" ? "post" : item.postType === "page" ? "page" : "other";
  const skip = (reason: string | null): ItemPlan => ({ kind: "skip", itemKind: kind, label, reason, comments: item.comments.length });
  if (kind === "other") return skip(null);
  if (["trash", "auto-draft", "inherit"].includes(item.status)) return skip(`status "${item.status}": not imported`);
  const notes: string[] = [];
  const body = convert(item.content, { postId: item.postId, attachments: site.attachments, imageUrl });
  notes.push(...body.notes);

  if (kind === "page") {
    const pageId = slugify(decodeSlug(item.postName));
    if (!(STATIC_PAGE_IDS as readonly string[]).includes(pageId)) return skip(`no page of ours is called "${pageId || item.postName}" (${STATIC_PAGE_IDS.join(", ")}): skipped`);
    if (item.status !== "publish" || item.postPassword) return skip(`our "${pageId}" page is only replaced by a published page without a password`);
    const oldPaths = normalisedPaths([item.link, `/?page_id=${item.postId}`], basePath(site.channel)).filter((p) => p !== `/${pageId}`);
    return { kind: "page", guid, label, pageId, title: cut(htmlToText(item.title) || pageId, TEXT_LIMITS.pageTitle), content: body.markdown, oldPaths, notes };
  }

  const tags = item.terms.filter((t) => t.domain === "post_tag").map((t) => htmlToText(t.name)).filter(Boolean);
  // Tags stay searchable as the body's last line, as WordPress themes show them under a post (see README).
  const content = body.markdown + (tags.length ? `${body.markdown ? "\n\n" : ""}*Tags: ${tags.join(", ").replace(/[*_\\]/g, "\\$&")}*` : "");
  if (content.length > TEXT_LIMITS.content) return skip(`its body is ${content.length} characters once converted, more than the ${TEXT_LIMITS.content} an article may have: skipped`);
  let title = htmlToText(item.title).replace(/\n/g, " ");
  if (!title) title = "(no title)";
  if (title.length > TEXT_LIMITS.title) notes.push("the title was longer than 200 characters and was shortened");
  const date = wpDate(item.postDateGmt) ?? wpDate(item.postDate);
  let status: ImportedArticleFields["status"] = item.status === "private" ? "archived" : item.status === "publish" || item.status === "future" ? "published" : "draft";
  if (item.postPassword) {
    status = "draft";
    notes.push("password-protected on WordPress: imported as a draft, so that it stays private");
  }
  if (item.status === "future" && date && date.getTime() <= Date.now()) notes.push("scheduled for a time that has passed: published");
  const thumbnail = site.attachments.get(item.meta._thumbnail_id ?? "");
  const imageSrc = thumbnail ? (imageUrl?.(thumbnail.url) ?? thumbnail.url) : null;
  const usableImage = imageSrc && imageSrc.length <= TEXT_LIMITS.imageUrl && (/^https?:\/\/\S+$/i.test(imageSrc) || /^\/(?!\/)\S*$/.test(imageSrc));
  if (thumbnail && !usableImage) notes.push("its featured image address is not an http(s) URL: left out");
  const fields: ImportedArticleFields = {
    title: cut(title, TEXT_LIMITS.title),
    slug: (slugify(decodeSlug(item.postName)) || slugify(title) || `post-${item.postId}`).slice(0, TEXT_LIMITS.slug).replace(/-$/, ""),
    content,
    excerpt: cut(htmlToText(item.excerpt).replace(/\n/g, " ") || firstParagraph(item.content), TEXT_LIMITS.excerpt),
    author: cut(site.channel.authors.find((a) => a.login === item.creator)?.displayName || item.creator || "", TEXT_LIMITS.author),
    category: categoryOf(item, site.channel, options),
    status,
    publishedAt: status === "draft" ? null : date,
    createdAt: date,
    isBreaking: options.stickyAsBreaking && item.isSticky,
    imageUrl: usableImage ? imageSrc : null,
    imageAlt: usableImage ? cut(htmlToText(thumbnail!.alt || thumbnail!.title) || title, TEXT_LIMITS.imageAlt) : null,
  };
  const comments = item.comments.map((c) => planComment(c, guid, notes)).filter((c): c is PlannedComment => c !== null);
  const skippedComments = item.comments.length - comments.length;
  if (skippedComments) notes.push(`${skippedComments} pingback(s) or trackback(s) left out`);
  return { kind: "post", guid, label, fields, oldPaths: status === "published" ? oldPostPaths(item, site.channel) : [], comments, skippedComments, keptHtml: body.keptHtml, notes };
}

/** Old category, tag and feed addresses: WordPress's category pages and feeds go to ours, a tag page to a search for the tag. */
export function planSiteRedirects(site: SiteData, options: ImportOptions): { source: string; target: string }[] {
  const base = basePath(site.channel);
  const rows: { source: string; target: string }[] = [];
  const add = (source: string, target: string) => {
    const normal = normaliseSource(source);
    if (normal && normal !== "/" && normal !== base) rows.push({ source: normal, target });
  };
  for (const feed of ["/feed", "/feed/rss2", "/feed/rss", "/feed/atom", "/feed/rdf", "/comments/feed"]) add(`${base}${feed}`, "/rss.xml");
  if (!base) add("/?feed=rss2", "/rss.xml");
  for (const cat of site.channel.categories) {
    const ours = categoryOf({ terms: [{ domain: "category", slug: cat.slug, name: cat.name }] } as WxrItem, site.channel, options);
    for (const path of new Set([cat.slug, categoryPath(cat.slug, site.channel)])) {
      add(`${base}/category/${path}`, `/category/${ours}`);
      add(`${base}/category/${path}/feed`, `/category/${ours}/rss.xml`);
    }
  }
  for (const tag of site.channel.tags) {
    const name = htmlToText(tag.name);
    if (name) add(`${base}/tag/${tag.slug}`, `/search?q=${encodeURIComponent(name)}`);
  }
  return rows;
}
