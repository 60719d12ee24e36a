// Run by store.test.ts in a process of its own (`node --expose-gc --import tsx entryCost.ts <kind>`): stores entries
// shaped as the page cache stores them and prints, besides their bodies, what the store counts and how much the heap
// and ArrayBuffers grew once everything unreachable was collected. In the test runner's own process the figure moved
// with what earlier suites left to be freed (in a full run it fell by a megabyte or more while 2,000 pages were stored).
import { fileURLToPath } from "node:url";
import { keptHeaders } from "../../../src/cache/pageCache.js";
import { MemoryStore } from "../../../src/cache/store.js";

const gc = (globalThis as { gc?: () => void }).gc!;
const inUse = () => {
  for (let i = 0; i < 3; i++) gc();
  const { heapUsed, arrayBuffers } = process.memoryUsage();
  return heapUsed + arrayBuffers;
};
/** A string of its own, as parsed from a request or rendered (not a literal shared by every entry). */
const own = (s: string) => Buffer.from(s).toString();
const html = { "content-type": "text/html; charset=utf-8", "cache-control": "public, max-age=60, s-maxage=60" };
/** Entries shaped as the page cache stores them (tags, headers and sizes of the sample content's answers). */
export const KINDS = {
  suggestion: { key: "/api/search/suggest?q=def", headers: { "content-type": "application/json", "cache-control": "public, max-age=30, s-maxage=60" }, gzip: 512, tags: ["list:search"], articles: 0 },
  "search page": { key: "/search?q=defense", headers: html, gzip: 18_169, tags: ["ticker", "contacts", "list:all", "list:search"], articles: 9 },
  "REST article": { key: "/api/articles/carrier-strike-group-enters-eastern-mediterranean-as-regional-tensions-rise", headers: { "content-type": "application/json", "cache-control": "public, max-age=60, s-maxage=60", "last-modified": "" }, gzip: 2_400, tags: ["ticker"], articles: 1 },
  "article page": { key: "/article/carrier-strike-group-enters-eastern-mediterranean-as-regional-tensions-rise", headers: html, gzip: 14_511, tags: ["ticker", "contacts"], articles: 2 },
};

// Run as a script (imported by the test for KINDS only).
const kind = process.argv[1] === fileURLToPath(import.meta.url) ? (process.argv[2] as keyof typeof KINDS) : undefined;
if (kind) {
  const shape = KINDS[kind];
  const n = kind === "suggestion" ? 5_000 : 2_000;
  const store = new MemoryStore(Number.MAX_SAFE_INTEGER);
  const before = inUse();
  for (let i = 0; i < n; i++) {
    const key = own(`${shape.key}${shape.key.includes("?") ? "&" : "?"}v=${i}`);
    // As pageCache's render makes them: the kept headers of each rendered answer (strings of its own), the tags from
    // the render's set.
    const headers = keptHeaders(Object.fromEntries(Object.entries(shape.headers).map(([name, value]) => [name, own(name === "last-modified" ? new Date(1e12 + 1000 * i).toUTCString() : value)])));
    const tagSet = new Set(shape.tags);
    for (let j = 0; j < shape.articles; j++) tagSet.add(`a:${1000 * j + i}`);
    // zlib's output: a view into a larger block, which the store copies into a block of its own.
    const gzip = Buffer.alloc(shape.gzip * 2, i).subarray(0, shape.gzip);
    await store.set(key, { status: 200, headers, gzip, etag: own(`"${String(i).padStart(27, "x")}"`), tags: [...tagSet], seq: i, storedAt: Date.now() });
  }
  const bodies = n * shape.gzip;
  process.stdout.write(JSON.stringify({ counted: store.bytes - bodies, grown: inUse() - before - bodies }));
}
