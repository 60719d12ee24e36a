import { QueryClientProvider, type QueryClient } from "@tanstack/react-query";
import { Route, Routes } from "react-router-dom";
import { routes } from "./routes.js";
import type { ReactNode } from "react";
import { Toaster } from "./components/islands.js";
import { SiteProvider, type SiteInfo } from "./lib/site.js";

/** What every page shares: the query cache, the site's facts, the toasts. The reader's pages call the API through
 *  web/lib/rpc.ts; the admin screens bring their own tRPC client (pages/admin/AdminApp.tsx). */
export function Providers({ queryClient, site, children }: { queryClient: QueryClient; site: SiteInfo; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <SiteProvider site={site}>
        {children}
        <Toaster />
      </SiteProvider>
    </QueryClientProvider>
  );
}

export function App() {
  return (
    <Routes>
      {routes.map((r) => (
        <Route key={r.path} path={r.path} element={r.element} />
      ))}
    </Routes>
  );
}
