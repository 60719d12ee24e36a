// Work that must never compete with the first render (ads, audience beacons, islands) waits for the load event
// and then for a moment the main thread is free (at most 2 s later).
type IdleWindow = Window & { requestIdleCallback?: (cb: () => void, options?: { timeout: number }) => number };

export function whenIdle(): Promise<void> {
  return new Promise((resolve) => {
    const w = window as IdleWindow;
    const go = () => (w.requestIdleCallback ? w.requestIdleCallback(() => resolve(), { timeout: 2000 }) : setTimeout(resolve, 200));
    if (document.readyState === "complete") go();
    else window.addEventListener("load", go, { once: true });
  });
}
