// The `route` label of the request metrics: the pattern a request matched, never the URL it asked for, so a
// crawler or an attacker requesting a million distinct paths adds no series. Sources, in order: a label a
// handler set (`res.locals.routeLabel`: the server-rendered page's route), Express's matched route, the tRPC
// procedure (known names only), the OpenAPI path template, the page router (for answers from the page cache),
// a few fixed prefixes; anything else is `(unmatched)`.
import type { Request, Response } from "express";

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
}

export function createRouteLabeler(sources: RouteLabelSources) {
  const templates = templatesOf(sources.restPaths);
  const procedures = new Set(sources.procedures);
  return (req: Request, res: Response): string => {
    if (typeof res.locals.routeLabel === "string") return res.locals.routeLabel;
    const path = (req.originalUrl ?? req.url ?? "").split("?")[0];
    if (path.startsWith("/api/trpc/")) {
      const names = decodeURIComponent(path.slice("/api/trpc/".length)).split(",");
      if (!names.every((n) => procedures.has(n))) return "/api/trpc/(unknown)";
      return names.length === 1 ? `/api/trpc/${names[0]}` : "/api/trpc/(batch)";
    }
    if (path.startsWith("/api/")) return templates.find((t) => t.pattern.test(path))?.label ?? (req.route?.path ? `${req.baseUrl ?? ""}${String(req.route.path)}` : "/api/(unknown)");
    if (req.route?.path && !String(req.route.path).includes("*")) return `${req.baseUrl ?? ""}${String(req.route.path)}`;
    for (const [prefix, label] of PREFIXES) if (prefix.test(path)) return label;
    const page = sources.pagePattern?.(path);
    if (page) return page === "*" ? UNMATCHED : page;
    return UNMATCHED;
  };
}
