// Audience events from the reader's site: page views and share clicks, sent with
// navigator.sendBeacon to POST /api/events (a Blob typed application/json, as the REST side requires).
// Body: { type: "pageview", path, articleId?, referrer? } or { type: "share", network, articleId?, path }.
// The server keeps only the referrer's host name and counts a visitor per day through a salted hash;
// it stores no IP address or user agent. Known bots are not counted.

import { whenIdle } from "./idle.js";

export type ShareNetwork = "x" | "facebook" | "linkedin" | "email" | "copy";

/** document.referrer stays the same across client-side navigations: only the first view of a page load carries it. */
let referrerSent = false;

/** Beacons wait for the page's load and an idle moment: they never compete with the first render. */
function send(event: Record<string, unknown>) {
  if (typeof navigator === "undefined") return;
  void whenIdle().then(() => sendNow(event));
}

function sendNow(event: Record<string, unknown>) {
  const body = new Blob([JSON.stringify(event)], { type: "application/json" });
  try {
    if (navigator.sendBeacon?.("/api/events", body)) return;
  } catch {
    // some browsers throw on sendBeacon in restricted contexts; fall through to fetch
  }
  void fetch("/api/events", { method: "POST", body, headers: { "content-type": "application/json" }, keepalive: true, credentials: "omit" }).catch(() => undefined);
}

/** Reports a page view once the page is shown (the referrer is reduced to its domain by the server). */
export function trackPageView(input: { path: string; articleId?: number }) {
  const referrer = !referrerSent && typeof document !== "undefined" ? document.referrer || undefined : undefined;
  referrerSent = true;
  send({ type: "pageview", path: input.path, articleId: input.articleId, referrer });
}

export function trackShare(input: { network: ShareNetwork; articleId?: number; path: string }) {
  send({ type: "share", ...input });
}
