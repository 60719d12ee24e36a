// The routes the browser and the server share: each path's page (a chunk of its own) and the admin screens.
// What only the server needs for a public page (its data prefetch and head tags) is in pageData.ts, so that code
// never reaches the browser.
import { lazy, Suspense, type ComponentType, type ReactNode } from "react";
import { matchRoutes } from "react-router-dom";
import { island } from "./lib/island.js";
import { STATIC_PAGE_IDS } from "../src/schemas/pages.js";
import { ADMIN_PATHS } from "./pages/admin/paths.js";

export interface ClientRoute {
  path: string;
  element: ReactNode;
  /** Loads the page's code (a chunk of its own): the browser awaits it before hydrating the first page. */
  preload?: () => Promise<unknown>;
  /** Admin screens are code-split away from what readers download and never server-rendered. */
  admin?: boolean;
}

/** A page whose code is its own chunk: each reader downloads the frame and the page they open, not every page. */
function lazyPage<P extends object>(load: () => Promise<ComponentType<P>>) {
  const Page = island(load, { when: "now" });
  return (props: P) => ({ element: <Page {...props} />, preload: Page.preload });
}
const HomePage = lazyPage(() => import("./pages/HomePage.js").then((m) => m.HomePage));
const ArticlePage = lazyPage(() => import("./pages/ArticlePage.js").then((m) => m.ArticlePage));
const CategoryPage = lazyPage(() => import("./pages/CategoryPage.js").then((m) => m.CategoryPage));
const SearchPage = lazyPage(() => import("./pages/SearchPage.js").then((m) => m.SearchPage));
const StaticPage = lazyPage<{ pageId: string }>(() => import("./pages/StaticPage.js").then((m) => m.StaticPage));
const SavedPage = lazyPage(() => import("./pages/SavedPage.js").then((m) => m.SavedPage));
const UnsubscribePage = lazyPage(() => import("./pages/UnsubscribePage.js").then((m) => m.UnsubscribePage));
const NewsletterConfirmPage = lazyPage(() => import("./pages/NewsletterConfirmPage.js").then((m) => m.NewsletterConfirmPage));
const PreviewPage = lazyPage(() => import("./pages/PreviewPage.js").then((m) => m.PreviewPage));
const AccountPage = lazyPage(() => import("./pages/AccountPage.js").then((m) => m.AccountPage));
const AccountVerifyPage = lazyPage(() => import("./pages/AccountVerifyPage.js").then((m) => m.AccountVerifyPage));
const AuthorPage = lazyPage(() => import("./pages/AuthorPage.js").then((m) => m.AuthorPage));
const StaffLinkPage = lazyPage<{ kind: "accept" | "reset" }>(() => import("./pages/StaffLinkPage.js").then((m) => m.StaffLinkPage));
const SubscribePage = lazyPage(() => import("./pages/SubscribePage.js").then((m) => m.SubscribePage));
const NotFoundPage = lazyPage(() => import("./pages/NotFoundPage.js").then((m) => m.NotFoundPage));

const AdminApp = lazy(() => import("./pages/admin/AdminApp.js"));
const admin = (
  <Suspense fallback={null}>
    <AdminApp />
  </Suspense>
);


export const routes: ClientRoute[] = [
  { path: "/", ...HomePage({}) },
  { path: "/article/:slug", ...ArticlePage({}) },
  { path: "/category/:category", ...CategoryPage({}) },
  { path: "/category", ...CategoryPage({}) },
  { path: "/search", ...SearchPage({}) },
  ...STATIC_PAGE_IDS.map((id) => ({ path: `/${id}`, ...StaticPage({ pageId: id }) })),
  { path: "/saved", ...SavedPage({}) },
  { path: "/unsubscribe", ...UnsubscribePage({}) },
  { path: "/newsletter/confirm", ...NewsletterConfirmPage({}) },
  { path: "/preview/:token", ...PreviewPage({}) },
  { path: "/account", ...AccountPage({}) },
  { path: "/account/verify", ...AccountVerifyPage({}) },
  { path: "/author/:slug", ...AuthorPage({}) },
  { path: "/staff/accept", ...StaffLinkPage({ kind: "accept" }) },
  { path: "/staff/reset", ...StaffLinkPage({ kind: "reset" }) },
  { path: "/subscribe", ...SubscribePage({}) },
  ...ADMIN_PATHS.map((path) => ({ path, element: admin, admin: true })),
  { path: "*", ...NotFoundPage({}) },
];

/** The route a path opens, with its parameters. */
export const matchRoute = (pathname: string) => matchRoutes(routes.map((r) => ({ ...r, element: null })), pathname)?.[0];
