import { randomBytes } from "node:crypto";
import { createRequire } from "node:module";
import path from "node:path";
import { createExpressMiddleware } from "@trpc/server/adapters/express";
import express, { type ErrorRequestHandler, type RequestHandler } from "express";
import compression from "compression";
import helmet from "helmet";
import { createOpenApiExpressMiddleware, generateOpenApiDocument } from "trpc-to-openapi";
import { createPageCache } from "./cache/pageCache.js";
import { carriesSecret } from "./schemas/secretPaths.js";
import { PROJECT_ROOT } from "./paths.js";
import { RETRY_AFTER_SECONDS } from "./services/databaseHealth.js";
import { documentImageUpload, installMedia } from "./http/mediaRoutes.js";
import { sendApiError } from "./http/apiErrors.js";
import { messagePage } from "./http/messagePage.js";
import { refuseCrossSite } from "./http/sameOrigin.js";
import { apiKeyAuth } from "./http/apiKeyAuth.js";
import { cacheViewer } from "./http/cacheViewer.js";
import { conditionalGet } from "./http/conditional.js";
import { redirectBeforeNotFound } from "./http/redirects.js";
import { documentImportRoutes, installImportRoutes } from "./http/importRoutes.js";
import { documentLiveStream, installLiveRoutes } from "./http/liveRoutes.js";
import { CREATED_PROCEDURES, documentApiKeys } from "./http/openApiKeys.js";
import { sessionCookieName } from "./services/auth.js";
import { requestLogger } from "./lib/logger.js";
import type { Services } from "./services/index.js";
import { installNewsletterLinks } from "./ssr/newsletterLinks.js";
import { documentStripeWebhook, installPremiumRoutes } from "./http/premiumRoutes.js";
import { createContextFactory } from "./trpc/context.js";
import { trpcBatchGuard } from "./trpc/batchGuard.js";
import { appRouter } from "./trpc/router.js";
import { invalidInputMessage } from "./trpc/trpc.js";

/** Swagger UI's files, located without loading its 1.5 MB bundle into the server (its main module does). */
const SWAGGER_UI_DIR = path.dirname(createRequire(import.meta.url).resolve("swagger-ui-dist/package.json"));

export const MAX_BODY_BYTES = 1024 * 1024;
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
export function keepConnectionsLongerThanProxies(server: import("node:http").Server) {
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
}

/** Extra routes mounted after the API: feeds, sitemaps, server-rendered pages. */
export type RouteInstaller = (app: express.Express) => void | Promise<void>;

/** Random bytes for CSP nonces, drawn from the CSPRNG 4 KB at a time: one call per 256 responses, not one each. */
let noncePool = Buffer.alloc(0);
let nonceOffset = 0;
const NONCE_BYTES = 16;
function nextNonce() {
  if (nonceOffset + NONCE_BYTES > noncePool.length) [noncePool, nonceOffset] = [randomBytes(4096), 0];
  return noncePool.toString("base64", nonceOffset, (nonceOffset += NONCE_BYTES));
}

/** The policy's text around the nonce. `thirdParty`: the ad network (when configured) and images from any https host. */
function policyText(ads: boolean, thirdParty: boolean, nonce: string): [string, string] {
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
    "form-action": ["'self'"],
    "frame-ancestors": ["'none'"],
  };
  const [before, after] = Object.entries(directives).map(([name, values]) => `${name} ${values.join(" ")}`).join(";").split(nonce);
  return [before, after];
}

/**
 * The Content-Security-Policy, with a nonce per response for the inline scripts of server-rendered pages
 * (res.locals.cspNonce). The policy texts are built once; only the nonce changes from one response to the next.
 * A page whose URL carries a secret (src/schemas/secretPaths.ts) gets a policy without any third party, so not even
 * an image in an article can send its address elsewhere, and `Referrer-Policy: no-referrer`.
 */
function contentSecurityPolicy(ads: boolean): RequestHandler {
  const NONCE = "\0nonce\0";
  const [publicPolicy, secretPolicy] = [policyText(ads, true, NONCE), policyText(ads, false, NONCE)];
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
    return sendApiError(req, res, 415, "UNSUPPORTED_MEDIA_TYPE", "Requests that change data must be sent as JSON (Content-Type: application/json)");
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
 * Reads REST JSON bodies before the OpenAPI adapter: it would re-serialise a deeply nested body and
 * overflow the stack (a 500). Too large is a 413, too deep or malformed a 400, always with a message.
 */
const restJsonBody: RequestHandler = (req, res, next) => {
  if (["GET", "HEAD", "OPTIONS", "DELETE"].includes(req.method)) return next();
  rawJsonBody(req, res, (error?: { type?: string; status?: number }) => {
    if (error) {
      const tooLarge = error.type === "entity.too.large";
      res.status(tooLarge ? 413 : 400).json({ message: tooLarge ? "Request body too large (at most 1 MB)" : "Could not read the request body", code: tooLarge ? "PAYLOAD_TOO_LARGE" : "PARSE_ERROR" });
      return;
    }
    const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    if (raw.length === 0) {
      req.body = undefined;
      return next();
    }
    if (jsonDepth(raw) > MAX_JSON_DEPTH) {
      res.status(400).json({ message: `JSON nested too deeply (at most ${MAX_JSON_DEPTH} levels)`, code: "PARSE_ERROR" });
      return;
    }
    try {
      req.body = JSON.parse(raw.toString("utf8"));
    } catch {
      res.status(400).json({ message: "Malformed JSON body", code: "PARSE_ERROR" });
      return;
    }
    next();
  });
};

/** The REST adapter answers every validation failure with "Input validation failed": name the fields, as tRPC does. */
const restValidationMessages: RequestHandler = (_req, res, next) => {
  const end = res.end.bind(res) as (...args: unknown[]) => express.Response;
  res.end = ((chunk?: unknown, ...rest: unknown[]) => {
    if (res.statusCode === 400 && typeof chunk === "string" && chunk.includes('"Input validation failed"')) {
      try {
        const body = JSON.parse(chunk);
        if (body.data?.fields?.length) chunk = JSON.stringify({ ...body, message: invalidInputMessage(body.data.fields) });
      } catch {
        // leave the body as it is
      }
    }
    return end(chunk, ...rest);
  }) as express.Response["end"];
  next();
};

/** REST success status: what a procedure chose through ctx.setRestStatus (202 for accepted work), else 201 for the create operations. */
const restResponseMeta = ({ ctx, paths, errors }: { ctx?: { res?: express.Response }; paths?: string[]; errors: unknown[] }) => {
  if (errors.length) return {};
  const status = (ctx?.res?.locals.restStatus as number | undefined) ?? (paths?.[0] && CREATED_PROCEDURES.has(paths[0]) ? 201 : undefined);
  return status ? { status } : {};
};

export function openApiDocument(services: Services) {
  return generateOpenApiDocument(appRouter, {
    title: `${services.config.siteName} API`,
    version: "1.0.0",
    description:
      "REST API of the publication. Public GET answers are cacheable; admin operations need the session cookie set by POST /api/admin/login, " +
      "or a partner's API key (`Authorization: Bearer …`) with the scope the operation names. " +
      "Errors are JSON with a human-readable `message`; validation errors list the fields in `issues`.",
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

const UNAVAILABLE_MESSAGE = "The service is briefly unavailable. Please try again in a few seconds.";

/** 503 with Retry-After: JSON for the API, a plain page for readers. */
function unavailable(req: express.Request, res: express.Response) {
  res.status(503).setHeader("Retry-After", String(RETRY_AFTER_SECONDS));
  res.setHeader("Cache-Control", "no-store");
  if (req.path.startsWith("/api/")) {
    res.json({ message: UNAVAILABLE_MESSAGE, code: "SERVICE_UNAVAILABLE" });
    return;
  }
  res.type("html").send(messagePage("Briefly unavailable", UNAVAILABLE_MESSAGE));
}

export async function createApp(services: Services, installRoutes: RouteInstaller[] = []) {
  const { config } = services;
  const app = express();
  app.disable("x-powered-by");
  if (config.trustProxy !== undefined) app.set("trust proxy", config.trustProxy);
  const ads = Boolean(config.adClientId);

  // The built scripts and styles: immutable, content-hashed files that a browser fetches a dozen at a time. They
  // skip the page headers (CSP, Permissions-Policy, request id: meaningless on a script, about 1 KB each on a
  // phone's first load) and the request log; nosniff and the same-origin resource policy stay.
  if (config.nodeEnv !== "development") app.use("/assets", compression(), builtAssets(path.join(config.distDir, "client", "assets")));
  app.use(requestLogger(services.logger));
  app.use(contentSecurityPolicy(ads));
  app.use(
    helmet({
      contentSecurityPolicy: false,
      referrerPolicy: { policy: "strict-origin-when-cross-origin" },
      crossOriginEmbedderPolicy: false,
      crossOriginOpenerPolicy: { policy: "same-origin" },
      frameguard: { action: "deny" },
      strictTransportSecurity: config.secureCookies,
    }),
  );
  app.use((_req, res, next) => {
    res.setHeader("Permissions-Policy", PERMISSIONS_POLICY);
    // helmet's referrer policy everywhere else; a URL that carries a secret is never sent on, not even its origin
    if (res.locals.secretUrl) res.setHeader("Referrer-Policy", "no-referrer");
    next();
  });
  // Before every door that changes data (the API, uploads, webhooks, form posts): a browser's cross-site request is refused.
  app.use(refuseCrossSite(config.siteUrl));

  // Liveness and readiness for load balancers and orchestrators: never cached, never behind the database gate.
  app.get("/healthz", (_req, res) => {
    res.setHeader("Cache-Control", "no-store");
    res.json({ status: "ok" });
  });
  app.get("/readyz", async (_req, res) => {
    res.setHeader("Cache-Control", "no-store");
    const ready = (await services.dbHealth.ping()) && !(await services.ds.showMigrations().catch(() => true));
    res.status(ready ? 200 : 503).json({ status: ready ? "ready" : "unavailable" });
  });

  // Live blogs' event streams: never through the page cache, never compressed (each event is written through at once).
  installLiveRoutes(app, services);
  if (config.pageCache) app.use(createPageCache(app as never, { store: services.cache.store, freshSeconds: config.pageCacheFreshSeconds, log: (message, err) => services.logger.error({ err }, message), viewer: cacheViewer(services) }).middleware);
  // While the database is unreachable, what the cache could not answer is a quick 503, not a wait and a 500.
  app.use((req, res, next) => {
    if (!services.dbHealth.isDown) return next();
    unavailable(req, res);
  });

  const createContext = createContextFactory(services);
  const onError = ({ error, path: procedurePath }: { error: { code: string; message: string; cause?: unknown }; path?: string }) => {
    if (error.code === "INTERNAL_SERVER_ERROR") services.logger.error({ err: error.cause ?? error, procedure: procedurePath }, `procedure failed: ${procedurePath ?? "?"}`);
  };

  installMedia(app, services); // before the JSON-only rule: the image upload takes image/* bodies
  installImportRoutes(app, services); // the same: the import takes the file as its body, the export streams
  installPremiumRoutes(app, services); // the Stripe webhook reads its raw body; the sign-in link is a page
  app.use("/api", requireJson, apiKeyAuth(services), conditionalGet);
  // tRPC sets its own Vary header last: keep "Cookie" in it on answers marked private.
  const responseMeta = ({ ctx }: { ctx?: { res?: express.Response } }) =>
    String(ctx?.res?.getHeader("Cache-Control") ?? "").includes("private") ? { headers: { vary: ["Cookie"] } } : {};
  app.use("/api/trpc", trpcBatchGuard, createExpressMiddleware({ router: appRouter, createContext, maxBodySize: MAX_BODY_BYTES, onError, responseMeta }));

  const document = documentLiveStream(documentImportRoutes(documentStripeWebhook(documentApiKeys(documentImageUpload(openApiDocument(services)), appRouter))));
  app.get("/api/openapi.json", (_req, res) => {
    res.json(document);
  });
  app.use("/api/docs/assets", express.static(SWAGGER_UI_DIR, { index: false, maxAge: "1d" }));
  app.get("/api/docs", (_req, res) => {
    res.type("html").send(docsPage(res.locals.cspNonce));
  });
  app.use("/api", restValidationMessages, restJsonBody, createOpenApiExpressMiddleware({ router: appRouter, createContext, maxBodySize: MAX_BODY_BYTES, onError, responseMeta: restResponseMeta } as never));

  app.use(express.static(path.join(PROJECT_ROOT, "public"), { index: false, maxAge: "1h" }));
  installNewsletterLinks(app, services);
  for (const install of installRoutes) await install(app);
  app.use(redirectBeforeNotFound(services.redirects));

  // Last resort: no stack trace ever reaches a client.
  const errorHandler: ErrorRequestHandler = (error, req, res, _next) => {
    if (services.dbHealth.noteError(error)) {
      if (!res.headersSent) unavailable(req, res);
      return;
    }
    const status = Number(error?.status ?? error?.statusCode ?? 500);
    if (status >= 500) services.logger.error({ err: error, method: req.method }, "request failed");
    if (res.headersSent) return;
    res.status(status >= 400 && status < 600 ? status : 500).json({ message: status >= 500 ? "Internal server error" : String(error?.message ?? "Bad request") });
  };
  app.use(errorHandler);
  return app;
}
