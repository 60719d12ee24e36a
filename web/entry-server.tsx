import { dehydrate, type QueryClient } from "@tanstack/react-query";
import { getHTTPStatusCodeFromError } from "@trpc/server/http";
import { TRPCError } from "@trpc/server";
import { StrictMode } from "react";
import { renderToString } from "react-dom/server";
import { StaticRouter } from "react-router";
import { App, Providers } from "./App.js";
import type { EntryServer } from "../src/schemas/ssr.js";
import { preloadIslands } from "./lib/island.js";
import { QueryStore, type DehydratedState } from "./lib/queryStore.js";
import { matchRoute as matchAppRoute, type Helpers } from "./pageData.js";

/** The server's side of this module (src/schemas/ssr.ts): src/ssr calls only these. */
type Entry = EntryServer<Helpers>;

// Every page and island is loaded before the first render, so server rendering is synchronous and complete.
await preloadIslands();

/** A failed prefetch as the browser's tRPC client would see it (message, code, HTTP status), so both render alike. */
function plainError(error: unknown) {
  const code = error instanceof TRPCError ? error.code : "INTERNAL_SERVER_ERROR";
  const httpStatus = error instanceof TRPCError ? getHTTPStatusCodeFromError(error) : 500;
  return { name: "TRPCClientError", message: httpStatus >= 500 ? "Internal server error" : (error as Error)?.message ?? "Error", data: { code, httpStatus } };
}

/** The HTTP status a failed page query implies (404 for a missing article or page), if any. */
export function failedStatus(queryClient: QueryClient): number | undefined {
  for (const q of queryClient.getQueryCache().getAll()) {
    const status = (q.state.error as { data?: { httpStatus?: number } } | null)?.data?.httpStatus;
    if (q.state.status === "error" && status) return status;
  }
  return undefined;
}

/** Renders a public page from the queries the server has already run (their dehydrated state is also what the
 *  browser's store starts from). Failed queries are embedded too (as plain errors), so the browser shows the same
 *  'not found' state without asking again. */
export const render: Entry["render"] = (url, queryClient, site) => {
  for (const q of queryClient.getQueryCache().getAll()) if (q.state.status === "error") q.setState({ error: plainError(q.state.error) as never });
  const state = dehydrate(queryClient, { shouldDehydrateQuery: (q) => q.state.status === "success" || q.state.status === "error" });
  const html = renderToString(
    <StrictMode>
      <Providers store={new QueryStore(state as DehydratedState)} site={site}>
        <StaticRouter location={url}>
          <App />
        </StaticRouter>
      </Providers>
    </StrictMode>,
  );
  return { html, state, status: failedStatus(queryClient) };
};

/** The route a path opens, with its parameters. */
export const matchRoute: Entry["matchRoute"] = (pathname) => {
  const match = matchAppRoute(pathname);
  return match && { route: match.route, params: match.params };
};
