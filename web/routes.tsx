import { lazy, Suspense, type ReactNode } from "react";
import type { createServerSideHelpers } from "@trpc/react-query/server";
import type { AppRouter } from "../src/trpc/router.js";
import { HomePage } from "./pages/HomePage.js";
import { NotFoundPage } from "./pages/NotFoundPage.js";

export type Helpers = ReturnType<typeof createServerSideHelpers<AppRouter>>;

export interface AppRoute {
  path: string;
  element: ReactNode;
  /** Public pages: fills the query cache on the server so the first HTML is complete. */
  prefetch?: (helpers: Helpers, params: Record<string, string | undefined>, search: URLSearchParams) => Promise<unknown>;
  /** Admin screens are code-split away from what readers download and never server-rendered. */
  admin?: boolean;
}

const AdminApp = lazy(() => import("./pages/admin/AdminApp.js"));
const admin = (
  <Suspense fallback={null}>
    <AdminApp />
  </Suspense>
);
export const ADMIN_PATHS = ["/admin", "/editor", "/editor/:id", "/articles", "/business-contacts", "/site-pages", "/analytics", "/growth", "/comments", "/premium", "/settings", "/test"];

export const routes: AppRoute[] = [
  { path: "/", element: <HomePage />, prefetch: (h) => h.articles.home.prefetch() },
  ...ADMIN_PATHS.map((path) => ({ path, element: admin, admin: true })),
  { path: "*", element: <NotFoundPage /> },
];
