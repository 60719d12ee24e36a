// The administrator's screens' paths, in navigation order: what the public router needs to hand these
// paths to the admin chunk. Their labels and dashboard cards are in screens.ts, keyed by these paths.
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
