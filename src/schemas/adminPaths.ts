// The administrator's screens' paths, in navigation order: what the public router needs to hand these paths to the
// admin chunk, and what robots.txt keeps crawlers out of. Their labels and dashboard cards are in
// web/pages/admin/screens.ts, keyed by these paths.
export const ADMIN_PATHS = [
  "/admin",
  "/editor",
  "/editor/:id",
  "/articles",
  "/comments",
  "/media-library",
  "/business-contacts",
  "/site-pages",
  "/analytics",
  "/growth",
  "/newsletter",
  "/alerts",
  "/premium",
  "/settings",
  "/api-keys",
  "/webhooks",
  "/import",
  "/test",
  "/staff",
  "/profile",
  "/review",
  "/audit",
] as const;
export type AdminPath = (typeof ADMIN_PATHS)[number];

/**
 * robots.txt's rules for the admin screens: each path exactly (`$`), with a query, and below it (/editor/:id is
 * /editor/…). Never a bare prefix, which crawlers would also apply to public pages (/editor to /editorial-team).
 */
export const ADMIN_ROBOTS_RULES = [...new Set(ADMIN_PATHS.map((path) => path.replace(/\/:.*$/, "")))].flatMap((path) => [`${path}$`, `${path}?`, `${path}/`]);
