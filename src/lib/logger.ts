import { randomUUID } from "node:crypto";
import type { Request, Response } from "express";
import { LRUCache } from "lru-cache";
import { pino, type DestinationStream, type Logger } from "pino";
import { secretPathOf } from "../schemas/secretPaths.js";

export type { Logger };
export const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;

const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g;
const SECRET_PARAM = /([?&;](?:token|apikey|api_key|key|password|secret|session)=)[^&\s"\\]+/gi;
const SESSION_COOKIE = /((?:__Host-)?ds_session=)[^;\s"\\]+/g;

/** Removes e-mail addresses, secret query parameters and session cookies from a finished log line. */
export const scrubLogLine = (line: string) => {
  // Most lines hold none of them: the cheap checks spare the three expressions.
  if (line.includes("@")) line = line.replace(EMAIL, "[email]");
  if (line.includes("=")) line = line.replace(SECRET_PARAM, "$1[redacted]").replace(SESSION_COOKIE, "$1[redacted]");
  return line;
};

/** An error as logged: pino's, less the values of a failed statement (TypeORM's `parameters`; mysql2's `sql`, the
 *  statement with the values written in, copied onto the error and kept in its `driverError`); its message, code and
 *  statement (`query`, with placeholders) stay. */
export function errOf(err: unknown) {
  const out = pino.stdSerializers.err(err as Error) as ReturnType<typeof pino.stdSerializers.err> & Record<string, unknown>;
  if (!out || typeof out !== "object" || !("parameters" in out || "driverError" in out || "sql" in out)) return out;
  const { parameters: _values, sql: _written, driverError, ...rest } = out;
  const { code, errno } = (driverError ?? {}) as { code?: unknown; errno?: unknown };
  return driverError ? { ...rest, driverError: { code, errno } } : rest;
}

/** One JSON line per event; `pretty` (npm run dev) prints readable lines through pino-pretty. */
export function createLogger(options: { level: string; pretty?: boolean }, destination?: DestinationStream): Logger {
  const base = {
    level: options.level,
    base: undefined,
    // Fields that may hold secrets are dropped wherever they appear; the line itself is scrubbed too.
    redact: {
      paths: ["password", "*.password", "token", "*.token", "email", "*.email", "cookie", "*.cookie", "*.headers.cookie", "*.headers.authorization", '*.headers["set-cookie"]', "authorization"],
      censor: "[redacted]",
    },
    hooks: { streamWrite: scrubLogLine },
    serializers: { err: errOf },
  };
  if (options.pretty && !destination) return pino({ ...base, transport: { target: "pino-pretty", options: { translateTime: "SYS:HH:MM:ss.l", ignore: "pid,hostname" } } });
  return destination ? pino(base, destination) : pino(base);
}

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/** The logged route of a path no route matched (a page-cache hit, a 404), for the paths asked most (never one with a secret). */
const routesByPath = new LRUCache<string, string>({ max: 2000 });

/** The route a request matched (the procedure for tRPC), never ids, secrets in the path or query strings. */
function routeOf(req: Request): string {
  if (req.route?.path) return `${req.baseUrl ?? ""}${String(req.route.path)}`;
  const path = (req.originalUrl ?? req.url ?? "").split("?")[0];
  let route = routesByPath.get(path);
  if (route === undefined) {
    // A URL that carries a secret in its path (a preview link) is logged by its list entry only.
    const secret = secretPathOf(path);
    if (secret) return path.toLowerCase() === secret ? secret : `${secret}/:secret`;
    route = path.replace(/\/\d+(?=\/|$)/g, "/:id").replace(/\/article\/[^/]+$/, "/article/:slug").slice(0, 200);
    routesByPath.set(path, route);
  }
  return route;
}

/**
 * One log line per request: id (also sent back as X-Request-Id), method, route, status, duration. `open` gives a request
 * its id; `write` writes its line on the shared destination once the answer is over (src/http/requestWatch.ts: no child
 * logger and no listener of its own per request, it is on every cache hit).
 */
export function accessLog(logger: Logger) {
  // Written as pino writes it, straight to the logger's destination, without redaction: every field of a request line
  // is built here from checked values (no header, body or query string). Redaction cost about 3 % of a cache hit, and
  // pino's serialisation of the fields about 2 KB of garbage per request (issue 27).
  const destination = (logger as unknown as Record<symbol, DestinationStream>)[pino.symbols.streamSym];
  const levels = pino.levels.values;
  return {
    open(req: Request, res: Response): string {
      const incoming = req.headers["x-request-id"];
      const id = typeof incoming === "string" && REQUEST_ID.test(incoming) ? incoming : randomUUID();
      res.setHeader("X-Request-Id", id);
      return id;
    },
    write(req: Request, res: Response, id: string, durationMs: number) {
      const aborted = !res.writableFinished;
      const status = res.statusCode;
      const level = status >= 500 ? "error" : status >= 400 ? "warn" : "info";
      if (!logger.isLevelEnabled(level)) return;
      const route = routeOf(req);
      const line = `${req.method} ${route} ${status}${aborted ? " (closed by the client)" : ""}`;
      const json = JSON.stringify;
      destination.write(scrubLogLine(`{"level":${levels[level]},"time":${Date.now()},"req":{"id":${json(id)},"method":${json(req.method)}},"res":{"status":${status}},"route":${json(route)},"durationMs":${Math.round(durationMs)},"msg":${json(line)}}\n`));
    },
  };
}
export type AccessLog = ReturnType<typeof accessLog>;
