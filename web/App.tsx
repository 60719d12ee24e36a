import { useRoutes } from "react-router-dom";
import { routes } from "./routes.js";
import { useEffect, type ReactNode } from "react";
import { Toaster } from "./components/islands.js";
import { SiteProvider, type SiteInfo } from "./lib/site.js";
import { QueryStoreProvider, type QueryStore } from "./lib/queryStore.js";

/** What every page shares: the reader's pages' data, the site's facts, the toasts. The reader's pages call the API
 *  through web/lib/rpc.ts; the admin screens bring their own query cache and tRPC client (pages/admin/AdminApp.tsx). */
export function Providers({ store, site, children }: { store: QueryStore; site: SiteInfo; children: ReactNode }) {
  return (
    <QueryStoreProvider store={store}>
      <SiteProvider site={site}>
        {children}
        <Toaster />
      </SiteProvider>
    </QueryStoreProvider>
  );
}

// The route table as react-router takes it (useRoutes: no <Routes>/<Route> children to turn into objects, and
// that code stays out of the reader's bundle).
const routeObjects = routes.map((r) => ({ path: r.path, element: r.element }));

export function App() {
  // The app has taken over the server's HTML (or rendered an admin screen): `html[data-hydrated]` says the page
  // answers clicks now (the code loads after the first paint; browser tests wait for this).
  useEffect(() => {
    document.documentElement.dataset.hydrated = "";
  }, []);
  return useRoutes(routeObjects);
}
