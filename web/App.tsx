import { QueryClientProvider, type QueryClient } from "@tanstack/react-query";
import { Route, Routes } from "react-router-dom";
import { trpc } from "./trpc.js";
import { routes } from "./routes.js";
import type { ReactNode } from "react";
import { Toaster } from "./components/toast.js";
import "./styles/index.css";

export function Providers({ queryClient, trpcClient, children }: { queryClient: QueryClient; trpcClient: ReturnType<typeof trpc.createClient>; children: ReactNode }) {
  return (
    <trpc.Provider client={trpcClient} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        {children}
        <Toaster />
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
