// The site facts the server rendered into the page's <meta> tags (src/schemas/ssr.ts), for every component.
import { createContext, useContext, type ReactNode } from "react";
import { SITE_META, type SiteInfo } from "../../src/schemas/ssr.js";
import { knowZoneOffsets } from "../../src/schemas/wallClock.js";

export type { SiteInfo };

const SiteContext = createContext<SiteInfo>({ siteName: "Defense Sentinel", siteUrl: "", timeZone: "UTC", stockSymbols: [] });

export function SiteProvider({ site, children }: { site: SiteInfo; children: ReactNode }) {
  return <SiteContext.Provider value={site}>{children}</SiteContext.Provider>;
}
export const useSite = () => useContext(SiteContext);

function readFormState(json: string | undefined): SiteInfo["form"] {
  try {
    return json ? (JSON.parse(json) as SiteInfo["form"]) : undefined;
  } catch {
    return undefined;
  }
}

/** The client reads the values the server rendered into the page's meta tags. */
export function readSiteFromDocument(doc: Document): SiteInfo {
  const meta = (name: string) => doc.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content;
  const timeZone = meta(SITE_META.timeZone) ?? "UTC";
  // Dates are then formatted with the zone's offsets the server used, without building an Intl formatter.
  knowZoneOffsets(timeZone, meta(SITE_META.timeZoneOffsets));
  return {
    siteName: meta(SITE_META.siteName) ?? "Defense Sentinel",
    siteUrl: meta(SITE_META.siteUrl) ?? window.location.origin,
    timeZone,
    adClientId: meta(SITE_META.adClientId) || undefined,
    reader: (meta(SITE_META.reader) as SiteInfo["reader"]) || undefined,
    stockSymbols: (meta(SITE_META.stockSymbols) ?? "").split(",").filter(Boolean),
    form: readFormState(meta(SITE_META.form)),
  };
}
