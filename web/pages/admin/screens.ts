// The administrator's screens: the navigation and the dashboard's feature cards are read from here, for the
// paths listed once in paths.ts.
import { ADMIN_PATHS, type AdminPath } from "./paths.js";

export interface AdminScreen {
  path: string;
  /** In the navigation bar, with this label. */
  nav?: string;
  /** On the dashboard, as a card. */
  feature?: { title: string; text: string };
}

/** Labels and dashboard cards of the screens that have them; a screen without an entry is reached by link only. */
const SCREEN_INFO: Partial<Record<AdminPath, Omit<AdminScreen, "path">>> = {
  "/admin": { nav: "Dashboard" },
  "/editor": { nav: "New Article", feature: { title: "Article Editor", text: "Write a new article with live preview, scheduling and autosaved drafts." } },
  "/articles": { nav: "Articles", feature: { title: "Manage Articles", text: "Every article, drafts and scheduled ones included: edit, delete, bulk-delete." } },
  "/comments": { nav: "Comments", feature: { title: "Comment Moderation", text: "Approve, reject or delete comments, held ones first." } },
  "/media-library": { nav: "Media", feature: { title: "Media Library", text: "Uploaded images, their sizes and where they are used." } },
  "/business-contacts": { nav: "Contacts", feature: { title: "Business Contacts", text: "The contacts listed in the site footer." } },
  "/site-pages": { nav: "Site Pages", feature: { title: "Site Pages", text: "About, contact, legal and the other static pages." } },
  "/analytics": { nav: "Analytics", feature: { title: "Analytics", text: "Revenue, SEO, newsletter and growth figures." } },
  "/growth": { nav: "Growth", feature: { title: "Growth Command Center", text: "Virality, traffic, revenue optimisation and targets." } },
  "/newsletter": { nav: "Newsletter" },
  "/alerts": { nav: "Alerts", feature: { title: "Breaking-news Alerts", text: "Web push alerts: who received them, who opened them, and the automatic alert." } },
  "/premium": { nav: "Premium", feature: { title: "Premium Requests", text: "Premium-plan sign-ups awaiting you." } },
  "/settings": { nav: "Settings", feature: { title: "Settings", text: "Growth targets and revenue split." } },
  "/api-keys": { feature: { title: "API Keys", text: "Keys for partners' REST and tRPC calls, with scopes and expiry." } },
  "/webhooks": { feature: { title: "Webhooks", text: "Endpoints that receive signed events, with their delivery logs." } },
  "/import": { feature: { title: "Import & Export", text: "Bring a WordPress site over, export everything, and keep old links working." } },
};

export const ADMIN_SCREENS: AdminScreen[] = ADMIN_PATHS.map((path) => ({ path, ...SCREEN_INFO[path] }));

export { ADMIN_PATHS, type AdminPath };
/** Navigation entries; Dashboard and New Article match their path exactly (not /editor/:id). */
export const ADMIN_NAV = ADMIN_SCREENS.flatMap((s) => (s.nav ? [{ to: s.path, label: s.nav, end: s.path === "/admin" || s.path === "/editor" }] : []));
export const ADMIN_FEATURES = ADMIN_SCREENS.flatMap((s) => (s.feature ? [{ to: s.path, ...s.feature }] : []));
