// Audience events from the reader's site: page views and share clicks, sent with
// navigator.sendBeacon to POST /api/events (a Blob typed application/json, as the REST side requires).
// Body: { type: "pageview", path, articleId?, referrer? } or { type: "share", network, articleId?, path }.

export type ShareNetwork = "x" | "facebook" | "linkedin" | "email" | "copy";

function send(event: Record<string, unknown>) {
  if (typeof navigator === "undefined") return;
  const body = new Blob([JSON.stringify(event)], { type: "application/json" });
  if (navigator.sendBeacon?.("/api/events", body)) return;
  void fetch("/api/events", { method: "POST", body, headers: { "content-type": "application/json" }, keepalive: true }).catch(() => undefined);
}

/** Reports a page view once the page is shown (the referrer is reduced to its domain by the server). */
export function trackPageView(input: { path: string; articleId?: number }) {
  send({ type: "pageview", path: input.path, articleId: input.articleId, referrer: document.referrer || undefined });
}

export function trackShare(input: { network: ShareNetwork; articleId?: number; path: string }) {
  send({ type: "share", ...input });
}
