import type { Request, Response } from "express";
import type { AnswerHead } from "../http/answer.js";
import { parse as parseCookies, serialize as serializeCookie } from "cookie";
import { SESSION_TTL, sessionCookieName, type Actor } from "../services/auth.js";
import type { KeyPrincipal } from "../services/apiKeys.js";
import type { Services } from "../services/index.js";
import { READER_SESSION_TTL, readerCookieName } from "../services/premium/readerAccounts.js";
import type { Reader } from "../entities/Reader.js";
import type { ApiScope } from "../schemas/partner.js";
import { can, type Permission } from "../schemas/staff.js";
import { publicServices } from "./procedureServices.js";
import { ANONYMOUS, readsPremium, type Viewer } from "../presenters/viewer.js";

/** The full services, for the procedure builders that widen the context once their check passed (trpc.ts). */
export const SERVICES = Symbol("services");

export interface ContextOptions {
  services: Services;
  /** The session cookie's token, if any. */
  sessionToken?: string | null;
  /** The reader's session cookie token, if any. */
  readerToken?: string | null;
  /** Identifies the client for rate limits (its address; hashed before it is stored). */
  clientKey?: string;
  /** The partner key the request carries (checked before the procedure runs), if any. */
  apiKey?: KeyPrincipal | null;
  /** The request's User-Agent and Host headers, for the audience beacon (bot detection, own-site referrers). */
  userAgent?: string;
  host?: string;
  /** Where the answer's headers go: Express's response, or the recorder of an answer computed before it is sent. */
  res?: AnswerHead;
}

/** The context without HTTP, for tests and server rendering: what a public procedure sees. */
export function createContextInner({ services, sessionToken = null, readerToken = null, clientKey = "local", apiKey = null, userAgent = "", host, res }: ContextOptions) {
  let staffCheck: Promise<Actor | null> | undefined;
  let readerCheck: Promise<{ reader: Reader | null; member: boolean }> | undefined;
  const readerState = () =>
    (readerCheck ??= services.readers.readerForSession(readerToken).then(async (reader) => ({ reader, member: reader ? await services.readers.isMember(reader.id) : false })));
  /** The staff member a request acts as: the session's person, or the owner of the API key it carries. */
  const staff = () => (staffCheck ??= apiKey ? Promise.resolve(apiKey.actor) : services.auth.sessionActor(sessionToken));
  /** Whether the request carries a valid staff session (no API key: a key acts only with its scopes). */
  const isAdmin = async () => !apiKey && Boolean(await staff());
  let viewerCheck: Promise<Viewer> | undefined;
  /** Who receives the answer, for the presenters (src/presenters): looked up once per request, only when asked. */
  const viewer = (): Promise<Viewer> => (viewerCheck ??= viewerOf());
  async function viewerOf(): Promise<Viewer> {
    if (apiKey) return { kind: "apiKey", scopes: apiKey.scopes };
    if (!readerToken && !sessionToken) return ANONYMOUS;
    const actor = sessionToken ? await staff() : null;
    if (actor) return { kind: "staff", role: actor.role };
    const { reader, member } = await readerState();
    return reader ? { kind: "reader", entitled: member } : ANONYMOUS;
  }
  // The public services and repositories only, never the database itself (SQL lives in src/repositories); the builders in
  // trpc.ts widen the context from SERVICES once their check passed, and no procedure reads it. Object.assign, not a
  // spread: V8 builds `{ ...publicServices(services), ` and 20 more fields `}` property by property, ~37 KB per context
  // in a probe of the same shape (100,000 of them, --trace-gc) against ~2 KB; the page cache's miss of a suggestion
  // allocated 113 KB, 23.5 KB of it here (a sampling heap profile). The same fields, in the same order.
  return Object.assign(publicServices(services), {
    [SERVICES]: services,
    sessionToken,
    readerToken,
    /** The signed-in reader and whether a subscription gives access (checked once per request). */
    readerState,
    viewer,
    /** Members and the newsroom read premium articles in full (and search them): see readsPremium in src/presenters. */
    readsPremium: async () => readsPremium(await viewer()),
    clientKey,
    apiKey,
    /** Who sent the request, as the audience beacon needs it; never stored. */
    client: { address: clientKey, userAgent, host },
    res,
    isAdmin,
    staff,
    /** Whether the request acts as a staff member whose role allows this (a key: its owner's role). */
    can: async (permission: Permission) => {
      const actor = await staff();
      return Boolean(actor && can(actor.role, permission));
    },
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
      res.append("Set-Cookie", staffSessionCookie(services.config, token));
    },
    /** The HTTP status of a successful REST answer (202 for accepted work); tRPC answers stay 200. */
    setRestStatus(status: number) {
      if (res) res.locals.restStatus = status;
    },
    setReaderCookie(token: string | null) {
      if (!res || res.headersSent) return;
      res.append("Set-Cookie", readerCookie(services.config, token));
    },
  });
}
export type Context = ReturnType<typeof createContextInner>;

/** The staff session cookie: HttpOnly, SameSite=Lax, 24 hours (cleared with a null token). */
export const staffSessionCookie = (config: { secureCookies: boolean }, token: string | null) =>
  serializeCookie(sessionCookieName(config), token ?? "", { httpOnly: true, sameSite: "lax", secure: config.secureCookies, path: "/", maxAge: token ? SESSION_TTL / 1000 : 0 });

/** The reader's session cookie: HttpOnly, SameSite=Lax, 30 days (cleared with a null token). */
export const readerCookie = (config: { secureCookies: boolean }, token: string | null) =>
  serializeCookie(readerCookieName(config), token ?? "", { httpOnly: true, sameSite: "lax", secure: config.secureCookies, path: "/", maxAge: token ? READER_SESSION_TTL / 1000 : 0 });

export const sessionTokenFrom = (req: Request, cookieName: string) => parseCookies(req.headers.cookie ?? "")[cookieName] ?? null;

/** Whom a request acts for: its sessions, its client, its partner key (none of it: the anonymous reader). */
export type RequestIdentity = Omit<ContextOptions, "services" | "res">;

/** Whom an Express request acts for: its sessions, its client, the partner key apiKeyAuth accepted. */
export function requestIdentity(services: Services, req: Request, res: Response): RequestIdentity {
  return {
    sessionToken: sessionTokenFrom(req, sessionCookieName(services.config)),
    readerToken: sessionTokenFrom(req, readerCookieName(services.config)),
    clientKey: req.ip ?? "unknown",
    apiKey: (res.locals.apiKey as KeyPrincipal | undefined) ?? null,
    userAgent: req.get("user-agent") ?? "",
    host: req.get("host"),
  };
}

/** The context for both HTTP adapters (tRPC and REST). */
export function createContextFactory(services: Services) {
  return ({ req, res }: { req: Request; res: Response }) => createContextInner({ services, ...requestIdentity(services, req, res), res });
}
