// The static site pages, shared by the server (seed, sitemap, audience paths) and the React routes.

/** The ids of the static pages; each is served at /{id}. */
export const STATIC_PAGE_IDS = ["about", "editorial-team", "privacy-policy", "terms-of-service", "contact", "careers", "partnerships", "advertise", "legal", "corrections"] as const;
export type StaticPageId = (typeof STATIC_PAGE_IDS)[number];
