// Islands: interactive parts of a public page whose code is a chunk of its own, loaded and hydrated after the
// first paint, while the server-rendered HTML stays complete. They live inside the one React app (one root, one
// router, one query cache): each is a Suspense boundary whose content, in the browser, waits for its chunk and
// its moment (`idle`, `visible`, or `now` for pages). Until then React keeps the server's HTML as it is.
// On the server every island's module is loaded before the first render (preloadIslands), so SSR is synchronous
// and complete. After the first client-side navigation every island renders as soon as its chunk is there.
import { Suspense, use, type ComponentType } from "react";
import { whenIdle as idle } from "./idle.js";

export type IslandMoment = "now" | "idle" | "visible" | "interaction";

interface IslandOptions {
  /** When the browser hydrates it on the first page: `idle` (default), `visible` (near the viewport), `interaction`
   *  (the reader's first pointer, key or focus: for parts that only answer what the reader does), `now`. */
  when?: IslandMoment;
  /** For `visible`: the element (server-rendered by the island itself) whose approach triggers it. */
  selector?: string;
}

const preloaders: Array<() => Promise<unknown>> = [];
const waiting = new Set<() => void>();
let released = typeof window === "undefined";

/** Loads every island's module (the server, before rendering; the browser, after the first navigation). */
export async function preloadIslands() {
  // Loading a page's module defines the islands inside it: repeat until no new island appears.
  for (let count = -1; count !== preloaders.length; ) {
    count = preloaders.length;
    await Promise.all(preloaders.map((p) => p()));
  }
}

/** From now on islands no longer wait for idle time or the viewport (a client-side navigation, a first interaction). */
export function releaseIslands() {
  if (released) return;
  released = true;
  for (const go of waiting) go();
  waiting.clear();
}

function nearViewport(selector: string | undefined): Promise<void> {
  const el = selector ? document.querySelector(selector) : null;
  if (!el || typeof IntersectionObserver === "undefined") return idle();
  return new Promise((resolve) => {
    const observer = new IntersectionObserver((entries) => {
      if (!entries.some((e) => e.isIntersecting)) return;
      observer.disconnect();
      resolve();
    }, { rootMargin: "400px 0px" });
    observer.observe(el);
  });
}

/** Resolves at the island's moment, when it is woken, or at once when islands are released. */
function moment(options: IslandOptions, woken: Promise<void>): Promise<void> {
  if (released || options.when === "now") return Promise.resolve();
  // Near the viewport, and not before the page is first idle (on a short page the part may be near it from the start).
  const timed = options.when === "visible" ? idle().then(() => nearViewport(options.selector)) : options.when === "interaction" ? new Promise<void>(() => undefined) : idle();
  return new Promise((resolve) => {
    waiting.add(resolve);
    void Promise.race([timed, woken]).then(() => {
      waiting.delete(resolve);
      resolve();
    });
  });
}

// A reader who starts interacting before idle time gets every island at once.
if (typeof window !== "undefined") for (const type of ["pointerdown", "keydown", "focusin"]) window.addEventListener(type, releaseIslands, { once: true, passive: true, capture: true });

/** Makes a component an island: `island(() => import("./Comments.js").then((m) => m.Comments), { when: "visible", selector: "#comments" })`. */
export function island<P extends object>(load: () => Promise<ComponentType<P>>, options: IslandOptions = {}) {
  let Loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const preload = () =>
    (loading ??= load().then((c) => {
      Loaded = c;
      return c;
    }));
  preloaders.push(preload);
  let ready: Promise<ComponentType<P>> | undefined;
  let wake!: () => void;
  const woken = new Promise<void>((resolve) => (wake = resolve));

  function Content(props: P) {
    // Loaded and released: render straight away (always the case on the server).
    const Component = Loaded && (released || options.when === "now") ? Loaded : use((ready ??= moment(options, woken).then(preload)));
    return <Component {...props} />;
  }
  function Island(props: P) {
    return (
      <Suspense fallback={null}>
        <Content {...props} />
      </Suspense>
    );
  }
  Island.preload = preload;
  /** Hydrates this island now, whatever its moment (a toast raised before the reader's first interaction). */
  Island.wake = () => wake();
  return Island;
}
