// Pages whose URL carries a secret (a token in the path or the query string): the one list the server's headers
// (Content-Security-Policy, Referrer-Policy), its rendering (no ad client) and the browser's ad slots all read.
// No import here: readers' pages load this module too.

/** Each entry covers the path itself and everything below it. */
export const SECRET_PATHS = [
  "/preview", // /preview/{token}
  "/unsubscribe", // ?token=
  "/newsletter/confirm", // ?token=
  "/newsletter/click", // /newsletter/click/{token}
  "/newsletter/open", // /newsletter/open/{token}.gif
  "/account/verify", // ?token=
  "/staff", // staff invitations and password resets: /staff/accept?token=, /staff/reset?token=
  "/api/previews", // /api/previews/{token}: the preview's data (JSON, but its address is as secret)
] as const;

/**
 * The Referrer-Policy of those pages: a Referer (with the token) goes to this site only, never to another. Not
 * `no-referrer`: that makes the browser send `Origin: null` with the page's own form posts, and over plain http
 * from a host that is not localhost it sends no Sec-Fetch-Site either, so the same-origin check
 * (src/http/sameOrigin.ts) would refuse the no-JavaScript forms of /staff/accept, /staff/reset, /account/verify and
 * /newsletter/confirm as cross-site.
 */
export const SECRET_REFERRER_POLICY = "same-origin";

/** A path as the routers read it: lower case, percent-decoded, repeated slashes collapsed, no query string. */
function normalise(url: string): string {
  let path = url.split(/[?#]/)[0].toLowerCase();
  try {
    path = decodeURIComponent(path);
  } catch {
    // not valid percent-encoding: compared as it is
  }
  return path.replace(/\/{2,}/g, "/");
}

/** The entries as one pattern over a URL as sent, for URLs with neither percent-encoding nor other than ASCII: any case,
 *  repeated slashes, the query string or fragment after the path. */
const SECRET_PATTERN = new RegExp(`^/+(${SECRET_PATHS.map((p) => p.slice(1).split("/").join("/+")).join("|")})(?:[/?#]|$)`, "i");
const NEEDS_NORMALISING = /[%\u0080-\uffff]/;

/** The entry of SECRET_PATHS a URL falls under, if any. */
export function secretPathOf(url: string): (typeof SECRET_PATHS)[number] | undefined {
  // On every request (headers, log): the URLs readers ask for are answered by one expression, without normalising them.
  if (!NEEDS_NORMALISING.test(url)) {
    const entry = SECRET_PATTERN.exec(url)?.[1];
    return entry === undefined ? undefined : SECRET_PATHS.find((p) => p === `/${entry.toLowerCase().replace(/\/{2,}/g, "/")}`);
  }
  const path = normalise(url);
  return SECRET_PATHS.find((p) => path === p || path.startsWith(`${p}/`));
}

/**
 * True when a URL (a path, with or without its query string) is a page whose URL carries a secret: such a page
 * loads no third-party script, ad slot or external resource, and is sent with SECRET_REFERRER_POLICY.
 * Case, percent-encoding and repeated slashes do not matter, as they do not to the routers.
 */
export const carriesSecret = (url: string): boolean => secretPathOf(url) !== undefined;
