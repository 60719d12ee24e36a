// Finding 7: outgoing fetches (ticker feeds, market data) go through one guarded helper: byte cap while
// streaming (gzip bombs), timeout, at most 3 redirects, no private/loopback/metadata addresses unless
// OUTBOUND_ALLOW_LOCAL, https when a key is sent.
import zlib from "node:zlib";
import { isBlockedAddress, safeFetch } from "../../../src/lib/safeFetch.js";
import { startFakeServer } from "../../helpers/fakeServer.js";
import { createTestApp } from "../../helpers/testApp.js";

const RSS = `<?xml version="1.0"?><rss version="2.0"><channel><title>W</title><item><title>Local headline</title><link>https://wire.example.com/a</link></item></channel></rss>`;
// 100 MB of zeros, about 100 KB gzipped
const BOMB = zlib.gzipSync(Buffer.alloc(100 * 1024 * 1024), { level: 1 });

let server: Awaited<ReturnType<typeof startFakeServer>>;
beforeAll(async () => {
  server = await startFakeServer((req, res) => {
    const hops = /^\/hop\/(\d+)$/.exec(req.url ?? "");
    if (hops) {
      const n = Number(hops[1]);
      if (n === 0) return void res.writeHead(200, { "content-type": "application/rss+xml" }).end(RSS);
      return void res.writeHead(302, { location: `/hop/${n - 1}` }).end();
    }
    if (req.url === "/bomb") return void res.writeHead(200, { "content-type": "application/rss+xml", "content-encoding": "gzip" }).end(BOMB);
    if (req.url === "/hang") return; // never answers
    if (req.url === "/to-file") return void res.writeHead(302, { location: "file:///etc/passwd" }).end();
    res.writeHead(200, { "content-type": "application/rss+xml" }).end(RSS);
  });
});
afterAll(() => server.close());

const local = { timeoutMs: 5000, maxBytes: 1024 * 1024, allowLocal: true };

test("a gzip bomb is refused while it inflates, past the byte cap", async () => {
  // A generous deadline, so that on a busy machine the byte cap, not the clock, is what stops it.
  await expect(safeFetch(`${server.url}/bomb`, { ...local, timeoutMs: 30_000 })).rejects.toThrow(/too large/);
});

test("up to 3 redirects are followed, a 4th is refused; a redirect to a non-http scheme is refused", async () => {
  expect((await safeFetch(`${server.url}/hop/3`, local)).text).toContain("Local headline");
  await expect(safeFetch(`${server.url}/hop/4`, local)).rejects.toThrow(/too many redirects/);
  await expect(safeFetch(`${server.url}/to-file`, local)).rejects.toThrow(/only http/);
});

test("a source that never answers is abandoned at the timeout", async () => {
  await expect(safeFetch(`${server.url}/hang`, { ...local, timeoutMs: 300 })).rejects.toThrow(/timed out/);
});

test("without OUTBOUND_ALLOW_LOCAL loopback, private and metadata addresses are refused before any connection", async () => {
  const before = server.requests.length;
  const strict = { ...local, allowLocal: false };
  await expect(safeFetch(`${server.url}/rss`, strict)).rejects.toThrow(/private or local/);
  await expect(safeFetch(server.url.replace("127.0.0.1", "localhost") + "/rss", strict)).rejects.toThrow(/private or local/);
  await expect(safeFetch("http://169.254.169.254/latest/meta-data/", strict)).rejects.toThrow(/private or local/);
  await expect(safeFetch("http://[::1]:9/", strict)).rejects.toThrow(/private or local/);
  await expect(safeFetch("http://[::ffff:10.0.0.1]/", strict)).rejects.toThrow(/private or local/);
  expect(server.requests.length).toBe(before);
  for (const a of ["10.1.2.3", "172.16.0.1", "192.168.1.1", "127.0.0.1", "169.254.169.254", "100.64.0.1", "0.0.0.0", "fd00:ec2::254", "fe80::1", "::1", "::ffff:127.0.0.1"]) expect([a, isBlockedAddress(a)]).toEqual([a, true]);
  for (const a of ["93.184.216.34", "2606:4700::1111"]) expect([a, isBlockedAddress(a)]).toEqual([a, false]);
});

test("a request carrying a key needs https", async () => {
  await expect(safeFetch("http://quotes.example.com/q?apikey=x", { ...local, allowLocal: false, carriesKey: true })).rejects.toThrow(/must use https/);
});

test("the running app: a ticker feed on a local address is not fetched without OUTBOUND_ALLOW_LOCAL; a bomb feed is skipped with it", async () => {
  const strict = await createTestApp({ TICKER_FEEDS: `Local|${server.url}/rss` });
  try {
    const before = server.requests.length;
    const res = await strict.api("GET", "/api/breaking-news/ticker");
    expect(res.status).toBe(200);
    expect(res.text).not.toContain("Local headline");
    expect(server.requests.length).toBe(before);
  } finally {
    await strict.close();
  }
  const allowed = await createTestApp({ OUTBOUND_ALLOW_LOCAL: "true", TICKER_FEEDS: `Bomb|${server.url}/bomb, Local|${server.url}/hop/1` });
  try {
    const res = await allowed.api("GET", "/api/breaking-news/ticker");
    expect(res.status).toBe(200);
    expect(res.text).toContain("Local headline");
  } finally {
    await allowed.close();
  }
});
