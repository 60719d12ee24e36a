// The page cache's dependency rules, in one place: the tags an answer carries (declared where its data is read: a
// query procedure's `cache` meta names one of the rules below, a feed its tags), and which tags a change drops. An
// answer is valid while none of its tags was dropped after it was rendered.
import type { ArticleState, ContentChange } from "../services/contentEvents.js";
import type { CacheRule } from "./tags.js";

/** Lists of published articles, by what decides membership. */
const LIST_ALL = "list:all";
const LIST_HOME = "list:home";
const LIST_SEARCH = "list:search";
const listOfCategory = (category: string) => `list:cat:${category}`;
const article = (id: number) => `a:${id}`;
const comments = (articleId: number) => `c:${articleId}`;
const page = (id: string) => `page:${id}`;
const PAGES = "pages";
const CONTACTS = "contacts";
const TICKER = "ticker";
const STOCKS = "stocks";
const author = (slug: string) => `author:${slug}`;
/** A live blog's posts: its page, its posts' API answers and its own feed. */
const livePosts = (articleId: number) => `live:${articleId}`;
/** Feeds and sitemaps: full text and every URL, so any article change drops them. */
export const FEEDS = "feeds";
/** Answers that change only with the configuration (robots.txt): dropped only when every answer is. */
export const STATIC = "static";
/** Answers a change of the redirect table may turn into a redirect. */
export const REDIRECTS = "redirects";

type Input = Record<string, unknown> | undefined;
type Card = { id: number };

const idsOf = (items: unknown): string[] => (Array.isArray(items) ? (items as Card[]).filter((c) => typeof c?.id === "number").map((c) => article(c.id)) : []);

/** The list tag of an article-list query, from its filters. */
function listScope(input: Input): string {
  if (input?.q) return LIST_SEARCH;
  if (typeof input?.category === "string") return listOfCategory(input.category);
  return LIST_ALL;
}

/** The rules a query procedure names in its `cache` meta. */
export const cacheRules = {
  /** A list of articles (filtered by category or text): the list, and each article on it. */
  articleList: (input, output) => [listScope(input), ...idsOf(output)],
  /** One article (or none: nothing to drop, the 404 is not stored). */
  article: (_input, output) => idsOf([output]),
  /** The home page's featured, latest and section articles. */
  home: (_input, output) => {
    const home = output as { featured: Card | null; latest: Card[]; sections: { articles: Card[] }[] };
    return [LIST_HOME, ...idsOf([home.featured, ...home.latest, ...home.sections.flatMap((s) => s.articles)].filter(Boolean))];
  },
  searchResults: (_input, output) => [LIST_SEARCH, ...idsOf((output as { items?: unknown }).items)],
  searchSuggestions: () => [LIST_SEARCH],
  comments: (input) => [comments(Number(input?.articleId))],
  /** An article's author box: the article, and the author's profile. */
  articleAuthor: (input, output) => {
    const slug = (output as { slug?: string } | null)?.slug;
    return [article(Number(input?.id)), ...(slug ? [author(slug)] : [])];
  },
  /** An author's page: any change to which articles are published may change its list. */
  authorPage: (_input, output) => {
    const page = output as { author: { slug: string }; articles: Card[] };
    return [LIST_ALL, author(page.author.slug), ...idsOf(page.articles)];
  },
  livePosts: (input) => [livePosts(Number(input?.id))],
  ticker: () => [TICKER],
  stocks: () => [STOCKS],
  contacts: () => [CONTACTS],
  pages: () => [PAGES],
  page: (input) => [page(String(input?.page))],
} satisfies Record<string, CacheRule>;

/** Tags of the feeds that are not procedures' answers. */
export const feedTags = {
  author: (slug: string) => [FEEDS, author(slug)],
  live: (articleId: number) => [article(articleId), livePosts(articleId)],
};

const isVisible = (a: ArticleState | null, now: Date) => Boolean(a && a.status === "published" && a.publishedAt && a.publishedAt.getTime() <= now.getTime());

/** Whether an article's change can move it into, out of, or within a list (not just change what its card shows). */
function changesMembership(before: ArticleState | null, after: ArticleState | null, now: Date): boolean {
  const wasVisible = isVisible(before, now);
  const isNowVisible = isVisible(after, now);
  if (wasVisible !== isNowVisible) return true;
  if (!wasVisible) return false;
  return before!.category !== after!.category || before!.isBreaking !== after!.isBreaking || before!.publishedAt!.getTime() !== after!.publishedAt!.getTime();
}

/** The tags a change drops. */
export function tagsOfChange(change: ContentChange, now = new Date()): string[] {
  switch (change.type) {
    case "article": {
      const { before, after } = change;
      const states = [before, after].filter((a): a is ArticleState => a !== null);
      const tags = new Set([article(states[0].id), FEEDS]);
      // Search matches on text, which any edit may change; a hidden article appears in no search.
      if (states.some((a) => isVisible(a, now))) tags.add(LIST_SEARCH);
      if (changesMembership(before, after, now)) {
        [LIST_ALL, LIST_HOME, LIST_SEARCH].forEach((t) => tags.add(t));
        states.forEach((a) => tags.add(listOfCategory(a.category)));
      }
      // The ticker shows the newest breaking articles' and the running live blogs' titles and links.
      if (states.some((a) => (a.isBreaking || a.live) && isVisible(a, now))) tags.add(TICKER);
      return [...tags];
    }
    case "comments":
      return change.articleIds.map(comments);
    case "live":
      return [livePosts(change.event.articleId)];
    case "page":
      return [page(change.id), PAGES];
    case "contacts":
      return [CONTACTS];
    case "ticker":
      return [TICKER];
    case "stocks":
      return [STOCKS];
    case "redirects":
      return [REDIRECTS];
    case "author":
      return [author(change.slug)];
    case "activity":
      return [];
  }
}
