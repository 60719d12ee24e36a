import { HydrationBoundary, dehydrate, type QueryClient } from "@tanstack/react-query";
import { StrictMode } from "react";
import { renderToString } from "react-dom/server";
import { StaticRouter } from "react-router";
import { matchRoutes } from "react-router-dom";
import { App, Providers } from "./App.js";
import { routes } from "./routes.js";
import { createTrpcClient } from "./trpc.js";

export { routes };
export const matchRoute = (pathname: string) => matchRoutes(routes.map((r) => ({ ...r, element: null })), pathname)?.[0];

/** Renders a public page from a query cache the server has already filled. */
export function render(url: string, queryClient: QueryClient) {
  const state = dehydrate(queryClient);
  const html = renderToString(
    <StrictMode>
      <Providers queryClient={queryClient} trpcClient={createTrpcClient("http://localhost")}>
        <HydrationBoundary state={state}>
          <StaticRouter location={url}>
            <App />
          </StaticRouter>
        </HydrationBoundary>
      </Providers>
    </StrictMode>,
  );
  return { html, state };
}
