// How old addresses are compared, and which targets a redirect may have. One normal form for the import that
// writes redirect sources, the administrator who adds them and the request that looks them up: percent-encoding
// decoded, lower case, no trailing slash, no repeated slashes, and of the query only WordPress's own permalink parameters
// on the home address (/?p=123). Targets are site-relative only, so no redirect can send a reader elsewhere.

export const MAX_REDIRECT_LENGTH = 400;
/** WordPress's "plain" permalinks: the home address with one of these parameters. */
const WP_QUERY_PARAMS = ["p", "page_id", "cat", "tag", "feed", "attachment_id"];

const decodeSegment = (segment: string) => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
};

/**
 * The normal form of an old address (a path with its query, or a full URL whose origin is ignored), or null when
 * it cannot be one: not a path, control characters, or too long.
 */
export function normaliseSource(address: string): string | null {
  let text = address.trim();
  const origin = /^https?:\/\/[^/?#]*/i.exec(text);
  if (origin) text = text.slice(origin[0].length) || "/";
  if (!text.startsWith("/")) return null;
  const [pathPart, query = ""] = text.split("#")[0].split("?", 2);
  const path =
    "/" +
    pathPart
      .split("/")
      .filter(Boolean)
      .map(decodeSegment)
      .join("/")
      .normalize("NFC")
      // Case-insensitive, as WordPress's own lookups on MySQL are (and as MySQL's collation compares the column).
      .toLowerCase();
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(path)) return null;
  let source = path;
  if (path === "/" && query) {
    const params = new URLSearchParams(query);
    const name = WP_QUERY_PARAMS.find((p) => params.get(p));
    if (name) source = `/?${name}=${encodeURIComponent(params.get(name)!)}`;
  }
  return source.length <= MAX_REDIRECT_LENGTH ? source : null;
}

/** Whether a URL carries one of WordPress's plain-permalink parameters on the home address (such a page may be a redirect). */
export const isWordPressQuery = (pathname: string, search: URLSearchParams) => pathname === "/" && WP_QUERY_PARAMS.some((p) => search.has(p));

/**
 * A redirect target: a path on this site (`/article/x`, `/search?q=y`), never another origin. `//host`, `/\host`,
 * schemes, whitespace and control characters are refused; so is anything the URL parser would not keep on our origin.
 */
export function isSiteRelativeTarget(target: string): boolean {
  if (target.length === 0 || target.length > MAX_REDIRECT_LENGTH) return false;
  if (!target.startsWith("/") || target.startsWith("//") || target.includes("\\")) return false;
  // eslint-disable-next-line no-control-regex
  if (/[\s\u0000-\u001f\u007f]/.test(target)) return false;
  try {
    return new URL(target, "http://site.invalid").origin === "http://site.invalid";
  } catch {
    return false;
  }
}
