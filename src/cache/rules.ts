// The page cache's dependency rules, in one place: which tags an answer carries (from what it shows), and
// which tags a change drops. An answer is valid while none of its tags was dropped after it was rendered.
import { isWordPressQuery } from "../lib/redirectPaths.js";
import type { ArticleState, ContentChange } from "../services/contentEvents.js";

/** Lists of published articles, by what decides membership. */
const LIST_ALL = "list:all";
const LIST_HOME = "list:home";
const LIST_SEARCH = "list:search";
const listOfCategory = (category: string) => `list:cat:${category}`;
const article = (id: number) => `a:${id}`;
const comments = (articleId: number) => `c:${articleId}`;
const author = (slug: string) => `author:${slug}`;
/** A live blog's posts: its page, its posts' API answers and its own feed. */
const livePosts = (articleId: number) => `live:${articleId}`;
/** Feeds and sitemaps: full text and every URL, so any article change drops them. */
const FEEDS = "feeds";
/** Answers a change of the redirect table may turn into a redirect. */
const REDIRECTS = "redirects";

type Input = Record<string, unknown> | undefined;
type Card = { id: number };

const idsOf = (items: unknown): string[] => (Array.isArray(items) ? (items as Card[]).filter((c) => typeof c?.id === "number").map((c) => article(c.id)) : []);

/** The list tag of an article-list query, from its filters. */
function listScope(input: Input): string {
  if (input?.q) return LIST_SEARCH;
  if (typeof input?.category === "string") return listOfCategory(input.category);
  return LIST_ALL;
}

/** Tags of a public procedure's answer; `undefined` means the procedure has no rule, so its answers are not cached. */
export function tagsOfProcedure(path: string, input: Input, output: unknown): string[] | undefined {
  switch (path) {
    case "articles.list":
    case "articles.cards":
      return [listScope(input), ...idsOf(output)];
    case "search.results":
      return [LIST_SEARCH, ...idsOf((output as { items?: unknown }).items)];
    case "search.suggest":
      return [LIST_SEARCH];
    case "articles.home": {
      const home = output as { featured: Card | null; latest: Card[]; sections: { articles: Card[] }[] };
      return [LIST_HOME, ...idsOf([home.featured, ...home.latest, ...home.sections.flatMap((s) => s.articles)].filter(Boolean))];
    }
    case "articles.bySlug":
    case "articles.byId":
      return idsOf([output]);
    case "authors.byArticle": {
      const slug = (output as { slug?: string } | null)?.slug;
      return [article(Number(input?.id)), ...(slug ? [author(slug)] : [])];
    }
    case "authors.page": {
      // Any change to which articles are published may change an author's list.
      const page = output as { author: { slug: string }; articles: Card[] };
      return [LIST_ALL, author(page.author.slug), ...idsOf(page.articles)];
    }
    case "comments.list":
      return [comments(Number(input?.articleId))];
    case "live.posts":
    case "live.highlights":
      return [livePosts(Number(input?.id))];
    case "ticker.list":
      return ["ticker"];
    case "stocks.defense":
      return ["stocks"];
    case "contacts.list":
      return ["contacts"];
    case "pages.list":
      return ["pages"];
    case "pages.get":
      return [`page:${String(input?.page)}`];
    default:
      return undefined;
  }
}

/** Tags of answers not made by a procedure (feeds, sitemaps, robots.txt), by path. The home address with a
 *  WordPress permalink parameter (/?p=123) shows the home page until a redirect for it exists. */
export function tagsOfPath(path: string, search?: URLSearchParams): string[] {
  if (search && isWordPressQuery(path, search)) return [REDIRECTS];
  if (/^\/(rss\.xml|category\/[^/]+\/rss\.xml|[a-z-]*sitemap[a-z0-9-]*\.xml)$/.test(path)) return [FEEDS];
  const authorFeed = /^\/author\/([a-z0-9-]+)\/rss\.xml$/.exec(path);
  if (authorFeed) return [FEEDS, author(authorFeed[1])];
  if (path === "/robots.txt") return ["static"];
  const liveFeed = /^\/live\/(\d+)\/rss\.xml$/.exec(path);
  if (liveFeed) return [article(Number(liveFeed[1])), livePosts(Number(liveFeed[1]))];
  return [];
}

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
      if (states.some((a) => (a.isBreaking || a.live) && isVisible(a, now))) tags.add("ticker");
      return [...tags];
    }
    case "comments":
      return change.articleIds.map(comments);
    case "live":
      return [livePosts(change.event.articleId)];
    case "page":
      return [`page:${change.id}`, "pages"];
    case "contacts":
      return ["contacts"];
    case "ticker":
      return ["ticker"];
    case "stocks":
      return ["stocks"];
    case "redirects":
      return [REDIRECTS];
    case "author":
      return [author(change.slug)];
    case "activity":
      return [];
  }
}
