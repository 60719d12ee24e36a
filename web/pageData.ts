// What only the server needs for each public page: the data it prefetches so the first HTML is complete, and its
// head tags. Kept apart from routes.tsx so none of it is in the browser's bundle.
import type { createServerSideHelpers } from "@trpc/react-query/server";
import { matchRoutes } from "react-router-dom";
import type { AppRouter } from "./trpc.js";
import { CATEGORY_DESCRIPTIONS, SEARCH_MIN_LENGTH, categoryLabel } from "../src/schemas/constants.js";
import { articleHead, authorHead, defaultDescription } from "./head.js";
import { categoryInput, pageNumber, popularInput, searchInput } from "./hooks/queries.js";
import { LIVE_PAGE_SIZE, liveBefore, livePostsInput } from "../src/schemas/liveConstants.js";
import type { PageHead, RouteParams as Params, ServerRoute, SiteInfo } from "../src/schemas/ssr.js";
import { STATIC_PAGE_IDS } from "../src/schemas/pages.js";
import { carriesSecret } from "../src/schemas/secretPaths.js";
import { routes as clientRoutes, type ClientRoute } from "./routes.js";

export type Helpers = ReturnType<typeof createServerSideHelpers<AppRouter>>;

/** A route with what the server needs to render it (src/schemas/ssr.ts). */
export type AppRoute = ClientRoute & ServerRoute<Helpers>;
type ServerParts = Pick<AppRoute, "prefetch" | "head" | "noStore" | "framed">;

/** What the frame of every public page shows: the ticker and the footer's contacts. */
const frame = (h: Helpers) => Promise.all([h.ticker.list.prefetch(), h.contacts.list.prefetch()]);

/** A public route: the frame's data plus the page's own. */
function page<T>(path: string, load: (h: Helpers, p: Params, s: URLSearchParams) => Promise<T>, head: (data: T | undefined, site: SiteInfo, p: Params, s: URLSearchParams) => PageHead, options: Pick<ServerParts, "noStore"> = {}): [string, ServerParts] {
  return [path, {
    ...options,
    // A failed page query stays in the cache (rendered as its error state); the frame's data is awaited regardless.
    prefetch: async (h, p, s) => (await Promise.all([load(h, p, s).catch(() => undefined), frame(h)]))[0],
    head: head as AppRoute["head"],
  }];
}

/** /search: the frame (the site's frame and the sidebar) is rendered once for every query; the main column per request. */
function searchPage(): [string, ServerParts] {
  const slot = async (h: Helpers, _p: Params, s: URLSearchParams) => {
    const input = searchInput(s);
    if (input.q.length >= SEARCH_MIN_LENGTH) await h.search.results.prefetch(input);
  };
  const searchFrame = (h: Helpers) => Promise.all([frame(h), h.articles.cards.prefetch(popularInput)]);
  return [
    "/search",
    {
      prefetch: async (h, p, s) => void (await Promise.all([slot(h, p, s).catch(() => undefined), searchFrame(h)])),
      framed: { frame: searchFrame, slot },
      head: ((_d: unknown, site: SiteInfo, _p: Params, s: URLSearchParams) => {
        const q = (s.get("q") ?? "").trim();
        return { title: q ? `Search: ${q} | ${site.siteName}` : `Search | ${site.siteName}`, description: defaultDescription(site), canonicalPath: "/search", noindex: true };
      }) as AppRoute["head"],
    },
  ];
}

const serverParts = new Map<string, ServerParts>([
  page(
    "/",
    (h) => Promise.all([h.articles.home.prefetch(), h.stocks.defense.prefetch()]),
    (_d, site) => ({ title: `${site.siteName} | Defense and Military News`, description: defaultDescription(site), canonicalPath: "/" }),
  ),
  page(
    "/article/:slug",
    async (h, p, s) => {
      const article = await h.articles.bySlug.fetch({ slug: p.slug ?? "" });
      const [, author] = await Promise.all([h.comments.list.prefetch({ articleId: article.id }), h.authors.byArticle.fetch({ id: article.id }).catch(() => null)]);
      const authorPage = author?.slug ?? null;
      if (!article.liveStatus) return { ...article, authorPage };
      // The highlights first: their lastEventId is where the page's stream resumes, so it must not be newer than the posts.
      await h.live.highlights.prefetch({ id: article.id });
      const posts = await h.live.posts.fetch(livePostsInput(article.id, liveBefore(s))).catch(() => []);
      return { ...article, authorPage, liveUpdates: posts.slice(0, LIVE_PAGE_SIZE) };
    },
    (a, site, p) => (a ? articleHead(a, site, { authorSlug: a.authorPage, liveUpdates: "liveUpdates" in a ? a.liveUpdates : undefined }) : { title: `Article not found | ${site.siteName}`, description: defaultDescription(site), canonicalPath: `/article/${p.slug}`, noindex: true }),
  ),
  page(
    "/category/:category",
    (h, p, s) => h.articles.cards.prefetch(categoryInput(p.category ?? "", pageNumber(s))),
    (_d, site, p, s) => {
      const c = p.category ?? "";
      const n = pageNumber(s);
      return { title: `${categoryLabel(c)} | ${site.siteName}`, description: CATEGORY_DESCRIPTIONS[c] ?? defaultDescription(site), canonicalPath: n > 1 ? `/category/${c}?page=${n}` : `/category/${c}`, noindex: !CATEGORY_DESCRIPTIONS[c] };
    },
  ),
  page("/category", async () => undefined, (_d, site) => ({ title: `Category not found | ${site.siteName}`, description: defaultDescription(site), canonicalPath: "/category", noindex: true })),
  searchPage(),
  ...STATIC_PAGE_IDS.map((id) =>
    page(
      `/${id}`,
      (h) => h.pages.get.fetch({ page: id }),
      (pg, site) => ({ title: `${pg ? pg.title : "Page not found"} | ${site.siteName}`, description: pg ? pg.content.replace(/[#*_>`[\]()-]/g, "").replace(/\s+/g, " ").trim().slice(0, 160) : defaultDescription(site), canonicalPath: `/${id}`, noindex: !pg }),
    ),
  ),
  page("/saved", async () => undefined, (_d, site) => ({ title: `Saved articles | ${site.siteName}`, description: defaultDescription(site), canonicalPath: "/saved", noindex: true })),
  page("/unsubscribe", async () => undefined, (_d, site) => ({ title: `Unsubscribe | ${site.siteName}`, description: defaultDescription(site), canonicalPath: "/unsubscribe", noindex: true })),
  page("/newsletter/confirm", async () => undefined, (_d, site) => ({ title: `Confirm your subscription | ${site.siteName}`, description: defaultDescription(site), canonicalPath: "/newsletter/confirm", noindex: true })),
  page(
    "/preview/:token",
    (h, p) => h.previews.view.fetch({ token: p.token ?? "" }),
    (a, site, p) => ({ ...(a ? articleHead(a, site) : { title: `Page Not Found | ${site.siteName}`, description: defaultDescription(site) }), canonicalPath: `/preview/${p.token}`, noindex: true, jsonLd: undefined }),
    { noStore: true },
  ),
  // The reader's own account: private, never cached; a 401 renders the sign-in form.
  page("/account", (h) => h.account.me.prefetch(), (_d, site) => ({ title: `Your account | ${site.siteName}`, description: defaultDescription(site), canonicalPath: "/account", noindex: true }), { noStore: true }),
  // The mailed sign-in link: its URL carries the token, so the page is never stored by a cache.
  page("/account/verify", async () => undefined, (_d, site) => ({ title: `Sign in | ${site.siteName}`, description: defaultDescription(site), canonicalPath: "/account/verify", noindex: true }), { noStore: true }),
  page(
    "/author/:slug",
    (h, p, s) => h.authors.page.fetch({ slug: p.slug ?? "", page: pageNumber(s) }),
    (d, site, p, s) => (d ? authorHead(d.author, site, pageNumber(s)) : { title: `Author not found | ${site.siteName}`, description: defaultDescription(site), canonicalPath: `/author/${p.slug}`, noindex: true }),
  ),
  // Mailed links: their URLs carry tokens, so the pages are never stored by a cache.
  page("/staff/accept", async () => undefined, (_d, site) => ({ title: `Join the newsroom | ${site.siteName}`, description: defaultDescription(site), canonicalPath: "/staff/accept", noindex: true }), { noStore: true }),
  page("/staff/reset", async () => undefined, (_d, site) => ({ title: `Reset your password | ${site.siteName}`, description: defaultDescription(site), canonicalPath: "/staff/reset", noindex: true }), { noStore: true }),
  page("/subscribe", async () => undefined, (_d, site) => ({ title: `Premium plans | ${site.siteName}`, description: `${site.siteName} Premium: unlimited premium analysis, daily briefings and reading without ads.`, canonicalPath: "/subscribe" })),
  page("*", async () => undefined, (_d, site) => ({ title: `Page Not Found | ${site.siteName}`, description: defaultDescription(site), canonicalPath: "/", noindex: true })),
]);

/** Every route with what the server needs to render it. */
export const routes: AppRoute[] = clientRoutes.map((r) => ({ ...r, ...serverParts.get(r.path) }));

/** The route a path opens, with its parameters. */
const matchable = routes.map((r) => ({ ...r, element: null }));
type Match = ReturnType<typeof matchRoutes<(typeof matchable)[number]>>;
/** Matches of recent paths: matchRoutes flattens and ranks every route on each call (0.4 ms a page); a path's match
 *  never changes. A path carrying a secret (a token) is matched each time, never kept. */
const matched = new Map<string, Match>();
const MATCHED_MAX = 1000;
export const matchRoute = (pathname: string) => {
  let match = matched.get(pathname);
  if (match === undefined) {
    match = matchRoutes(matchable, pathname);
    if (carriesSecret(pathname)) return match?.[0];
    if (matched.size >= MATCHED_MAX) matched.clear();
    matched.set(pathname, match);
  }
  return match?.[0];
};
