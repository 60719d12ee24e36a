// The `route` label of the request metrics: the pattern a request matched, never the URL it asked for, so a
// crawler or an attacker requesting a million distinct paths adds no series. Sources, in order: a label a
// handler set (`res.locals.routeLabel`: the server-rendered page's route), the tRPC procedure (known names only),
// the OpenAPI path template, a few fixed prefixes, the app's own Express routes, the page router (the last two also
// for answers from the page cache, which never reach a route); anything else is `(unmatched)`.
import type { Request, Response } from "express";
import { LRUCache } from "lru-cache";

export const UNMATCHED = "(unmatched)";

interface Template {
  pattern: RegExp;
  label: string;
  params: number;
}

function templatesOf(paths: string[]): Template[] {
  const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return paths
    .map((p) => ({
      label: `/api${p}`,
      params: (p.match(/\{[^}]+\}/g) ?? []).length,
      pattern: new RegExp(`^/api${p.split(/\{[^}]+\}/).map(escape).join("[^/]+")}/?$`),
    }))
    .sort((a, b) => a.params - b.params);
}

const PREFIXES: Array<[RegExp, string]> = [
  [/^\/assets\//, "/assets/*"],
  [/^\/media\//, "/media/*"],
  [/^\/api\/docs\/assets\//, "/api/docs/assets/*"],
];

export interface RouteLabelSources {
  /** Path templates of the OpenAPI document (`/articles/{id}`), without the `/api` prefix. */
  restPaths: string[];
  /** Names of the tRPC procedures. */
  procedures: string[];
  /** The page router's pattern for a path (`/article/:slug`), once the pages are installed. */
  pagePattern?: (path: string) => string | undefined;
  /** The pattern of the app's own Express route for a path (`/category/:category/rss.xml`): what a cache hit never reached. */
  appRoute?: (path: string) => string | undefined;
}

/** A percent-decoded path segment, or null when it is malformed (`%E0`): a client's bytes never throw here. */
function decodedOrNull(text: string): string | null {
  try {
    return decodeURIComponent(text);
  } catch {
    return null;
  }
}

export function createRouteLabeler(sources: RouteLabelSources) {
  const templates = templatesOf(sources.restPaths);
  const procedures = new Set(sources.procedures);
  /** The label a path alone decides, for the paths asked most (a cache hit should not match 150 patterns each time). */
  const known = new LRUCache<string, string>({ max: 2000 });

  function byPath(path: string): string | undefined {
    if (path.startsWith("/api/trpc/")) {
      const names = decodedOrNull(path.slice("/api/trpc/".length))?.split(",");
      if (!names?.every((n) => procedures.has(n))) return "/api/trpc/(unknown)";
      return names.length === 1 ? `/api/trpc/${names[0]}` : "/api/trpc/(batch)";
    }
    if (path.startsWith("/api/")) return templates.find((t) => t.pattern.test(path))?.label;
    for (const [prefix, label] of PREFIXES) if (prefix.test(path)) return label;
    const route = sources.appRoute?.(path);
    if (route) return route;
    const page = sources.pagePattern?.(path);
    return page && page !== "*" ? page : undefined;
  }

  return (req: Request, res: Response): string => {
    if (typeof res.locals.routeLabel === "string") return res.locals.routeLabel;
    const path = (req.originalUrl ?? req.url ?? "").split("?")[0];
    let label = known.get(path);
    if (label === undefined) {
      label = byPath(path) ?? "";
      known.set(path, label);
    }
    if (label) return label;
    if (req.route?.path && !String(req.route.path).includes("*")) return `${req.baseUrl ?? ""}${String(req.route.path)}`;
    return path.startsWith("/api/") && !path.startsWith("/api/trpc/") ? "/api/(unknown)" : UNMATCHED;
  };
}
