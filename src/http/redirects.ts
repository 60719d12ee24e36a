import type { Request, RequestHandler, Response } from "express";
import { REDIRECTS } from "../cache/rules.js";
import { dependsOn } from "../cache/tags.js";
import { isSiteRelativeTarget } from "../lib/redirectPaths.js";
import type { RedirectService } from "../services/redirects.js";
import { redirectAnswer, sendAnswer, type Answer } from "./answer.js";

/**
 * The `301` to the redirect table's target for an address (path and query); undefined when the table has none.
 * Looked up where the 404 page would otherwise answer (the page renderer, and the app's last handler).
 */
export async function redirectFor(redirects: RedirectService, url: string): Promise<Answer | undefined> {
  // The answer depends on the table: a cached page that looked is dropped when a redirect is added or deleted.
  dependsOn([REDIRECTS]);
  const target = await redirects.resolve(url);
  // Targets are checked when stored; checked again here so that no row can ever send a reader to another site.
  if (!target || !isSiteRelativeTarget(target)) return undefined;
  // Browsers keep a 301 for as long as they are told: an hour, so a deleted redirect stops within one (shared caches: a minute).
  return redirectAnswer(target, "public, max-age=3600, s-maxage=60");
}

/** Answers a GET or HEAD with the redirect table's 301 for its address; false when the table has none. */
export async function answerRedirect(redirects: RedirectService, req: Request, res: Response): Promise<boolean> {
  if (req.method !== "GET" && req.method !== "HEAD") return false;
  const answer = await redirectFor(redirects, req.originalUrl);
  if (answer) sendAnswer(req, res, answer);
  return Boolean(answer);
}

/** The app's last handler before Express's 404: an address nothing else answered may be an old one. */
export function redirectBeforeNotFound(redirects: RedirectService): RequestHandler {
  return (req, res, next) => {
    answerRedirect(redirects, req, res).then((answered) => (answered ? undefined : next()), next);
  };
}
