// Who a GET acts for, as the page cache needs to know it: only a valid session or a valid partner key makes an answer
// someone's own. A cookie or an Authorization header that authenticates nobody is worth the shared answer, so junk
// headers can never turn requests into fresh renders.
import type { Request } from "express";
import { parse as parseCookies } from "cookie";
import type { Viewer } from "../cache/pageCache.js";
import { sessionCookieName } from "../services/auth.js";
import type { Services } from "../services/index.js";
import { readerCookieName } from "../services/premium/readerAccounts.js";
import { BEARER } from "./apiKeyAuth.js";

export function cacheViewer(services: Pick<Services, "auth" | "readers" | "apiKeys" | "config" | "dbHealth">) {
  const adminCookie = sessionCookieName(services.config);
  const readerCookie = readerCookieName(services.config);
  const viewer = async (req: Request): Promise<Viewer> => {
    // The API checks a partner's key on every request: a valid one is answered for that key alone, an invalid one is
    // refused there (401) without rendering anything. Pages do not read keys: they get the shared answer.
    if (req.headers.authorization !== undefined && req.path.startsWith("/api/")) {
      const token = BEARER.exec(req.headers.authorization)?.[1];
      return token && (await services.apiKeys.authenticate(token)) ? "own" : "refused";
    }
    if (!req.headers.cookie) return "anyone";
    const cookies = parseCookies(req.headers.cookie);
    // A signed-in reader's answers depend on the session (the header's account link, /api/account, a member's full
    // text); the administrator's too. Whether the reader is a member is decided where the answer is made.
    if (cookies[adminCookie] && (await services.auth.isValidSession(cookies[adminCookie]))) return "own";
    if (cookies[readerCookie] && (await services.readers.readerForSession(cookies[readerCookie]))) return "own";
    return "anyone";
  };
  // While the database cannot tell who anyone is, everyone gets the cached answers (as readers do in an outage). A
  // request without a cookie or a key (nearly every reader's) is answered at once, without a promise.
  return (req: Request): Viewer | Promise<Viewer> => {
    if (services.dbHealth.isDown || (req.headers.cookie === undefined && req.headers.authorization === undefined)) return "anyone";
    return viewer(req).catch(() => "anyone");
  };
}
