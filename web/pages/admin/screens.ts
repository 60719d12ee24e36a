// The administrator's screens: the navigation and the dashboard's feature cards are read from here, for the
// paths listed once in paths.ts.
import { ADMIN_PATHS, type AdminPath } from "./paths.js";
import type { Permission } from "../../../src/schemas/staff.js";

export interface AdminScreen {
  path: AdminPath;
  /** In the navigation bar, with this label. */
  nav?: string;
  /** On the dashboard, as a card. */
  feature?: { title: string; text: string };
  /** What the role must allow for the screen to be offered (the server checks every call anyway). */
  permission?: Permission;
}

/** Labels and dashboard cards of the screens that have them; a screen without an entry is reached by link only. */
const SCREEN_INFO: Partial<Record<AdminPath, Omit<AdminScreen, "path">>> = {
  "/admin": { nav: "Dashboard" },
  "/editor": { nav: "New Article", permission: "articles:own", feature: { title: "Article Editor", text: "Write a new article with live preview, scheduling and autosaved drafts." } },
  "/articles": { nav: "Articles", permission: "articles:own", feature: { title: "Manage Articles", text: "Every article, drafts and scheduled ones included: edit, delete, bulk-delete." } },
  "/review": { nav: "Review", permission: "articles:any", feature: { title: "Review Queue", text: "Drafts submitted for review: publish them or send them back with a note." } },
  "/comments": { nav: "Comments", permission: "comments:moderate", feature: { title: "Comment Moderation", text: "Approve, reject or delete comments, held ones first." } },
  "/media-library": { nav: "Media", permission: "media:library", feature: { title: "Media Library", text: "Uploaded images, their sizes and where they are used." } },
  "/business-contacts": { nav: "Contacts", permission: "site:manage", feature: { title: "Business Contacts", text: "The contacts listed in the site footer." } },
  "/site-pages": { nav: "Site Pages", permission: "site:manage", feature: { title: "Site Pages", text: "About, contact, legal and the other static pages." } },
  "/analytics": { nav: "Analytics", permission: "analytics:read", feature: { title: "Analytics", text: "Revenue, SEO, newsletter and growth figures." } },
  "/growth": { nav: "Growth", permission: "analytics:read", feature: { title: "Growth Command Center", text: "Virality, traffic, revenue optimisation and targets." } },
  "/newsletter": { nav: "Newsletter", permission: "subscribers" },
  "/alerts": { nav: "Alerts", permission: "articles:any", feature: { title: "Breaking-news Alerts", text: "Web push alerts: who received them, who opened them, and the automatic alert." } },
  "/premium": { nav: "Premium", permission: "subscribers", feature: { title: "Premium Requests", text: "Premium-plan sign-ups awaiting you." } },
  "/settings": { nav: "Settings", permission: "site:manage", feature: { title: "Settings", text: "Growth targets and revenue split." } },
  "/staff": { nav: "Staff", permission: "staff:manage", feature: { title: "Staff", text: "The newsroom's people and roles: invite, change roles, suspend." } },
  "/audit": { permission: "staff:manage", feature: { title: "Audit Log", text: "Who did what and when: sign-ins, articles, settings, staff." } },
  "/profile": { nav: "My profile", feature: { title: "My Profile", text: "Your author page, password, two-factor sign-in and sessions." } },
  "/api-keys": { feature: { title: "API Keys", text: "Keys for REST and tRPC calls, acting as you within your role, with scopes and expiry." } },
  "/webhooks": { permission: "site:manage", feature: { title: "Webhooks", text: "Endpoints that receive signed events, with their delivery logs." } },
  "/import": { permission: "site:manage", feature: { title: "Import & Export", text: "Bring a WordPress site over, export everything, and keep old links working." } },
};

export const ADMIN_SCREENS: AdminScreen[] = ADMIN_PATHS.map((path) => ({ path, ...SCREEN_INFO[path] }));

export { ADMIN_PATHS, type AdminPath };
/** Navigation entries; Dashboard and New Article match their path exactly (not /editor/:id). */
export const ADMIN_NAV = ADMIN_SCREENS.flatMap((s) => (s.nav ? [{ to: s.path, label: s.nav, end: s.path === "/admin" || s.path === "/editor", permission: s.permission }] : []));
export const ADMIN_FEATURES = ADMIN_SCREENS.flatMap((s) => (s.feature ? [{ to: s.path, ...s.feature, permission: s.permission }] : []));
