import type { Request, Response } from "express";
import { parse as parseCookies, serialize as serializeCookie } from "cookie";
import { SESSION_TTL, sessionCookieName } from "../services/auth.js";
import type { Services } from "../services/index.js";

export interface ContextOptions {
  services: Services;
  /** The session cookie's token, if any. */
  sessionToken?: string | null;
  /** Identifies the client for rate limits (its address; hashed before it is stored). */
  clientKey?: string;
  /** The request's User-Agent and Host headers, for the audience beacon (bot detection, own-site referrers). */
  userAgent?: string;
  host?: string;
  res?: Response;
}

/** The context without HTTP, for tests and server rendering. */
export function createContextInner({ services, sessionToken = null, clientKey = "local", userAgent = "", host, res }: ContextOptions) {
  let adminCheck: Promise<boolean> | undefined;
  // Procedures get the services, never the DataSource: SQL lives in repositories and services.
  const { ds: _dataSource, ...procedureServices } = services;
  return {
    ...procedureServices,
    sessionToken,
    clientKey,
    /** Who sent the request, as the audience beacon needs it; never stored. */
    client: { address: clientKey, userAgent, host },
    res,
    /** Whether the request carries a valid administrator session (checked once per request). */
    isAdmin: () => (adminCheck ??= services.auth.isValidSession(sessionToken)),
    setHeader(name: string, value: string) {
      if (res && !res.headersSent) res.setHeader(name, value);
    },
    /** Marks the answer as depending on the session: never cached by shared caches. */
    markPrivate() {
      if (res && !res.headersSent) {
        res.setHeader("Cache-Control", "private, no-store");
        res.setHeader("Vary", "Cookie");
      }
    },
    setSessionCookie(token: string | null) {
      if (!res || res.headersSent) return;
      res.append(
        "Set-Cookie",
        serializeCookie(sessionCookieName(services.config), token ?? "", {
          httpOnly: true,
          sameSite: "lax",
          secure: services.config.secureCookies,
          path: "/",
          maxAge: token ? SESSION_TTL / 1000 : 0,
        }),
      );
    },
  };
}
export type Context = ReturnType<typeof createContextInner>;

export const sessionTokenFrom = (req: Request, cookieName: string) => parseCookies(req.headers.cookie ?? "")[cookieName] ?? null;

/** The context for both HTTP adapters (tRPC and REST). */
export function createContextFactory(services: Services) {
  return ({ req, res }: { req: Request; res: Response }) =>
    createContextInner({
      services,
      sessionToken: sessionTokenFrom(req, sessionCookieName(services.config)),
      clientKey: req.ip ?? "unknown",
      userAgent: req.get("user-agent") ?? "",
      host: req.get("host"),
      res,
    });
}
