// The Express door's answer to an error: routes and middleware outside the tRPC router pass errors on with
// next(error) (or throw, in Express 5), and the one handler below answers them through toHttp().
import type { ErrorRequestHandler, Request, Response } from "express";
import { ServiceUnavailableError } from "../lib/errors.js";
import { RETRY_AFTER_SECONDS, type DatabaseHealth } from "../services/databaseHealth.js";
import type { Logger } from "../lib/logger.js";
import { messagePage } from "./messagePage.js";
import { errorShape, restErrorBody, toHttp } from "./toHttp.js";

/** Titles of the message page a reader's browser gets. */
const PAGE_TITLES: Partial<Record<string, string>> = {
  NOT_FOUND: "Page Not Found",
  FORBIDDEN: "Request refused",
  SERVICE_UNAVAILABLE: "Briefly unavailable",
  INTERNAL_SERVER_ERROR: "Something went wrong",
};

/** Under /api/trpc tRPC's envelope (tRPC clients read it), under /api the REST body, elsewhere the site's message page. */
export function sendError(req: Request, res: Response, error: unknown) {
  const http = toHttp(error);
  res.status(http.status).set(http.headers).setHeader("Cache-Control", "no-store");
  // The URL as sent: this runs at the app level or inside a router mounted on /api.
  const path = req.originalUrl.split("?")[0];
  if (path.startsWith("/api/trpc/")) return void res.json({ error: errorShape(http) });
  if (path === "/api" || path.startsWith("/api/")) return void res.json(restErrorBody(http));
  res.type("html").send(messagePage(PAGE_TITLES[http.code] ?? "Request not completed", http.message));
}

/** The app's last handler: a domain error answers its status, an unreachable database 503, anything else 500 (logged); never a stack trace. */
export function errorHandler(services: { dbHealth: Pick<DatabaseHealth, "noteError">; logger: Pick<Logger, "error"> }): ErrorRequestHandler {
  return (error, req, res, _next) => {
    const unavailable = services.dbHealth.noteError(error);
    const answer = unavailable ? new ServiceUnavailableError(RETRY_AFTER_SECONDS) : error;
    if (!unavailable && toHttp(answer).status >= 500) services.logger.error({ err: error, method: req.method }, "request failed");
    if (!res.headersSent) sendError(req, res, answer);
  };
}
