// The page cache's key of a URL: the path and its query parameters sorted, without tracking parameters on pages. The
// shortcuts for URLs that already are their key must give what parsing them gives.
import type { Request } from "express";
import { cacheKey } from "../../../src/cache/pageCache.js";

/** The rule written out: parse, drop tracking parameters outside the API, sort. */
function parsedKey(originalUrl: string) {
  const url = new URL(originalUrl, "http://x");
  if (!url.pathname.startsWith("/api/")) for (const name of [...url.searchParams.keys()]) if (/^(utm_[a-z]+|fbclid|gclid|mc_cid|mc_eid)$/.test(name)) url.searchParams.delete(name);
  url.searchParams.sort();
  const query = url.searchParams.toString();
  return url.pathname + (query ? `?${query}` : "");
}

const urls = [
  "/",
  "/article/a-story",
  "/api/search/suggest?q=arm",
  "/api/search/suggest?q=",
  "/api/search/suggest?q=air%20def",
  "/api/search/suggest?q=air+def",
  "/api/search/suggest?q=a~b",
  "/api/search/suggest?q",
  "/api/search/suggest?q=x&v=2",
  "/api/articles?limit=20",
  "/api/articles?utm_source=x",
  "/search?utm_source=news",
  "/search?fbclid=abc",
  "/search?q=drones",
  "/search?q=drones&utm_medium=mail",
  "/category/sea?page=2",
  "/category/./sea?page=2",
  "/category//sea?page=2",
  "/search?q=Ünter",
  "/search?q=a*b.c_d-e",
  "/search?Q=B",
];

test.each(urls)("the key of %s is its path and sorted parameters, without tracking ones on pages", (url) => {
  expect(cacheKey({ originalUrl: url } as Request)).toBe(parsedKey(url));
});
