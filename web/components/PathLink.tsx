// A link to a path of this site. In the browser it is the router's <Link> (a plain click navigates in the page). On the
// server nothing is clicked: it is only the <a> the router's Link would render there, without the Link's hooks
// (resolving the path, a click handler, prefetching), which cost a search page's render about a quarter (20 cards and
// its page links). Same element, same attributes in the same order, so the browser hydrates it as the Link it renders.
import type { AnchorHTMLAttributes } from "react";
import { Link } from "react-router-dom";

const ON_SERVER = typeof document === "undefined";

/**
 * A path the router's Link writes out as it is: absolute, its segments neither empty, "." nor "..", no trailing
 * slash, and a query (if any) that is not empty, no fragment. Anything else goes through the router's Link.
 */
const AS_WRITTEN = /^\/(?:[^/?#.\\][^/?#\\]*(?:\/[^/?#.\\][^/?#\\]*)*)?(?:\?[^#]+)?$/;

type Props = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> & { to: string };

/** The router's <Link to={to}> for a site path (see above): on the server, its markup without the router's work. */
export function PathLink({ to, ...rest }: Props) {
  // Link renders its other props first, then href and data-discover (its target and click handler are not markup here).
  if (ON_SERVER && AS_WRITTEN.test(to) && rest.target === undefined) return <a {...rest} href={to} data-discover="true" />;
  return <Link to={to} {...rest} />;
}
