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
