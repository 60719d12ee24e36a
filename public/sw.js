// The site's service worker: shows breaking-news alerts and opens the article on a click. It does nothing else
// (no caching, no fetch handler), so pages load exactly as without it.
"use strict";

self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

self.addEventListener("push", (event) => {
  let alert = {};
  try {
    alert = event.data ? event.data.json() : {};
  } catch {
    alert = { title: event.data ? event.data.text() : "" };
  }
  const title = typeof alert.title === "string" && alert.title ? alert.title : "Breaking news";
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof alert.body === "string" ? alert.body : "",
      icon: "/favicon.svg",
      badge: "/favicon.svg",
      tag: typeof alert.tag === "string" ? alert.tag : undefined,
      data: { url: typeof alert.url === "string" ? alert.url : "/", token: typeof alert.token === "string" ? alert.token : "" },
    }),
  );
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const { url, token } = event.notification.data || {};
  // Only this site's pages: the payload is ours, but an address from elsewhere is never opened.
  const target = new URL(url || "/", self.location.origin);
  const open = target.origin === self.location.origin ? target.href : self.location.origin + "/";
  const count = token
    ? fetch("/api/push/clicks", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ token }), credentials: "omit", keepalive: true }).catch(() => undefined)
    : Promise.resolve();
  event.waitUntil(Promise.all([self.clients.openWindow(open), count]));
});
