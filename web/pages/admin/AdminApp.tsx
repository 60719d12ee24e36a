import { QueryClientProvider } from "@tanstack/react-query";
import { lazy, Suspense, useState, type ComponentType, type ReactNode } from "react";
import { matchRoutes, useLocation } from "react-router-dom";
import { batchLink, createQueryClient, trpc } from "../../trpc.js";
import { AdminHome } from "./AdminHome.js";
import { EditorPage } from "./EditorPage.js";
import { ArticlesPage } from "./ArticlesPage.js";
import { ContactsPage } from "./ContactsPage.js";
import { SitePagesPage } from "./SitePagesPage.js";
import { CommentsPage } from "./CommentsPage.js";
import { AnalyticsPage } from "./AnalyticsPage.js";
import { GrowthPage } from "./GrowthPage.js";
import { TestPage } from "./TestPage.js";
import { MediaPage } from "./MediaPage.js";
import { ADMIN_SCREENS, type AdminPath } from "./screens.js";
import { ScreenGate } from "./ScreenGate.js";

// Chunks of their own: only /premium, /settings and /newsletter load them.
const PremiumPage = lazy(() => import("./PremiumPage.js"));
const SettingsPage = lazy(() => import("./SettingsPage.js"));
const NewsletterPage = lazy(() => import("./NewsletterPage.js"));
const ApiKeysPage = lazy(() => import("./ApiKeysPage.js"));
const WebhooksPage = lazy(() => import("./WebhooksPage.js"));
const ImportPage = lazy(() => import("./ImportPage.js"));
const AlertsPage = lazy(() => import("./AlertsPage.js"));
const StaffPage = lazy(() => import("./StaffPage.js"));
const ProfilePage = lazy(() => import("./ProfilePage.js"));
const ReviewPage = lazy(() => import("./NewsroomPages.js").then((m) => ({ default: m.ReviewPage })));
const AuditPage = lazy(() => import("./NewsroomPages.js").then((m) => ({ default: m.AuditPage })));

/** The component of each administrator path (the paths themselves are listed in screens.ts). */
const COMPONENTS: Record<AdminPath, ComponentType> = {
  "/admin": AdminHome,
  "/editor": EditorPage,
  "/editor/:id": EditorPage,
  "/articles": ArticlesPage,
  "/business-contacts": ContactsPage,
  "/site-pages": SitePagesPage,
  "/comments": CommentsPage,
  "/analytics": AnalyticsPage,
  "/growth": GrowthPage,
  "/premium": PremiumPage,
  "/settings": SettingsPage,
  "/newsletter": NewsletterPage,
  "/test": TestPage,
  "/media-library": MediaPage,
  "/api-keys": ApiKeysPage,
  "/webhooks": WebhooksPage,
  "/import": ImportPage,
  "/alerts": AlertsPage,
  "/staff": StaffPage,
  "/profile": ProfilePage,
  "/review": ReviewPage,
  "/audit": AuditPage,
};
// Matched on the full pathname: a nested <Routes> under the top-level routes would match relative paths.
const SCREENS = ADMIN_SCREENS.map((screen) => ({ ...screen, Screen: COMPONENTS[screen.path] }));

/** Every administrator screen; loaded as its own chunk, only on admin paths. */
export default function AdminApp() {
  const { pathname } = useLocation();
  const match = matchRoutes(SCREENS, pathname)?.[0];
  if (!match) return null;
  const { Screen, path, ...screen } = match.route;
  return (
    <FreshData>
      <Suspense fallback={<p className="admin-loading">Loading…</p>}>
        <ScreenGate screen={screen}>
          {/* Keyed by path so /editor and /editor/:id never share form state. */}
          <Screen key={path === "/editor/:id" ? pathname : path} />
        </ScreenGate>
      </Suspense>
    </FreshData>
  );
}

/**
 * The administrator always sees the database as it is: public answers carry Cache-Control for CDNs,
 * so admin screens fetch past the browser's HTTP cache (a page saved a moment ago must not come back stale). They
 * keep their own query cache (react-query), apart from the reader pages' store.
 */
function FreshData({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  const [client] = useState(() =>
    // (a bulk delete of a page of articles is 20 calls: more than one batch)
    trpc.createClient({ links: [batchLink("", "no-store")] }),
  );
  return (
    <QueryClientProvider client={queryClient}>
      <trpc.Provider client={client} queryClient={queryClient}>
        {children}
      </trpc.Provider>
    </QueryClientProvider>
  );
}
