// The ad network's script, loaded once and only when an ad client id is configured. A failed load is
// logged to the console and nothing else: the reserved slots simply stay empty.
let requested = false;

export const AD_SCRIPT_URL = "https://pagead2.googlesyndication.com/pagead/js/adsbygoogle.js";

export function loadAdScript(clientId: string) {
  if (requested || typeof document === "undefined") return;
  requested = true;
  const script = document.createElement("script");
  script.async = true;
  script.crossOrigin = "anonymous";
  script.src = `${AD_SCRIPT_URL}?client=${encodeURIComponent(clientId)}`;
  script.onerror = () => console.warn("Advertising script failed to load; ad slots stay empty.");
  document.head.appendChild(script);
}

/** Asks the network to fill one <ins class="adsbygoogle"> slot. */
export function requestAd() {
  const w = window as unknown as { adsbygoogle?: unknown[] };
  (w.adsbygoogle = w.adsbygoogle || []).push({});
}
