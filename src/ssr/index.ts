import fs from "node:fs";
import path from "node:path";
import { createServerSideHelpers } from "@trpc/react-query/server";
import compression from "compression";
import type { Express, NextFunction, Request, Response } from "express";
import type { Config } from "../config.js";
import type { Services } from "../services/index.js";
import { createContextInner, requestIdentity, type RequestIdentity } from "../trpc/context.js";
import { appRouter } from "../trpc/router.js";
import { SITE_META, type EntryServer, type PageHead, type SiteInfo } from "../schemas/ssr.js";
import { PROJECT_ROOT } from "../paths.js";
import { escapeHtml } from "../lib/html.js";
import { carriesSecret } from "../schemas/secretPaths.js";
import { zoneOffsetTable } from "../schemas/wallClock.js";
import { DatabaseUnavailableError } from "../services/databaseHealth.js";
import { installFeeds } from "./feeds.js";
import { readFormBody, readerFormHandler } from "../http/readerForms.js";
import { noticeFromQuery, type FormState } from "../schemas/readerForms.js";
import { SEARCH_QUERY_MAX } from "../schemas/searchConstants.js";
import { redirectFor } from "../http/redirects.js";
import { redirectAnswer, sendAnswer, splicedAnswer, type Answer } from "../http/answer.js";
import type { AnonymousRender } from "../cache/pageCache.js";
import { isWordPressQuery } from "../lib/redirectPaths.js";
import { FrameCache, STATE_SCRIPT, renderFramed, splitTemplate, type PageTemplate } from "./framedPages.js";
import { spliceGzip } from "../lib/gzipSplice.js";

type Helpers = ReturnType<typeof createServerSideHelpers<typeof appRouter>>;
type Entry = EntryServer<Helpers>;

/** JSON for an inline script: `<` escaped so no string in the data can close the tag. */
export const serializeState = (value: unknown) => JSON.stringify(value).replace(/</g, "\\u003c");

async function loadRenderer(app: Express, services: Services) {
  if (services.config.nodeEnv !== "development") {
    const CLIENT_DIR = path.join(services.config.distDir, "client");
    const SERVER_ENTRY = path.join(services.config.distDir, "server/entry-server.js");
    if (!fs.existsSync(SERVER_ENTRY)) throw new Error("The production build is missing: run `npm run build` first.");
    const template = fs.readFileSync(path.join(CLIENT_DIR, "index.html"), "utf8");
    const entry = (await import(SERVER_ENTRY)) as Entry;
    return async () => ({ template, entry });
  }
  // Development: Vite serves the client with hot reload and loads the SSR entry on each request.
  const { createServer } = await import("vite");
  const vite = await createServer({ root: path.join(PROJECT_ROOT, "web"), configFile: path.join(PROJECT_ROOT, "vite.config.ts"), server: { middlewareMode: true }, appType: "custom" });
  app.use(vite.middlewares);
  // Development pages are rendered for their response only (never for the page cache): they carry its nonce.
  return async (url: string, res?: Response) => {
    if (!res) throw new Error("Development pages are rendered for a response");
    // Vite's inline module scripts (React refresh) need the response's nonce, and its HMR socket a ws: source.
    const csp = res.getHeader("Content-Security-Policy");
    if (typeof csp === "string") res.setHeader("Content-Security-Policy", csp.replace("connect-src 'self'", "connect-src 'self' ws:"));
    const html = await vite.transformIndexHtml(url, fs.readFileSync(path.join(PROJECT_ROOT, "web/index.html"), "utf8"));
    return {
      template: html.replace(/<script(?![^>]*\bnonce=)/g, () => `<script nonce="${res.locals.cspNonce as string}"`),
      entry: (await vite.ssrLoadModule("/entry-server.tsx")) as Entry,
    };
  };
}


/** The site facts the browser needs (read back by web/lib/site.tsx). */
export function siteInfo(config: Config): SiteInfo {
  const { siteName, siteUrl, siteTimezone, adClientId, stockSymbols } = config;
  return { siteName, siteUrl, timeZone: siteTimezone, adClientId, stockSymbols: stockSymbols.map((s) => s.symbol) };
}

/** The site facts for one reader: members get no ad client (so no ad script and no ad slots). */
function readerSite(site: SiteInfo, reader: { signedIn: boolean; member: boolean }): SiteInfo {
  if (!reader.signedIn) return site;
  return { ...site, reader: reader.member ? "member" : "signed-in", adClientId: reader.member ? undefined : site.adClientId };
}

/** A page whose URL carries a secret never names the ad client, so nothing on it can load the ad network's script. */
const siteAt = (url: string, site: SiteInfo): SiteInfo => (carriesSecret(url) ? { ...site, adClientId: undefined } : site);

function siteMeta(site: SiteInfo) {
  const tags: Array<[string, string | undefined]> = [
    [SITE_META.siteName, site.siteName],
    [SITE_META.siteUrl, site.siteUrl],
    [SITE_META.timeZone, site.timeZone],
    // The zone's offsets over the years around today: the browser formats dates with them, without Intl (src/schemas/wallClock.ts).
    [SITE_META.timeZoneOffsets, zoneOffsetTable(site.timeZone)],
    [SITE_META.adClientId, site.adClientId],
    [SITE_META.reader, site.reader],
    [SITE_META.stockSymbols, site.stockSymbols.join(",")],
    [SITE_META.form, site.form && JSON.stringify(site.form)],
  ];
  return tags.filter(([, v]) => v).map(([name, v]) => `<meta name="${name}" content="${escapeHtml(v!)}">`).join("");
}

/** Title, description, canonical link, Open Graph and Twitter card tags, and JSON-LD (a data block browsers never
 *  execute, so it needs no CSP nonce and the page can be cached and sent to many readers). */
export function renderHead(head: PageHead, site: SiteInfo) {
  const canonical = `${site.siteUrl}${head.canonicalPath}`;
  const meta = (attr: "name" | "property", key: string, value: string | null | undefined) => (value ? `<meta ${attr}="${key}" content="${escapeHtml(value)}">` : "");
  const type = head.type ?? "website";
  return [
    `<title>${escapeHtml(head.title)}</title>`,
    meta("name", "description", head.description),
    `<link rel="canonical" href="${escapeHtml(canonical)}">`,
    head.noindex ? `<meta name="robots" content="noindex">` : "",
    meta("property", "og:site_name", site.siteName),
    meta("property", "og:type", type),
    meta("property", "og:title", head.title),
    meta("property", "og:description", head.description),
    meta("property", "og:url", canonical),
    meta("property", "og:image", head.image),
    type === "article" ? meta("property", "article:published_time", head.publishedTime) : "",
    type === "article" ? meta("property", "article:modified_time", head.modifiedTime) : "",
    type === "article" ? meta("property", "article:section", head.section) : "",
    meta("name", "twitter:card", head.image ? "summary_large_image" : "summary"),
    meta("name", "twitter:title", head.title),
    meta("name", "twitter:description", head.description),
    meta("name", "twitter:image", head.image),
    `<link rel="alternate" type="application/rss+xml" title="${escapeHtml(site.siteName)}" href="${escapeHtml(site.siteUrl)}/rss.xml">`,
    siteMeta(site),
    head.jsonLd ? `<script type="application/ld+json">${serializeState(head.jsonLd)}</script>` : "",
  ].join("");
}

/** What a page is rendered for: its address as sent (path and query), the reader, and a form posted to it that failed. */
interface PageRequest {
  url: string;
  who: RequestIdentity;
  form?: FormState;
  /** Development only: Vite's scripts need the response's nonce. */
  res?: Response;
}

/** Server-renders every page route; admin screens get the bare shell (they render in the browser). Feeds and
 *  sitemaps are mounted first, before the page catch-all. Returns how the page cache renders both for the anonymous reader. */
export function installPages(services: Services) {
  return async (app: Express): Promise<AnonymousRender> => {
    // Pages and feeds go out compressed.
    app.use(compression());
    const feeds = installFeeds(app, services);
    const getRenderer = await loadRenderer(app, services);
    const baseSite = siteInfo(services.config);
    const development = services.config.nodeEnv === "development";
    // Development reloads the page modules on each request: frames are kept in production builds only.
    const frames = development ? null : new FrameCache(services.events);
    /** The production template, split at its slots once (framed pages only). */
    let split: { template: string; parts: PageTemplate } | undefined;
    const templateParts = (template: string) => (split?.template === template ? split : (split = { template, parts: splitTemplate(template) })).parts;
    if (!development) {
      const { entry } = await getRenderer("/");
      services.pageRoutes.pattern = (p) => entry.matchRoute(p)?.route.path;
    }

    /** The page at an address for one reader, whole; `route` is its route pattern, for the metrics. */
    async function pageAnswer({ url, who, form, res }: PageRequest): Promise<Answer & { route: string }> {
      const address = new URL(url, "http://x");
      const htmlHeaders = (cacheControl: string, vary?: string) => ({ "content-type": "text/html; charset=utf-8", "cache-control": cacheControl, ...(vary ? { vary } : {}) });
      const html = (status: number, cacheControl: string, body: string, vary?: string) => ({ status, headers: htmlHeaders(cacheControl, vary), body: Buffer.from(body) });
      const tidied = tidiedSearch(address);
      if (tidied) return { ...redirectAnswer(tidied), route: "/search" };
      const { template, entry } = await getRenderer(url, res);
      const match = entry.matchRoute(address.pathname);
      const route = match?.route;
      const routeLabel = !route || route.path === "*" ? "(unmatched)" : route.path;
      if (!route || route.admin) {
        // No markup in #root (not even the placeholder comment), so the browser renders instead of hydrating.
        const shell = template.replace("<!--app-html-->", "").replace("<!--app-head-->", () => `<title>${escapeHtml(baseSite.siteName)}</title><meta name="robots" content="noindex">${siteMeta(siteAt(url, baseSite))}`);
        return { ...html(200, "private, no-store", shell), route: routeLabel };
      }
      // Without a session cookie a page is the anonymous view, cacheable by a CDN. A reader's (or the administrator's)
      // session may show premium bodies and, for members, no ads: such a page is private.
      const { readerToken, sessionToken } = who;
      const ctx = createContextInner({ services, ...who });
      const reader = readerToken ? await ctx.readerState() : { reader: null, member: false };
      const params = match?.params ?? {};
      const search = address.searchParams;
      // A form's outcome: the failure being answered, or the success the address names (from the redirect).
      const shown = form ?? noticeFromQuery(search);
      const site = { ...siteAt(url, readerSite(baseSite, { signedIn: Boolean(reader.reader), member: reader.member })), ...(shown ? { form: shown } : {}) };
      const helpers = createServerSideHelpers({ router: appRouter, ctx });
      // An address no page of ours answers (or WordPress's /?p=123) may be an old one: the redirect table first.
      const redirect = (route.path === "*" || isWordPressQuery(address.pathname, search)) && !form ? await redirectFor(services.redirects, url) : undefined;
      if (redirect) return { ...redirect, route: routeLabel };
      // A page showing a form's outcome is one reader's: rendered whole, its frame not kept.
      const framed = frames && route.framed && !shown ? await renderFramed({ frames, route: { ...route, framed: route.framed }, entry, frameHelpers: () => createServerSideHelpers({ router: appRouter, ctx: createContextInner({ services }) }), helpers, template: templateParts(template), url, params, search, site }) : null;
      const data = framed ? undefined : await route.prefetch?.(helpers, params, search).catch(() => undefined);
      const { html: body, state, status } = framed ? { html: "", state: null, status: framed.status } : entry.render(url, helpers.queryClient, site);
      const head = route.head?.(data as never, site, params, search);
      const headHtml = head ? renderHead(head, site) : `<title>${escapeHtml(site.siteName)}</title>`;
      const notFound = route.path === "*" || status === 404;
      const moved = status === 404 && !form ? await redirectFor(services.redirects, url) : undefined;
      if (moved) return { ...moved, route: routeLabel };
      // A page whose data could not be read because the database is down: the error handler answers 503.
      if (status && status >= 500 && services.dbHealth.isDown) throw new DatabaseUnavailableError("a page's data could not be read");
      const personal = Boolean(readerToken || sessionToken);
      const cacheControl = form || route.noStore || personal ? "private, no-store" : notFound ? "public, max-age=30" : "public, max-age=60, s-maxage=60";
      // A page whose address asks for something invalid (a search's date range ending before it starts) says so with a 400.
      const answerStatus = form ? form.status : notFound ? 404 : status === 400 ? 400 : status && status >= 500 ? 500 : 200;
      // A framed page is joined from its kept parts, already compressed (src/lib/gzipSplice.ts): the page cache stores its gzip as it is.
      if (framed) return Object.assign(splicedAnswer(answerStatus, htmlHeaders(cacheControl, personal ? "Cookie" : undefined), spliceGzip(framed.parts(headHtml))), { route: routeLabel });
      const page = template
        // Function replacers: text from readers or editors ("$&", "$`") must never be read as a replacement pattern.
        .replace("<!--app-head-->", () => headHtml)
        .replace("<!--app-html-->", () => body)
        .replace("<!--app-state-->", () => `${STATE_SCRIPT}${serializeState(state)}</script>`);
      return { ...html(answerStatus, cacheControl, page, personal ? "Cookie" : undefined), route: routeLabel };
    }

    const renderPage = async (req: Request, res: Response, next: NextFunction, form?: FormState) => {
      try {
        // The answer as it is, route and all: taking `route` out by a spread would read a framed page's plain body.
        const answer = await pageAnswer({ url: req.originalUrl, who: requestIdentity(services, req, res), form, res });
        res.locals.routeLabel = answer.route;
        sendAnswer(req, res, answer);
      } catch (error) {
        next(error);
      }
    };
    app.get("/{*splat}", (req, res, next) => renderPage(req, res, next));
    // A reader's form posted to the page it sits on, before or without the page's code (src/http/readerForms.ts).
    const readerForm = readerFormHandler(services);
    app.post("/{*splat}", readFormBody, async (req, res, next) => {
      try {
        const { entry } = await getRenderer(req.originalUrl, res);
        const route = entry.matchRoute(req.path)?.route;
        const answer = route && !route.admin && route.path !== "*" ? await readerForm(req, res) : undefined;
        if (!answer) return next();
        if ("redirect" in answer) return res.redirect(303, answer.redirect);
        await renderPage(req, res, next, answer.state);
      } catch (error) {
        next(error);
      }
    });
    // The page cache renders the feeds, then any other public address as a page (the API's addresses are not pages).
    return async (url) => (await feeds(url)) ?? (development || url.pathname.startsWith("/api/") ? undefined : pageAnswer({ url: url.pathname + url.search, who: {} }));
  };
}

/** `/search?q=  drone swarm  ` answers with the trimmed address (other parameters kept); a blank query, with the
 *  search page that asks for one; a query past SEARCH_QUERY_MAX characters (pasted, or typed into the address), with
 *  its start up to the last whole word within them. Undefined when the address is not such a search (any case, as
 *  Express routes). */
function tidiedSearch(url: URL): string | undefined {
  const q = url.searchParams.get("q");
  if (!/^\/search\/?$/i.test(url.pathname) || q === null) return undefined;
  const tidy = shortQuery(q.trim());
  if (tidy === q) return undefined;
  const tidied = new URL(url);
  if (tidy) tidied.searchParams.set("q", tidy);
  else tidied.searchParams.delete("q");
  return `${tidied.pathname}${tidied.search}`;
}

/** A trimmed query cut to SEARCH_QUERY_MAX characters: at the last space within them when the cut falls inside a
 *  word, never inside a character written as two (an emoji). */
function shortQuery(q: string): string {
  if (q.length <= SEARCH_QUERY_MAX) return q;
  let cut = q.slice(0, SEARCH_QUERY_MAX).replace(/[\uD800-\uDBFF]$/, "");
  if (/\S/.test(q[cut.length]) && /\s\S*$/.test(cut)) cut = cut.replace(/\s+\S*$/, "");
  return cut.trimEnd();
}
