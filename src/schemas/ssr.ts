// What the server (src/ssr) and the web entry (web/entry-server.tsx) agree on for a server-rendered page: the site
// facts, the head tags, and the functions the entry gives the server. The server imports nothing from web/.
import type { QueryClient } from "@tanstack/react-query";
import type { FormState } from "./readerForms.js";

/**
 * What the server tells the browser about the site (brand, public origin, time zone, ad client id, market symbols):
 * rendered into <meta> tags by the server and read back on the client, so both render the same text.
 */
export interface SiteInfo {
  siteName: string;
  siteUrl: string;
  timeZone: string;
  adClientId?: string;
  /** A signed-in reader's page: "member" (premium in full, no ads) or "signed-in"; absent for anonymous pages. */
  reader?: "member" | "signed-in";
  /** The configured STOCK_SYMBOLS in order (symbols only): the market panel's rows before any quote exists. */
  stockSymbols: string[];
  /** A reader's form, posted to this page without its code, failed: the page shows the error and keeps the input. */
  form?: FormState;
}

/** The <meta> tag name of each SiteInfo field. */
export const SITE_META = { siteName: "site-name", siteUrl: "site-url", timeZone: "site-timezone", timeZoneOffsets: "site-timezone-offsets", adClientId: "ad-client", reader: "reader", stockSymbols: "stock-symbols", form: "form-state" } as const;

/** What a server-rendered page puts in its <head>: computed by each public route from the data it prefetched. */
export interface PageHead {
  title: string;
  description: string;
  /** Site-relative path of the canonical URL (the server prefixes SITE_URL). */
  canonicalPath: string;
  type?: "website" | "article" | "profile";
  image?: string;
  publishedTime?: string | null;
  modifiedTime?: string;
  section?: string;
  noindex?: boolean;
  jsonLd?: Record<string, unknown>;
}

export type RouteParams = Record<string, string | undefined>;

/** What the server needs of a page route. `Helpers` is the server-side tRPC helpers its prefetch fills. */
export interface ServerRoute<Helpers> {
  path: string;
  /** Admin screens are never server-rendered: the server sends the bare shell. */
  admin?: boolean;
  /** Public pages: fills the query cache on the server so the first HTML is complete; returns what `head` needs. */
  prefetch?: (helpers: Helpers, params: RouteParams, search: URLSearchParams) => Promise<unknown>;
  /** Public pages: the head tags, from what `prefetch` returned (undefined when it failed). */
  head?: (data: never, site: SiteInfo, params: RouteParams, search: URLSearchParams) => PageHead;
  /** Pages for link holders only (previews): `private, no-store`, never in a shared cache. */
  noStore?: boolean;
  /**
   * Pages whose frame is the same for every address of the route (web/lib/frameSlot.tsx): `frame` prefetches what
   * the frame shows (rendered once, then reused), `slot` what the slot shows (per request). `prefetch` stays the whole page's.
   */
  framed?: {
    frame: (helpers: Helpers) => Promise<unknown>;
    slot: (helpers: Helpers, params: RouteParams, search: URLSearchParams) => Promise<unknown>;
  };
}

/** A rendered page: its markup, the query state the browser hydrates from, and the HTTP status a failed query implies. */
export interface RenderedPage {
  html: string;
  state: unknown;
  status: number | undefined;
}

/** A part of a page rendered on its own: its markup and its queries' dehydrated state as JSON array items (no brackets). */
export interface RenderedPart {
  html: string;
  queries: string;
  status: number | undefined;
}

/** The functions web/entry-server.tsx exports for the server. */
export interface EntryServer<Helpers> {
  /** A framed route's frame (every slot holds `slotMarker`), rendered at `path`. */
  renderFrame(path: string, queryClient: QueryClient, site: SiteInfo): RenderedPart & { slotMarker: string };
  /** A framed route's slot content for `url`. */
  renderSlot(url: string, queryClient: QueryClient, site: SiteInfo): RenderedPart;
  /** The route a path opens, with its parameters. */
  matchRoute(pathname: string): { route: ServerRoute<Helpers>; params: RouteParams } | undefined;
  /** Renders a public page from a query cache the server has already filled. */
  render(url: string, queryClient: QueryClient, site: SiteInfo): RenderedPage;
}
