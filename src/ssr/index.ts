import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createServerSideHelpers } from "@trpc/react-query/server";
import express from "express";
import type { Express, Request, Response } from "express";
import type { Services } from "../services/index.js";
import { createContextInner, sessionTokenFrom } from "../trpc/context.js";
import { appRouter } from "../trpc/router.js";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const DIST = path.resolve(ROOT, process.env.DIST_DIR ?? "dist");
const CLIENT_DIR = path.join(DIST, "client");
const SERVER_ENTRY = path.join(DIST, "server/entry-server.js");

type EntryServer = typeof import("../../web/entry-server.js");

/** JSON for an inline script: `<` escaped so no string in the data can close the tag. */
export const serializeState = (value: unknown) => JSON.stringify(value).replace(/</g, "\\u003c");

async function loadRenderer(app: Express, services: Services) {
  if (services.config.nodeEnv !== "development") {
    if (!fs.existsSync(SERVER_ENTRY)) throw new Error("The production build is missing: run `npm run build` first.");
    app.use("/assets", express.static(path.join(CLIENT_DIR, "assets"), { immutable: true, maxAge: "1y", index: false }));
    const template = fs.readFileSync(path.join(CLIENT_DIR, "index.html"), "utf8");
    const entry = (await import(SERVER_ENTRY)) as EntryServer;
    return async () => ({ template, entry });
  }
  // Development: Vite serves the client with hot reload and loads the SSR entry on each request.
  const { createServer } = await import("vite");
  const vite = await createServer({ root: path.join(ROOT, "web"), configFile: path.join(ROOT, "vite.config.ts"), server: { middlewareMode: true }, appType: "custom" });
  app.use(vite.middlewares);
  return async (url: string) => ({
    template: await vite.transformIndexHtml(url, fs.readFileSync(path.join(ROOT, "web/index.html"), "utf8")),
    entry: (await vite.ssrLoadModule("/entry-server.tsx")) as EntryServer,
  });
}

/** Server-renders every page route; admin screens get the bare shell (they render in the browser). */
export function installPages(services: Services) {
  return async (app: Express) => {
    const getRenderer = await loadRenderer(app, services);
    app.get("/{*splat}", async (req: Request, res: Response, next) => {
      try {
        const { template, entry } = await getRenderer(req.originalUrl);
        const match = entry.matchRoute(req.path);
        const route = match?.route as (typeof entry.routes)[number] | undefined;
        const nonce = res.locals.cspNonce as string;
        if (!route || route.admin) {
          res.setHeader("Cache-Control", "private, no-store");
          res.type("html").send(template.replace("<!--app-head-->", `<title>${services.config.siteName}</title><meta name="robots" content="noindex">`));
          return;
        }
        const ctx = createContextInner({ services, sessionToken: sessionTokenFrom(req), clientKey: req.ip ?? "unknown" });
        const helpers = createServerSideHelpers({ router: appRouter, ctx });
        await route.prefetch?.(helpers as never, match?.params ?? {}, new URL(req.originalUrl, "http://x").searchParams);
        const { html, state } = entry.render(req.originalUrl, helpers.queryClient);
        const notFound = route.path === "*" || helpers.queryClient.getQueryCache().getAll().some((q) => (q.state.error as { data?: { httpStatus?: number } } | null)?.data?.httpStatus === 404);
        res.status(notFound ? 404 : 200);
        res.setHeader("Cache-Control", "public, max-age=60, s-maxage=60");
        res.type("html").send(
          template
            .replace("<!--app-head-->", `<title>${services.config.siteName}</title>`)
            .replace("<!--app-html-->", html)
            .replace("<!--app-state-->", `<script id="__APP_STATE__" type="application/json" nonce="${nonce}">${serializeState(state)}</script>`),
        );
      } catch (error) {
        next(error);
      }
    });
  };
}
