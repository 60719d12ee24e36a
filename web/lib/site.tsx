// What the server tells the browser about the site (brand, public origin, time zone, ad client id):
// rendered into <meta> tags by the server and read back on the client, so both render the same text.
import { createContext, useContext, type ReactNode } from "react";

export interface SiteInfo {
  siteName: string;
  siteUrl: string;
  timeZone: string;
  adClientId?: string;
  /** A signed-in reader's page: "member" (premium in full, no ads) or "signed-in"; absent for anonymous pages. */
  reader?: "member" | "signed-in";
}

export const SITE_META = { siteName: "site-name", siteUrl: "site-url", timeZone: "site-timezone", adClientId: "ad-client", reader: "reader" } as const;

const SiteContext = createContext<SiteInfo>({ siteName: "Defense Sentinel", siteUrl: "", timeZone: "UTC" });

export function SiteProvider({ site, children }: { site: SiteInfo; children: ReactNode }) {
  return <SiteContext.Provider value={site}>{children}</SiteContext.Provider>;
}
export const useSite = () => useContext(SiteContext);

/** The client reads the values the server rendered into the page's meta tags. */
export function readSiteFromDocument(doc: Document): SiteInfo {
  const meta = (name: string) => doc.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content;
  return {
    siteName: meta(SITE_META.siteName) ?? "Defense Sentinel",
    siteUrl: meta(SITE_META.siteUrl) ?? window.location.origin,
    timeZone: meta(SITE_META.timeZone) ?? "UTC",
    adClientId: meta(SITE_META.adClientId) || undefined,
    reader: (meta(SITE_META.reader) as SiteInfo["reader"]) || undefined,
  };
}
