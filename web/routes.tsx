import { lazy, Suspense, type ReactNode } from "react";
import type { createServerSideHelpers } from "@trpc/react-query/server";
import type { AppRouter } from "../src/trpc/router.js";
import { CATEGORY_DESCRIPTIONS, SEARCH_MIN_LENGTH, categoryLabel } from "../src/schemas/constants.js";
import { STATIC_PAGE_IDS } from "../src/schemas/pages.js";
import { ADMIN_PATHS } from "./pages/admin/screens.js";
import { articleHead, defaultDescription, type PageHead } from "./head.js";
import { categoryInput, pageNumber, popularInput, searchInput } from "./hooks/queries.js";
import type { SiteInfo } from "./lib/site.js";
import { ArticlePage } from "./pages/ArticlePage.js";
import { CategoryPage } from "./pages/CategoryPage.js";
import { HomePage } from "./pages/HomePage.js";
import { NewsletterConfirmPage } from "./pages/NewsletterConfirmPage.js";
import { NotFoundPage } from "./pages/NotFoundPage.js";
import { PreviewPage } from "./pages/PreviewPage.js";
import { SavedPage } from "./pages/SavedPage.js";
import { SearchPage } from "./pages/SearchPage.js";
import { StaticPage } from "./pages/StaticPage.js";
import { UnsubscribePage } from "./pages/UnsubscribePage.js";

export type Helpers = ReturnType<typeof createServerSideHelpers<AppRouter>>;
type Params = Record<string, string | undefined>;

export interface AppRoute {
  path: string;
  element: ReactNode;
  /** Public pages: fills the query cache on the server so the first HTML is complete; returns what `head` needs. */
  prefetch?: (helpers: Helpers, params: Params, search: URLSearchParams) => Promise<unknown>;
  /** Public pages: the head tags, from what `prefetch` returned (undefined when it failed). */
  head?: (data: never, site: SiteInfo, params: Params, search: URLSearchParams) => PageHead;
  /** Admin screens are code-split away from what readers download and never server-rendered. */
  admin?: boolean;
  /** Pages for link holders only (previews): `private, no-store`, never in a shared cache. */
  noStore?: boolean;
}

const AdminApp = lazy(() => import("./pages/admin/AdminApp.js"));
const admin = (
  <Suspense fallback={null}>
    <AdminApp />
  </Suspense>
);


/** What the frame of every public page shows: the ticker and the footer's contacts. */
const frame = (h: Helpers) => Promise.all([h.ticker.list.prefetch(), h.contacts.list.prefetch()]);

/** A public route: the frame's data plus the page's own. */
function page<T>(path: string, element: ReactNode, load: (h: Helpers, p: Params, s: URLSearchParams) => Promise<T>, head: (data: T | undefined, site: SiteInfo, p: Params, s: URLSearchParams) => PageHead): AppRoute {
  return {
    path,
    element,
    // A failed page query stays in the cache (rendered as its error state); the frame's data is awaited regardless.
    prefetch: async (h, p, s) => (await Promise.all([load(h, p, s).catch(() => undefined), frame(h)]))[0],
    head: head as AppRoute["head"],
  };
}

export const routes: AppRoute[] = [
  page(
    "/",
    <HomePage />,
    (h) => Promise.all([h.articles.home.prefetch(), h.stocks.defense.prefetch()]),
    (_d, site) => ({ title: `${site.siteName} | Defense and Military News`, description: defaultDescription(site), canonicalPath: "/" }),
  ),
  page(
    "/article/:slug",
    <ArticlePage />,
    async (h, p) => {
      const article = await h.articles.bySlug.fetch({ slug: p.slug ?? "" });
      await h.comments.list.prefetch({ articleId: article.id });
      return article;
    },
    (a, site, p) => (a ? articleHead(a, site) : { title: `Article not found | ${site.siteName}`, description: defaultDescription(site), canonicalPath: `/article/${p.slug}`, noindex: true }),
  ),
  page(
    "/category/:category",
    <CategoryPage />,
    (h, p, s) => h.articles.cards.prefetch(categoryInput(p.category ?? "", pageNumber(s))),
    (_d, site, p, s) => {
      const c = p.category ?? "";
      const n = pageNumber(s);
      return { title: `${categoryLabel(c)} | ${site.siteName}`, description: CATEGORY_DESCRIPTIONS[c] ?? defaultDescription(site), canonicalPath: n > 1 ? `/category/${c}?page=${n}` : `/category/${c}`, noindex: !CATEGORY_DESCRIPTIONS[c] };
    },
  ),
  page("/category", <CategoryPage />, async () => undefined, (_d, site) => ({ title: `Category not found | ${site.siteName}`, description: defaultDescription(site), canonicalPath: "/category", noindex: true })),
  page(
    "/search",
    <SearchPage />,
    async (h, _p, s) => {
      const q = (s.get("q") ?? "").trim();
      await Promise.all([q.length >= SEARCH_MIN_LENGTH ? h.articles.cards.prefetch(searchInput(q)) : undefined, h.articles.cards.prefetch(popularInput)]);
    },
    (_d, site, _p, s) => {
      const q = (s.get("q") ?? "").trim();
      return { title: q ? `Search: ${q} | ${site.siteName}` : `Search | ${site.siteName}`, description: defaultDescription(site), canonicalPath: "/search", noindex: true };
    },
  ),
  ...STATIC_PAGE_IDS.map((id) =>
    page(
      `/${id}`,
      <StaticPage pageId={id} />,
      (h) => h.pages.get.fetch({ page: id }),
      (pg, site) => ({ title: `${pg ? pg.title : "Page not found"} | ${site.siteName}`, description: pg ? pg.content.replace(/[#*_>`[\]()-]/g, "").replace(/\s+/g, " ").trim().slice(0, 160) : defaultDescription(site), canonicalPath: `/${id}`, noindex: !pg }),
    ),
  ),
  page("/saved", <SavedPage />, async () => undefined, (_d, site) => ({ title: `Saved articles | ${site.siteName}`, description: defaultDescription(site), canonicalPath: "/saved", noindex: true })),
  page("/unsubscribe", <UnsubscribePage />, async () => undefined, (_d, site) => ({ title: `Unsubscribe | ${site.siteName}`, description: defaultDescription(site), canonicalPath: "/unsubscribe", noindex: true })),
  page("/newsletter/confirm", <NewsletterConfirmPage />, async () => undefined, (_d, site) => ({ title: `Confirm your subscription | ${site.siteName}`, description: defaultDescription(site), canonicalPath: "/newsletter/confirm", noindex: true })),
  {
    ...page(
      "/preview/:token",
      <PreviewPage />,
      (h, p) => h.previews.view.fetch({ token: p.token ?? "" }),
      (a, site, p) => ({ ...(a ? articleHead(a, site) : { title: `Page Not Found | ${site.siteName}`, description: defaultDescription(site) }), canonicalPath: `/preview/${p.token}`, noindex: true, jsonLd: undefined }),
    ),
    noStore: true,
  },
  ...ADMIN_PATHS.map((path) => ({ path, element: admin, admin: true })),
  page("*", <NotFoundPage />, async () => undefined, (_d, site) => ({ title: `Page Not Found | ${site.siteName}`, description: defaultDescription(site), canonicalPath: "/", noindex: true })),
];
