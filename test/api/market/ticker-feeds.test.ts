import { createTestApp, type TestApp } from "../../helpers/testApp.js";
import { createArticle } from "../../helpers/factories.js";
import { logSink } from "../../helpers/logSink.js";
import { startFakeServer } from "../../helpers/fakeServer.js";
import { TickerFeedService, parseFeed } from "../../../src/services/tickerFeeds.js";

// Every feed time is an explicit offset from one instant, taken once.
const NOW = Date.now();
const hoursAgo = (h: number) => new Date(NOW - h * 3_600_000);
const MINUTE = 60_000;

const rss = `<?xml version="1.0"?><rss version="2.0"><channel><title>Wire</title>
<item><title>Wire: carrier group enters strait</title><link>https://wire.example/carrier</link><pubDate>${hoursAgo(1).toUTCString()}</pubDate></item>
<item><title>Wire &amp; co: tank deliveries slip</title><link>https://wire.example/tanks</link><pubDate>${hoursAgo(5).toUTCString()}</pubDate></item>
<item><title>No link here</title></item>
</channel></rss>`;
const atom = `<?xml version="1.0" encoding="utf-8"?><feed xmlns="http://www.w3.org/2005/Atom"><title>Gazette</title>
<entry><title type="html">Gazette: drone swarm test</title><link rel="alternate" href="https://gazette.example/drones"/><updated>${hoursAgo(3).toISOString()}</updated></entry>
<entry><title>Gazette repeats the carrier story</title><link href="https://wire.example/carrier"/><published>${hoursAgo(2).toISOString()}</published></entry>
</feed>`;

let feeds: Awaited<ReturnType<typeof startFakeServer>>;
/** Requests to /slow are held unanswered until the suite ends: only a timeout can get past them. */
const held: { end: () => void }[] = [];
let t: TestApp;
const logs: string[] = [];
const sink = logSink();
beforeAll(async () => {
  feeds = await startFakeServer(async (req, res) => {
    if (req.url?.startsWith("/rss")) res.setHeader("content-type", "application/rss+xml").end(rss);
    else if (req.url === "/atom") res.setHeader("content-type", "application/atom+xml").end(atom);
    else if (req.url === "/broken") res.writeHead(500).end("oops");
    else if (req.url === "/garbage") res.end("this is not xml at all {");
    else if (req.url === "/slow") held.push(res);
    else res.writeHead(404).end();
  });
  t = await createTestApp({ OUTBOUND_ALLOW_LOCAL: "true", TICKER_FEEDS: `Wire|${feeds.url}/rss, Gazette|${feeds.url}/atom, Broken|${feeds.url}/broken, Garbage|${feeds.url}/garbage`, LOG_LEVEL: "warn" }, [], { logDestination: sink.stream });
});
afterAll(async () => {
  for (const res of held) res.end();
  await t.close();
  await feeds.close();
});

test("merges our breaking articles with the feeds' headlines: de-duplicated, newest first, failing feeds skipped and logged", async () => {
  const own = await createArticle(t.services, { title: "Our breaking story", isBreaking: true, publishedAt: hoursAgo(4).toISOString() });
  await createArticle(t.services, { title: "Not breaking", isBreaking: false });
  const res = await t.api("GET", "/api/breaking-news/ticker");
  expect(res.status).toBe(200);
  expect(res.body.map((i: { title: string; source: string }) => [i.title, i.source])).toEqual([
    ["Wire: carrier group enters strait", "Wire"],
    ["Gazette: drone swarm test", "Gazette"],
    ["Our breaking story", "Defense Sentinel"],
    ["Wire & co: tank deliveries slip", "Wire"],
  ]);
  expect(res.body[2].link).toBe(`/article/${own.slug}`);
  expect(res.body[0]).toMatchObject({ link: "https://wire.example/carrier", publishedAt: expect.any(String) });
  expect(sink.messages().some((l) => l.includes('"Broken"') && l.includes("HTTP 500"))).toBe(true);
  expect(sink.messages().some((l) => l.includes('"Garbage"'))).toBe(true);
});

test("caches the feeds for five minutes", async () => {
  // A service of its own on a controlled clock: the cache's age is whatever the test sets.
  let now = NOW;
  const service = new TickerFeedService([{ name: "Wire", url: `${feeds.url}/rss?cache-test` }], { allowLocal: true, now: () => now });
  const asked = () => feeds.requests.filter((u) => u === "/rss?cache-test").length;
  expect((await service.items()).map((i) => i.source)).toEqual(["Wire", "Wire"]);
  expect(asked()).toBe(1);
  now += 5 * MINUTE;
  await service.items();
  await service.settled();
  expect(asked()).toBe(1);
  now += 1;
  await service.items();
  await service.settled();
  expect(asked()).toBe(2);
});

test("the app's ticker answers repeated reads from the cache", async () => {
  await t.api("GET", "/api/breaking-news/ticker");
  const before = feeds.requests.filter((u) => u === "/rss").length;
  expect(before).toBeGreaterThan(0);
  await t.api("GET", "/api/breaking-news/ticker");
  await t.api("GET", "/api/breaking-news/ticker");
  expect(feeds.requests.filter((u) => u === "/rss").length).toBe(before);
});

test("a slow feed is abandoned after the timeout and the others still show", async () => {
  const warnings: string[] = [];
  const service = new TickerFeedService(
    [
      { name: "Slow", url: `${feeds.url}/slow` },
      { name: "Gazette", url: `${feeds.url}/atom` },
    ],
    { timeoutMs: 200, allowLocal: true, log: (m) => warnings.push(m) },
  );
  // The slow feed never answers: that items() resolves at all shows the timeout gave up on it.
  const items = await service.items();
  expect(items.map((i) => i.source)).toEqual(["Gazette", "Gazette"]);
  expect(warnings.join()).toContain('"Slow"');
});

test("parses RSS 1.0 (RDF) and rejects documents that are not feeds", () => {
  const rdf = `<?xml version="1.0"?><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://purl.org/rss/1.0/" xmlns:dc="http://purl.org/dc/elements/1.1/">
<item><title>RDF headline</title><link>https://rdf.example/a</link><dc:date>2026-01-02T03:04:05Z</dc:date></item></rdf:RDF>`;
  expect(parseFeed(rdf, "RDF")).toEqual([{ title: "RDF headline", link: "https://rdf.example/a", publishedAt: "2026-01-02T03:04:05.000Z", source: "RDF" }]);
  expect(() => parseFeed("<html><body>nope</body></html>", "X")).toThrow("not an RSS or Atom document");
  // Only http(s) links are kept.
  expect(parseFeed('<rss><channel><item><title>x</title><link>javascript:alert(1)</link></item></channel></rss>', "X")).toEqual([]);
});

test("after the cache expires the old headlines are answered at once while one refresh runs in the background", async () => {
  let version = 1;
  // The first answer comes at once; later ones wait until the test opens the gate.
  let openGate!: () => void;
  const gate = new Promise<void>((resolve) => (openGate = resolve));
  const server = await startFakeServer(async (_req, res) => {
    const v = version;
    if (v > 1) await gate;
    res.end(`<rss><channel><item><title>Version ${v}</title><link>https://v.example/${v}</link></item></channel></rss>`);
  });
  let now = NOW;
  const service = new TickerFeedService([{ name: "V", url: server.url }], { ttlMs: 5 * MINUTE, allowLocal: true, log: (m) => void logs.push(m), now: () => now });
  expect((await service.items()).map((i) => i.title)).toEqual(["Version 1"]);
  version = 2;
  now += 6 * MINUTE;
  // The refresh cannot finish before the gate opens: this read answered without waiting for it.
  expect((await service.items()).map((i) => i.title)).toEqual(["Version 1"]);
  await service.items(); // no second refresh while one is running
  openGate();
  await service.settled();
  expect(server.requests).toHaveLength(2);
  // The refreshed headlines are fresh again: answered from the cache, no third request.
  expect((await service.items()).map((i) => i.title)).toEqual(["Version 2"]);
  await service.settled();
  expect(server.requests).toHaveLength(2);
  await server.close();
});
