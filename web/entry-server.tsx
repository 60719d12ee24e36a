import { dehydrate, type QueryClient } from "@tanstack/react-query";
import { getHTTPStatusCodeFromError } from "@trpc/server/http";
import { TRPCError } from "@trpc/server";
import { StrictMode } from "react";
import { renderToString } from "react-dom/server";
import { StaticRouter } from "react-router";
import { App, Providers } from "./App.js";
import type { EntryServer } from "../src/schemas/ssr.js";
import { preloadIslands } from "./lib/island.js";
import { QueryStore, QueryStoreProvider, type DehydratedState } from "./lib/queryStore.js";
import { SiteProvider } from "./lib/site.js";
import { matchRoute as matchAppRoute, type Helpers } from "./pageData.js";
import { FRAME_SLOT_MARKER, FrameModeProvider } from "./lib/frameSlot.js";
import { SearchMain } from "./pages/SearchMain.js";
import type { ComponentType, ReactNode } from "react";

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
/** The queries the server ran, failed ones as plain errors, dehydrated as the browser's store reads them. */
function dehydrated(queryClient: QueryClient) {
  for (const q of queryClient.getQueryCache().getAll()) if (q.state.status === "error") q.setState({ error: plainError(q.state.error) as never });
  return dehydrate(queryClient, { shouldDehydrateQuery: (q) => q.state.status === "success" || q.state.status === "error" });
}

const renderAt = (url: string, state: ReturnType<typeof dehydrated>, site: Parameters<Entry["render"]>[2], children: ReactNode) =>
  renderToString(
    <StrictMode>
      <Providers store={new QueryStore(state as DehydratedState)} site={site}>
        <StaticRouter location={url}>{children}</StaticRouter>
      </Providers>
    </StrictMode>,
  );

/** A slot's content alone: the providers' data and site facts, without what Providers adds to a whole page (the toasts). */
const renderSlotAt = (url: string, state: ReturnType<typeof dehydrated>, site: Parameters<Entry["render"]>[2], children: ReactNode) =>
  renderToString(
    <StrictMode>
      <QueryStoreProvider store={new QueryStore(state as DehydratedState)}>
        <SiteProvider site={site}>
          <StaticRouter location={url}>{children}</StaticRouter>
        </SiteProvider>
      </QueryStoreProvider>
    </StrictMode>,
  );

/** Renders a public page from the queries the server has already run (their dehydrated state is also what the
 *  browser's store starts from). Failed queries are embedded too (as plain errors), so the browser shows the same
 *  'not found' state without asking again. */
export const render: Entry["render"] = (url, queryClient, site) => {
  const state = dehydrated(queryClient);
  return { html: renderAt(url, state, site, <App />), state, status: failedStatus(queryClient) };
};

/** The JSON of dehydrated queries as array items, `<` escaped as in the page's state script. */
const queriesJson = (state: ReturnType<typeof dehydrated>) => JSON.stringify(state.queries).slice(1, -1).replace(/</g, "\\u003c");

export const renderFrame: Entry["renderFrame"] = (path, queryClient, site) => {
  const state = dehydrated(queryClient);
  const html = renderAt(path, state, site, <FrameModeProvider><App /></FrameModeProvider>);
  return { html, queries: queriesJson(state), status: failedStatus(queryClient), slotMarker: FRAME_SLOT_MARKER };
};

/** What each framed route's slot renders (web/lib/frameSlot.tsx). */
const SLOTS: Record<string, ComponentType> = { "/search": SearchMain };

export const renderSlot: Entry["renderSlot"] = (url, queryClient, site) => {
  const state = dehydrated(queryClient);
  const Slot = SLOTS[new URL(url, "http://x").pathname];
  if (!Slot) throw new Error(`No frame slot for ${url}`);
  return { html: renderSlotAt(url, state, site, <Slot />), queries: queriesJson(state), status: failedStatus(queryClient) };
};

/** The route a path opens, with its parameters. */
export const matchRoute: Entry["matchRoute"] = (pathname) => {
  const match = matchAppRoute(pathname);
  return match && { route: match.route, params: match.params };
};
