// Requests with `Authorization: Bearer <key>` act as a partner's key: the key is checked on every request
// (revocation and expiry hold at once, on every instance) and counted against its per-minute budget,
// which every instance shares through the rate limiter's store.
import type { RequestHandler } from "express";
import type { Services } from "../services/index.js";
import { RateLimitError, UnauthorizedError } from "../lib/errors.js";

export const BEARER = /^Bearer[ ]+([^\s]+)[ ]*$/i;

export function apiKeyAuth(services: Pick<Services, "apiKeys" | "limiter" | "config">): RequestHandler {
  return async (req, res, next) => {
    const header = req.headers.authorization;
    if (header === undefined) return next();
    try {
      const token = BEARER.exec(header)?.[1];
      const principal = token ? await services.apiKeys.authenticate(token) : null;
      if (!principal) {
        res.setHeader("WWW-Authenticate", 'Bearer realm="api"');
        return next(new UnauthorizedError("Invalid API key: it is unknown, revoked or expired"));
      }
      const limit = services.config.rateLimits.apiKey;
      const state = await services.limiter.hit("api-key", String(principal.id), limit);
      res.setHeader("RateLimit-Limit", String(limit));
      res.setHeader("RateLimit-Remaining", String(state.remaining));
      res.setHeader("RateLimit-Reset", String(state.resetSeconds));
      if (!state.allowed) return next(new RateLimitError(state.resetSeconds, `This key's limit of ${limit} requests per minute is used up. Try again in ${state.resetSeconds} seconds.`));
      res.locals.apiKey = principal;
      next();
    } catch (error) {
      next(error);
    }
  };
}
