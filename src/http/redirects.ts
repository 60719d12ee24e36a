import type { Request, RequestHandler, Response } from "express";
import { isSiteRelativeTarget } from "../lib/redirectPaths.js";
import type { RedirectService } from "../services/redirects.js";

/**
 * Answers a GET or HEAD with `301` to the redirect table's target for its address; false when the table has
 * none. Called where the 404 page would otherwise answer (the page renderer, and the app's last handler).
 */
export async function answerRedirect(redirects: RedirectService, req: Request, res: Response): Promise<boolean> {
  if (req.method !== "GET" && req.method !== "HEAD") return false;
  const target = await redirects.resolve(req.originalUrl);
  // Targets are checked when stored; checked again here so that no row can ever send a reader to another site.
  if (!target || !isSiteRelativeTarget(target)) return false;
  // Browsers keep a 301 for as long as they are told: an hour, so a deleted redirect stops within one (shared caches: a minute).
  res.setHeader("Cache-Control", "public, max-age=3600, s-maxage=60");
  res.redirect(301, target);
  return true;
}

/** The app's last handler before Express's 404: an address nothing else answered may be an old one. */
export function redirectBeforeNotFound(redirects: RedirectService): RequestHandler {
  return (req, res, next) => {
    answerRedirect(redirects, req, res).then((answered) => (answered ? undefined : next()), next);
  };
}
