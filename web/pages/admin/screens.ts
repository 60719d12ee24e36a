// The administrator's screens, listed once: their paths (the routes), the navigation and the
// dashboard's feature cards are all read from here. Data only, so the public bundle can import it.

export interface AdminScreen {
  path: string;
  /** In the navigation bar, with this label. */
  nav?: string;
  /** On the dashboard, as a card. */
  feature?: { title: string; text: string };
}

export const ADMIN_SCREENS = [
  { path: "/admin", nav: "Dashboard" },
  { path: "/editor", nav: "New Article", feature: { title: "Article Editor", text: "Write a new article with live preview, scheduling and autosaved drafts." } },
  { path: "/editor/:id" },
  { path: "/articles", nav: "Articles", feature: { title: "Manage Articles", text: "Every article, drafts and scheduled ones included: edit, delete, bulk-delete." } },
  { path: "/comments", nav: "Comments", feature: { title: "Comment Moderation", text: "Approve, reject or delete comments, held ones first." } },
  { path: "/media-library", nav: "Media", feature: { title: "Media Library", text: "Uploaded images, their sizes and where they are used." } },
  { path: "/business-contacts", nav: "Contacts", feature: { title: "Business Contacts", text: "The contacts listed in the site footer." } },
  { path: "/site-pages", nav: "Site Pages", feature: { title: "Site Pages", text: "About, contact, legal and the other static pages." } },
  { path: "/analytics", nav: "Analytics", feature: { title: "Analytics", text: "Revenue, SEO, newsletter and growth figures." } },
  { path: "/growth", nav: "Growth", feature: { title: "Growth Command Center", text: "Virality, traffic, revenue optimisation and targets." } },
  { path: "/newsletter", nav: "Newsletter" },
  { path: "/premium", nav: "Premium", feature: { title: "Premium Requests", text: "Premium-plan sign-ups awaiting you." } },
  { path: "/settings", nav: "Settings", feature: { title: "Settings", text: "Growth targets and revenue split." } },
  { path: "/api-keys", feature: { title: "API Keys", text: "Keys for partners' REST and tRPC calls, with scopes and expiry." } },
  { path: "/webhooks", feature: { title: "Webhooks", text: "Endpoints that receive signed events, with their delivery logs." } },
  { path: "/test" },
] as const satisfies readonly AdminScreen[];

export type AdminPath = (typeof ADMIN_SCREENS)[number]["path"];
export const ADMIN_PATHS: AdminPath[] = ADMIN_SCREENS.map((s) => s.path);
/** Navigation entries; Dashboard and New Article match their path exactly (not /editor/:id). */
export const ADMIN_NAV = (ADMIN_SCREENS as readonly AdminScreen[]).flatMap((s) => (s.nav ? [{ to: s.path, label: s.nav, end: s.path === "/admin" || s.path === "/editor" }] : []));
export const ADMIN_FEATURES = (ADMIN_SCREENS as readonly AdminScreen[]).flatMap((s) => (s.feature ? [{ to: s.path, ...s.feature }] : []));
