import { QueryClientProvider, type QueryClient } from "@tanstack/react-query";
import { Route, Routes } from "react-router-dom";
import { trpc } from "./trpc.js";
import { routes } from "./routes.js";
import type { ReactNode } from "react";
import { Toaster } from "./components/toast.js";
import { SiteProvider, type SiteInfo } from "./lib/site.js";
import "./styles/index.css";

export function Providers({ queryClient, trpcClient, site, children }: { queryClient: QueryClient; trpcClient: ReturnType<typeof trpc.createClient>; site: SiteInfo; children: ReactNode }) {
  return (
    <trpc.Provider client={trpcClient} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        <SiteProvider site={site}>
          {children}
          <Toaster />
        </SiteProvider>
      </QueryClientProvider>
    </trpc.Provider>
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
