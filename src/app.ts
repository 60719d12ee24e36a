import { randomBytes } from "node:crypto";
import { createServer, IncomingMessage, ServerResponse, type Server } from "node:http";
import { createRequire } from "node:module";
import path from "node:path";
import { createExpressMiddleware } from "@trpc/server/adapters/express";
import express, { type RequestHandler } from "express";
import compression from "compression";
import helmet, { type HelmetOptions } from "helmet";
import { generateOpenApiDocument } from "trpc-to-openapi";
import { createPageCache, type AnonymousRender } from "./cache/pageCache.js";
import { installMetrics, requestCounter } from "./http/metricsRoute.js";
import { requestWatch } from "./http/requestWatch.js";
import { inOrder } from "./http/inOrder.js";
import { carriesSecret, SECRET_REFERRER_POLICY } from "./schemas/secretPaths.js";
import { PROJECT_ROOT } from "./paths.js";
import { RETRY_AFTER_SECONDS } from "./services/databaseHealth.js";
import { NotFoundError, ParseError, PayloadTooLargeError, ServiceUnavailableError, UnsupportedMediaTypeError } from "./lib/errors.js";
import { documentImageUpload, installMedia } from "./http/mediaRoutes.js";
import { errorHandler, sendError } from "./http/errorResponse.js";
import { refuseCrossSite } from "./http/sameOrigin.js";
import { apiKeyAuth } from "./http/apiKeyAuth.js";
import { cacheViewer } from "./http/cacheViewer.js";
import { redirectBeforeNotFound, redirectFor } from "./http/redirects.js";
import { documentImportRoutes, installImportRoutes } from "./http/importRoutes.js";
import { documentApiKeys } from "./http/openApiKeys.js";
import { documentCreates } from "./http/created.js";
import { apiAnswers, MAX_BODY_BYTES } from "./http/apiAnswers.js";
import { documentLiveStream, installLiveRoutes } from "./http/liveRoutes.js";
import { sessionCookieName } from "./services/auth.js";
import { accessLog } from "./lib/logger.js";
import type { Services } from "./services/index.js";
import { installNewsletterLinks } from "./http/newsletterLinks.js";
import { documentStripeWebhook, installPremiumRoutes } from "./http/premiumRoutes.js";
import { installPushRoutes } from "./http/pushRoutes.js";
import { installStaffRoutes } from "./http/staffRoutes.js";
import { createContextFactory } from "./trpc/context.js";
import { trpcBatchGuard } from "./trpc/batchGuard.js";
import { appRouter } from "./trpc/router.js";

/** Swagger UI's files, located without loading its 1.5 MB bundle into the server (its main module does). */
const SWAGGER_UI_DIR = path.dirname(createRequire(import.meta.url).resolve("swagger-ui-dist/package.json"));

// The ad network's scripts come from googlesyndication only; www.google.com is allowed as a frame,
// never as a script source (its JSONP endpoints would bypass the CSP).
const AD_SCRIPT_HOSTS = ["https://pagead2.googlesyndication.com", "https://tpc.googlesyndication.com"];
const AD_CONNECT_HOSTS = ["https://pagead2.googlesyndication.com", "https://googleads.g.doubleclick.net"];
const AD_FRAME_HOSTS = ["https://googleads.g.doubleclick.net", "https://tpc.googlesyndication.com", "https://www.google.com"];
/** Browser features the site never uses (the ad network's frames included). */
const PERMISSIONS_POLICY = "camera=(), microphone=(), geolocation=(), payment=(), usb=(), serial=(), hid=(), midi=(), magnetometer=(), gyroscope=(), accelerometer=(), interest-cohort=()";

/**
 * Idle keep-alive connections stay open 65 s, longer than load balancers keep theirs (60 s on the common ones) and
 * than HTTP clients' pools: the server never closes a connection a client is about to reuse (Node's 5 s default
 * races with them, and the client's next request fails with ECONNRESET, or a 502 behind a proxy).
 */
export function keepConnectionsLongerThanProxies(server: Server) {
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
}

/**
 * The HTTP server of `app`. Its requests and responses are instances of classes that carry Express's request and
 * response API from the start, whose prototypes become app.request and app.response: Express finds each request's
 * prototype already in place instead of changing it (Object.setPrototypeOf), which V8 makes costly. Measured on a bare
 * Express app at 32 connections (issue 27): 8.4 KB of every request's objects promoted to the old generation and a full
 * collection every ~2,000 requests before; no promotion, no full collection in 30,000 requests and half the scavenges after.
 */
export function createHttpServer(app: express.Express): Server {
  class AppRequest extends IncomingMessage {}
  class AppResponse extends ServerResponse {}
  for (const [own, api] of [
    [AppRequest.prototype, app.request],
    [AppResponse.prototype, app.response],
  ] as const) {
    // Express's methods and getters (app.request's prototype), then what app.request holds itself (`app`).
    Object.defineProperties(own, Object.getOwnPropertyDescriptors(Object.getPrototypeOf(api)));
    Object.defineProperties(own, Object.getOwnPropertyDescriptors(api));
  }
  app.request = AppRequest.prototype as unknown as express.Request;
  app.response = AppResponse.prototype as unknown as express.Response;
  return createServer({ IncomingMessage: AppRequest, ServerResponse: AppResponse }, app);
}

/**
 * Extra routes mounted after the API: feeds, sitemaps, server-rendered pages. An installer whose answers the page cache
 * may keep returns how to render them for the anonymous reader without a request.
 */
export type RouteInstaller = (app: express.Express) => void | AnonymousRender | Promise<void | AnonymousRender>;

/** Random bytes for CSP nonces, drawn from the CSPRNG 4 KB at a time: one call per 256 responses, not one each. */
let noncePool = Buffer.alloc(0);
let nonceOffset = 0;
const NONCE_BYTES = 16;
function nextNonce() {
  if (nonceOffset + NONCE_BYTES > noncePool.length) [noncePool, nonceOffset] = [randomBytes(4096), 0];
  return noncePool.toString("base64", nonceOffset, (nonceOffset += NONCE_BYTES));
}

/** The policy's text around the nonce. `thirdParty`: the ad network (when configured) and images from any https host. */
function policyText(ads: boolean, thirdParty: boolean, nonce: string, formTargets: string[] = []): [string, string] {
  const withAds = ads && thirdParty;
  const directives: Record<string, string[]> = {
    "default-src": ["'self'"],
    "script-src": ["'self'", `'nonce-${nonce}'`, ...(withAds ? AD_SCRIPT_HOSTS : [])],
    "style-src": ["'self'", "'unsafe-inline'"],
    "img-src": ["'self'", "data:", ...(thirdParty ? ["https:"] : [])],
    "connect-src": ["'self'", ...(withAds ? AD_CONNECT_HOSTS : [])],
    "frame-src": withAds ? AD_FRAME_HOSTS : ["'none'"],
    "font-src": ["'self'", "data:"],
    "object-src": ["'none'"],
    "base-uri": ["'self'"],
    "form-action": ["'self'", ...formTargets],
    "frame-ancestors": ["'none'"],
  };
  const [before, after] = Object.entries(directives).map(([name, values]) => `${name} ${values.join(" ")}`).join(";").split(nonce);
  return [before, after];
}

/** Where the plans form's post may lead the browser (form-action covers the redirect): Stripe's Checkout, when payments
 *  are connected (and the API's own origin when STRIPE_API_URL points elsewhere, as a local fake does). */
function checkoutOrigins(config: Services["config"]): string[] {
  const api = config.stripe?.api;
  if (!api) return [];
  const own = api.host === "api.stripe.com" ? [] : [`${api.protocol}://${api.host}:${api.port}`];
  return ["https://checkout.stripe.com", ...own];
}

/**
 * The Content-Security-Policy, with a nonce per response for the inline scripts of server-rendered pages
 * (res.locals.cspNonce). The policy texts are built once; only the nonce changes from one response to the next.
 * A page whose URL carries a secret (src/schemas/secretPaths.ts) gets a policy without any third party, so not even
 * an image in an article can send its address elsewhere, and a Referrer-Policy that never sends it to another site.
 */
function contentSecurityPolicy(ads: boolean, formTargets: string[]): RequestHandler {
  const NONCE = "\0nonce\0";
  const [publicPolicy, secretPolicy] = [policyText(ads, true, NONCE, formTargets), policyText(ads, false, NONCE)];
  return (req, res, next) => {
    const nonce = nextNonce();
    res.locals.cspNonce = nonce;
    // The URL as sent: Express reads a path such as //preview/x as /x.
    const secret = carriesSecret(req.originalUrl);
    const [before, after] = secret ? secretPolicy : publicPolicy;
    res.setHeader("Content-Security-Policy", before + nonce + after);
    if (secret) res.locals.secretUrl = true;
    next();
  };
}

/**
 * The headers helmet sets with these options, in its order, read once from helmet itself: they are the same on every
 * answer, and setting them from a list spares each request helmet's chain of eleven middlewares (issue 27: about 3 KB
 * of garbage on every cache hit). helmet also removes X-Powered-By, which Express never sets here (disabled in createApp).
 */
function helmetHeaders(options: HelmetOptions): Array<[string, string]> {
  const headers: Array<[string, string]> = [];
  const recorder = { setHeader: (name: string, value: string) => headers.push([name, value]), removeHeader: () => {} };
  helmet(options)({} as never, recorder as never, () => {});
  return headers;
}

/** Sets `headers` on every answer; a URL that carries a secret gets the Referrer-Policy that never sends it to another site, not even its origin. */
function pageHeaders(headers: Array<[string, string]>): RequestHandler {
  return (_req, res, next) => {
    for (const [name, value] of headers) res.setHeader(name, value);
    if (res.locals.secretUrl) res.setHeader("Referrer-Policy", SECRET_REFERRER_POLICY);
    next();
  };
}

function builtAssets(dir: string): RequestHandler {
  // Content-hashed names: a file never changes, so no validator (ETag, Last-Modified) is ever needed.
  const serve = express.static(dir, { immutable: true, maxAge: "1y", index: false, lastModified: false, etag: false });
  return (req, res, next) => {
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("Cross-Origin-Resource-Policy", "same-origin");
    void serve(req, res, next);
  };
}

/** State-changing API requests must be JSON, so a cross-site HTML form cannot forge them. */
const requireJson: RequestHandler = (req, res, next) => {
  if (["GET", "HEAD", "OPTIONS"].includes(req.method)) return next();
  const type = req.headers["content-type"];
  const hasBody = Number(req.headers["content-length"] ?? 0) > 0 || req.headers["transfer-encoding"] !== undefined;
  if ((type || hasBody) && !type?.toLowerCase().startsWith("application/json")) {
    return next(new UnsupportedMediaTypeError());
  }
  // The REST adapter parses only an exact "application/json" and refuses a POST without a type:
  // accept "application/json; charset=utf-8" and body-less calls such as POST /api/admin/logout.
  if (type || !req.path.startsWith("/trpc/")) req.headers["content-type"] = "application/json";
  next();
};

const MAX_JSON_DEPTH = 64;
const rawJsonBody = express.raw({ type: "application/json", limit: MAX_BODY_BYTES });

/** Nesting depth of a JSON text (brackets outside strings). */
function jsonDepth(buf: Buffer): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  let escaped = false;
  for (const byte of buf) {
    if (inString) {
      if (escaped) escaped = false;
      else if (byte === 0x5c) escaped = true;
      else if (byte === 0x22) inString = false;
    } else if (byte === 0x22) inString = true;
    else if (byte === 0x5b || byte === 0x7b) max = Math.max(max, ++depth);
    else if (byte === 0x5d || byte === 0x7d) depth--;
  }
  return max;
}

/**
 * Reads REST JSON bodies before the OpenAPI handler: it would re-serialise a deeply nested body and
 * overflow the stack (a 500). Too large is a 413, too deep or malformed a 400, always with a message.
 */
const restJsonBody: RequestHandler = (req, res, next) => {
  if (["GET", "HEAD", "OPTIONS", "DELETE"].includes(req.method)) return next();
  rawJsonBody(req, res, (error?: { type?: string; status?: number }) => {
    if (error) return next(error.type === "entity.too.large" ? new PayloadTooLargeError() : new ParseError("Could not read the request body"));
    const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    if (raw.length === 0) {
      req.body = undefined;
      return next();
    }
    if (jsonDepth(raw) > MAX_JSON_DEPTH) return next(new ParseError(`JSON nested too deeply (at most ${MAX_JSON_DEPTH} levels)`));
    try {
      req.body = JSON.parse(raw.toString("utf8"));
    } catch {
      return next(new ParseError());
    }
    next();
  });
};

export function openApiDocument(services: Services) {
  return generateOpenApiDocument(appRouter, {
    title: `${services.config.siteName} API`,
    version: "1.0.0",
    description:
      "REST API of the publication. Public GET answers are cacheable; admin operations need the session cookie set by POST /api/admin/login, " +
      "or a partner's API key (`Authorization: Bearer …`) with the scope the operation names. " +
      "Errors are JSON with a human-readable `message` and a `code` (the same through every door); validation errors name the fields in `message` and list them in `data.fields`.",
    baseUrl: `${services.config.siteUrl}/api`,
    securitySchemes: { sessionCookie: { type: "apiKey", in: "cookie", name: sessionCookieName(services.config) } },
  });
}

function docsPage(nonce: string) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>API documentation</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="stylesheet" href="/api/docs/assets/swagger-ui.css"></head>
<body><div id="swagger-ui"></div>
<script src="/api/docs/assets/swagger-ui-bundle.js"></script>
<script nonce="${nonce}">window.ui = SwaggerUIBundle({ url: "/api/openapi.json", dom_id: "#swagger-ui" });</script>
</body></html>`;
}

/** The pattern of the app's own route (not a catch-all) that `path` matches, if any. */
function expressRouteOf(app: express.Express, path: string): string | undefined {
  const stack = (app as unknown as { router?: { stack: Array<{ route?: { path: unknown }; match(path: string): boolean }> } }).router?.stack ?? [];
  for (const layer of stack) {
    const pattern = layer.route ? String(layer.route.path) : "";
    if (pattern && !pattern.includes("*") && layer.match(path)) return pattern;
  }
  return undefined;
}

export async function createApp(services: Services, installRoutes: RouteInstaller[] = []) {
  const { config } = services;
  const app = express();
  app.disable("x-powered-by");
  if (config.trustProxy !== undefined) app.set("trust proxy", config.trustProxy);
  const ads = Boolean(config.adClientId);
  const document = documentLiveStream(documentImportRoutes(documentStripeWebhook(documentCreates(documentApiKeys(documentImageUpload(openApiDocument(services)), appRouter), appRouter))));
  // First, so every answer is counted (with the route pattern it matched, never its URL) and waited for during a shutdown.
  const requests = requestWatch({
    count: requestCounter({ restPaths: Object.keys(document.paths ?? {}), procedures: Object.keys(appRouter._def.procedures), pagePattern: (p) => services.pageRoutes.pattern?.(p), appRoute: (p) => expressRouteOf(app, p) }),
    lifecycle: services.lifecycle,
    log: accessLog(services.logger),
  });
  app.use(requests.watch);

  // The built scripts and styles: immutable, content-hashed files that a browser fetches a dozen at a time. They
  // skip the page headers (CSP, Permissions-Policy, request id: meaningless on a script, about 1 KB each on a
  // phone's first load) and the request log; nosniff and the same-origin resource policy stay.
  if (config.nodeEnv !== "development") app.use("/assets", compression(), builtAssets(path.join(config.distDir, "client", "assets")));
  // Everything else: the request log, then the headers of every answer, and the cross-site rule; one layer for all.
  app.use(
    inOrder(
      requests.logged,
      contentSecurityPolicy(ads, checkoutOrigins(config)),
      pageHeaders([
        ...helmetHeaders({
          contentSecurityPolicy: false,
          referrerPolicy: { policy: "strict-origin-when-cross-origin" },
          crossOriginEmbedderPolicy: false,
          crossOriginOpenerPolicy: { policy: "same-origin" },
          frameguard: { action: "deny" },
          strictTransportSecurity: config.secureCookies,
        }),
        ["Permissions-Policy", PERMISSIONS_POLICY],
      ]),
      // Before every door that changes data (the API, uploads, webhooks, form posts): a browser's cross-site request is refused.
      refuseCrossSite(config.siteUrl),
    ),
  );

  // Liveness and readiness for load balancers and orchestrators: never cached, never behind the database gate.
  app.get("/healthz", (_req, res) => {
    res.setHeader("Cache-Control", "no-store");
    res.json({ status: "ok" });
  });
  app.get("/readyz", async (_req, res) => {
    res.setHeader("Cache-Control", "no-store");
    const ready = !services.lifecycle.stopping && (await services.dbHealth.ping()) && !(await services.repos.database.migrationsPending());
    // Redis is optional: without it the app serves from memory, so it is reported degraded, never unavailable.
    const redis = services.cache.redisState?.();
    // Which full-text engine answers searches (and whether it is the bounded fallback), once the database answers.
    const search = ready ? await services.repos.database.searchEngine().catch(() => undefined) : undefined;
    res.status(ready ? 200 : 503).json({ status: ready ? "ready" : "unavailable", ...(redis ? { redis } : {}), ...(search ? { search } : {}) });
  });

  const api = apiAnswers(services);
  // How the cache renders a miss for the anonymous reader: the API's reads first, then the installers' (feeds, pages).
  const renders: AnonymousRender[] = [api.anonymous];
  const pageCache = config.pageCache
    ? createPageCache(renders, { store: services.cache.store, freshSeconds: config.pageCacheFreshSeconds, log: (message, err) => services.logger.error({ err }, message), viewer: cacheViewer(services), unavailable: () => services.dbHealth.isDown, fromMemory: api.fromMemory })
    : undefined;
  installMetrics(app, services, () => pageCache?.renderQueue());
  // Live blogs' event streams: never through the page cache, never compressed (each event is written through at once).
  installLiveRoutes(app, services);
  if (pageCache) app.use(pageCache.middleware);
  // While the database is unreachable, what the cache could not answer is a quick 503, not a wait and a 500.
  app.use((_req, _res, next) => next(services.dbHealth.isDown ? new ServiceUnavailableError(RETRY_AFTER_SECONDS) : undefined));

  const createContext = createContextFactory(services);
  const { onError, responseMeta } = api.hooks;

  installMedia(app, services); // before the JSON-only rule: the image upload takes image/* bodies
  installImportRoutes(app, services); // the same: the import takes the file as its body, the export streams
  installPremiumRoutes(app, services); // the Stripe webhook reads its raw body; the sign-in link is a page
  installPushRoutes(app); // the service worker at the root; the unsubscribe's DELETE body
  installStaffRoutes(app, services); // the forms of the mailed staff links (invitation, password reset)
  app.use("/api", requireJson, apiKeyAuth(services));
  app.use("/api/trpc", trpcBatchGuard);
  app.get("/api/openapi.json", (_req, res) => {
    res.json(document);
  });
  app.use("/api/docs/assets", express.static(SWAGGER_UI_DIR, { index: false, maxAge: "1d" }));
  app.get("/api/docs", (_req, res) => {
    res.type("html").send(docsPage(res.locals.cspNonce));
  });
  // tRPC's queries and every REST call answered whole (one ETag each, no response patched on its way out); tRPC's mutations through its adapter.
  app.get("/api/trpc/{*procedures}", api.trpcReads);
  app.use("/api/trpc", createExpressMiddleware({ router: appRouter, createContext, maxBodySize: MAX_BODY_BYTES, onError, responseMeta }));
  app.use("/api", restJsonBody, api.rest);

  app.use(express.static(path.join(PROJECT_ROOT, "public"), { index: false, maxAge: "1h" }));
  installNewsletterLinks(app, services);
  for (const install of installRoutes) {
    const render = await install(app);
    if (render) renders.push(render);
  }
  app.use(redirectBeforeNotFound(services.redirects));
  // The same for the cache: an address no renderer has (no pages installed) may be an old one. The API answers its own.
  renders.push(async (url) => (url.pathname.startsWith("/api/") ? undefined : redirectFor(services.redirects, url.pathname + url.search)));
  // Nothing answered (a method no route takes, a form post that names no form of ours): the site's own answer,
  // never Express's bare "Cannot POST /".
  app.use((req, res) => sendError(req, res, new NotFoundError("There is nothing at this address for this request. Check the address, or go back to the home page.")));

  // Last resort: every error the routes pass on is answered through toHttp(); no stack trace ever reaches a client.
  app.use(errorHandler(services));
  return app;
}
