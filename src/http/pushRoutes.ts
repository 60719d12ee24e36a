// What web push needs outside the tRPC router: the service worker at the site's root (its scope is the whole
// site), and `DELETE /api/push/subscriptions` with its endpoint in a JSON body (the REST adapter reads DELETE
// input from the query string only: the body's endpoint is handed on there).
import fs from "node:fs";
import path from "node:path";
import express, { type Express } from "express";
import { PROJECT_ROOT } from "../paths.js";
import { ParseError, PayloadTooLargeError } from "../lib/errors.js";

const SERVICE_WORKER = path.join(PROJECT_ROOT, "public", "sw.js");
const unsubscribeBody = express.raw({ type: "application/json", limit: 4 * 1024 });

export function installPushRoutes(app: Express): void {
  const source = fs.readFileSync(SERVICE_WORKER);
  app.get("/sw.js", (_req, res) => {
    res.setHeader("Content-Type", "text/javascript; charset=utf-8");
    // Checked at every registration and navigation, so a new version reaches readers at once.
    res.setHeader("Cache-Control", "no-cache");
    res.setHeader("Service-Worker-Allowed", "/");
    res.send(source);
  });
  app.delete("/api/push/subscriptions", (req, res, next) => {
    if (!String(req.headers["content-type"] ?? "").toLowerCase().startsWith("application/json")) return next();
    unsubscribeBody(req, res, (error?: { type?: string }) => {
      if (error) return next(error.type === "entity.too.large" ? new PayloadTooLargeError("Request body too large (at most 4 KB)") : new ParseError("Could not read the request body"));
      const raw = Buffer.isBuffer(req.body) ? req.body.toString("utf8") : "";
      let endpoint: unknown;
      try {
        endpoint = raw ? (JSON.parse(raw) as { endpoint?: unknown })?.endpoint : undefined;
      } catch {
        return next(new ParseError());
      }
      if (typeof endpoint === "string") req.url = `${req.path}?endpoint=${encodeURIComponent(endpoint)}`;
      req.body = undefined;
      next();
    });
  });
}
