// The stylesheet belongs to the entry, so the build inlines it into the page template (one render-blocking resource: none).
import "./styles/index.css";

// The server's HTML is the whole page: the app's code (libraries, the site's frame, the page's chunk) starts loading
// only once the page has loaded (its first-screen images included) and the browser has painted it, so on a slow
// phone nothing competes with what the reader sees first.
// This module imports nothing before that moment: the built app is an entry of its own, named in the template's
// `app-boot` meta tag (a bundled `import()` would bring the bundler's preload helper, and the libraries with it).
const start = () =>
  void (import.meta.env.DEV ? import("./boot.js") : import(/* @vite-ignore */ document.querySelector<HTMLMetaElement>('meta[name="app-boot"]')!.content));
/** After the page's first contentful paint has happened (the Paint Timing entry; at most 3 s of waiting for it)
 *  and one more frame has been drawn. */
function afterFirstPaint(then: () => void) {
  let done = false;
  const go = () => {
    if (done) return;
    done = true;
    requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(then)));
  };
  if (typeof PerformanceObserver !== "undefined" && PerformanceObserver.supportedEntryTypes?.includes("paint")) {
    new PerformanceObserver((list, observer) => {
      if (!list.getEntriesByName("first-contentful-paint").length) return;
      observer.disconnect();
      go();
    }).observe({ type: "paint", buffered: true });
    setTimeout(go, 3000);
  } else go();
}

// Nothing the reader does while the code loads is lost. A tap on one of the page's own buttons (`type=button`: they do
// nothing by themselves; links and forms work without the code) before React owns that button is held and replayed
// once it does (its island hydrated). A form submitted once the app runs but before its island has hydrated waits
// for it too (the island's code is on its way: the first interaction released every island), and after 3 s without
// it posts as a plain form; before the app runs, forms post as plain forms (the code may be slow, or never come).
const owned = (el: Element) => Object.keys(el).some((key) => key.startsWith("__reactProps$"));
const held = new Set<Element>();
function whenOwned(el: Element, then: () => void, giveUpMs = Infinity) {
  if (held.has(el)) return;
  held.add(el);
  const since = Date.now();
  const timer = setInterval(() => {
    const ready = owned(el);
    if (!ready && el.isConnected && Date.now() - since < giveUpMs) return;
    clearInterval(timer);
    held.delete(el);
    if (el.isConnected) then();
  }, 50);
}
const hold = (event: Event) => {
  event.preventDefault();
  event.stopImmediatePropagation();
};
document.addEventListener(
  "click",
  (event) => {
    const button = (event.target as Element | null)?.closest?.<HTMLElement>("button[type=button]");
    if (!button || owned(button)) return;
    hold(event);
    whenOwned(button, () => button.click());
  },
  true,
);
document.addEventListener(
  "submit",
  (event) => {
    const form = event.target as HTMLFormElement;
    if (!("hydrated" in document.documentElement.dataset) || owned(form) || form.dataset.plain) return;
    hold(event);
    const submitter = (event as SubmitEvent).submitter;
    whenOwned(form, () => {
      if (!owned(form)) form.dataset.plain = "";
      form.requestSubmit(submitter);
    }, 3000);
  },
  true,
);

// Nothing to wait for in a hidden tab (it paints no frame) or on a screen the browser renders itself (the admin).
if (document.visibilityState === "hidden" || !document.getElementById("root")?.hasChildNodes()) start();
else if (document.readyState === "complete") afterFirstPaint(start);
else window.addEventListener("load", () => afterFirstPaint(start), { once: true });
