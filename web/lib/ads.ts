import { whenIdle } from "./idle.js";

// The ad network's script, loaded once, only when an ad client id is configured, and only once the page has
// loaded and the main thread is idle, so ads never delay the first render or the first interaction. A failed load is
// logged to the console and nothing else: the reserved slots simply stay empty.
let requested = false;

export const AD_SCRIPT_URL = "https://pagead2.googlesyndication.com/pagead/js/adsbygoogle.js";

export function loadAdScript(clientId: string) {
  if (requested || typeof document === "undefined") return;
  requested = true;
  void whenIdle().then(() => injectAdScript(clientId));
}

function injectAdScript(clientId: string) {
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
