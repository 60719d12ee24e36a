import type { Request, Response } from "express";
import { parse as parseCookies, serialize as serializeCookie } from "cookie";
import { SESSION_TTL, sessionCookieName } from "../services/auth.js";
import type { KeyPrincipal } from "../services/apiKeys.js";
import type { Services } from "../services/index.js";
import type { ApiScope } from "../schemas/partner.js";

export interface ContextOptions {
  services: Services;
  /** The session cookie's token, if any. */
  sessionToken?: string | null;
  /** Identifies the client for rate limits (its address; hashed before it is stored). */
  clientKey?: string;
  /** The partner key the request carries (checked before the procedure runs), if any. */
  apiKey?: KeyPrincipal | null;
  res?: Response;
}

/** The context without HTTP, for tests and server rendering. */
export function createContextInner({ services, sessionToken = null, clientKey = "local", apiKey = null, res }: ContextOptions) {
  let adminCheck: Promise<boolean> | undefined;
  return {
    ...services,
    sessionToken,
    clientKey,
    apiKey,
    res,
    /** Whether the request acts as the administrator (a valid session, and no API key: a key acts only with its scopes). */
    isAdmin: () => (adminCheck ??= apiKey ? Promise.resolve(false) : services.auth.isValidSession(sessionToken)),
    /** Whether the request carries an API key with this scope. */
    hasScope: (scope: ApiScope) => Boolean(apiKey?.scopes.includes(scope)),
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
    createContextInner({ services, sessionToken: sessionTokenFrom(req, sessionCookieName(services.config)), clientKey: req.ip ?? "unknown", apiKey: (res.locals.apiKey as KeyPrincipal | undefined) ?? null, res });
}
