import type { Request } from "express";

/**
 * True when a browser says the request comes from another site: an `Origin` that is neither the
 * configured public origin nor the origin the request was addressed to, or `Sec-Fetch-Site:
 * cross-site`/`same-site`. Requests without either header (curl, partners' servers, old browsers
 * that send neither on a same-origin form) are not foreign: the session cookie's SameSite=Lax and
 * the JSON-only rule cover those.
 */
export function isForeignOrigin(req: Request, siteUrl: string): boolean {
  const fetchSite = req.get("sec-fetch-site");
  if (fetchSite === "cross-site" || fetchSite === "same-site") return true;
  const origin = req.get("origin");
  if (origin === undefined) return false;
  if (origin === "null") return true;
  return origin !== new URL(siteUrl).origin && origin !== `${req.protocol}://${req.get("host")}`;
}
