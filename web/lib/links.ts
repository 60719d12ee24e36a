const BASE = "https://same-origin.invalid";

/**
 * The site-relative address a recorded path points to, or null when a browser would resolve it
 * to another origin (such as "/\\evil.example/x" or "//evil.example") or it is no path at all.
 */
export function sameOriginPath(path: string): string | null {
  if (!path.startsWith("/")) return null;
  try {
    const url = new URL(path, BASE);
    return url.origin === BASE ? `${url.pathname}${url.search}` : null;
  } catch {
    return null;
  }
}

/** A link's plain click done in the page instead, once the page's code runs (before it, the link is followed; a
 *  modified click still opens the link, in a new tab or window). */
export const opensInPlace = (action: () => void) => (e: { button: number; metaKey: boolean; ctrlKey: boolean; shiftKey: boolean; altKey: boolean; preventDefault(): void }) => {
  if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
  e.preventDefault();
  action();
};
