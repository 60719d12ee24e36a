import { useEffect, useRef } from "react";
import { useLocation } from "react-router-dom";
import { carriesSecret } from "../../src/schemas/secretPaths.js";
import { useSite } from "../lib/site.js";

export type AdFormat = "banner" | "rectangle" | "inline";

/** A fixed ad slot that reserves its size up front, so nothing moves when (or whether) an ad arrives. */
export function AdSlot({ slot, format, className = "" }: { slot: string; format: AdFormat; className?: string }) {
  const { adClientId, reader } = useSite();
  // A page whose URL carries a secret (a preview, an unsubscribe link) shows no ad and never loads the ad network.
  const secretUrl = carriesSecret(useLocation().pathname);
  const filled = useRef(false);
  useEffect(() => {
    if (!adClientId || secretUrl || filled.current) return;
    filled.current = true;
    // The ad code is fetched only on sites that show ads.
    void import("../lib/ads.js").then(({ loadAdScript, requestAd }) => {
      loadAdScript(adClientId);
      requestAd();
    });
  }, [adClientId, secretUrl]);
  // Members read without ads: no slot, no ad-network script.
  if (reader === "member" || secretUrl) return null;
  // Without an ad network the slot takes no space (no empty box pushing the article down); with one it keeps its
  // reserved size, so nothing moves when (or whether) the ad arrives.
  return (
    <aside className={`ad-slot ad-${format} ${className}`} aria-label="Advertisement" data-ad-slot-id={slot} hidden={!adClientId}>
      <span className="ad-label" aria-hidden="true">
        Advertisement
      </span>
      {adClientId && <ins className="adsbygoogle" style={{ display: "block" }} data-ad-client={adClientId} data-ad-slot={slot} data-ad-format="auto" data-full-width-responsive="true" />}
    </aside>
  );
}
