import type { Request, RequestHandler } from "express";
import { ForbiddenError } from "../lib/errors.js";

/**
 * True when a browser says the request comes from another site. `Sec-Fetch-Site`, which no page can set, decides
 * when present: anything but `same-origin` or `none` (typed, bookmarked) is foreign. Browsers send it to https and
 * localhost only, so over plain http the Origin decides: foreign when it is `null` or neither the
 * configured public origin nor the origin the request was addressed to (our pages never make their own forms send
 * `null`: see SECRET_REFERRER_POLICY in src/schemas/secretPaths.ts). Requests with neither header (curl,
 * partners' servers) are not foreign: the session cookie's SameSite=Lax and the JSON-only rule cover those.
 */
export function isForeignOrigin(req: Request, siteUrl: string): boolean {
  const fetchSite = req.get("sec-fetch-site");
  if (fetchSite !== undefined) return fetchSite !== "same-origin" && fetchSite !== "none";
  const origin = req.get("origin");
  if (origin === undefined) return false;
  if (origin === "null") return true;
  return origin !== new URL(siteUrl).origin && origin !== `${req.protocol}://${req.get("host")}`;
}

const READ_ONLY_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
export const CROSS_SITE_MESSAGE = "Requests from other sites cannot change anything here. Use this site's own pages, or call the API from a server with an API key.";

/**
 * Refuses every state-changing request (any method but GET, HEAD, OPTIONS) that a browser sends from another
 * site: 403 with a JSON message under /api, the site's message page elsewhere. Servers (partners with an API key,
 * Stripe's webhook) send no Origin and pass.
 */
export function refuseCrossSite(siteUrl: string): RequestHandler {
  return (req, _res, next) => next(READ_ONLY_METHODS.has(req.method) || !isForeignOrigin(req, siteUrl) ? undefined : new ForbiddenError(CROSS_SITE_MESSAGE));
}
