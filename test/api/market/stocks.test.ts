import { createTestApp, type TestApp } from "../../helpers/testApp.js";
import { logSink } from "../../helpers/logSink.js";
import { startFakeServer } from "../../helpers/fakeServer.js";
import { StockService, parseStooqCsv } from "../../../src/services/stocks.js";

const CSV = "Date,Open,High,Low,Close,Volume\n2026-11-18,470,475,468,472.5,1000\n2026-11-19,472,480,471,478.0,1200\n2026-11-20,478,481,470,470.83,900\n";
type Mode = "ok" | "garbage" | "error" | "slow" | "empty";

let modes: Record<string, Mode> = {};
let quotes: Awaited<ReturnType<typeof startFakeServer>>;
let t: TestApp;
const sink = logSink();

beforeAll(async () => {
  quotes = await startFakeServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://x");
    if (url.pathname !== "/q/d/l/" || url.searchParams.get("apikey") !== "test-key") return void res.writeHead(401).end("Unauthorized");
    const mode = modes[url.searchParams.get("s") ?? ""] ?? "ok";
    if (mode === "ok") res.setHeader("content-type", "text/csv").end(CSV);
    else if (mode === "garbage") res.end("<html>Exceeded the daily hits limit</html>");
    else if (mode === "empty") res.end("Date,Open,High,Low,Close,Volume\n");
    else if (mode === "error") res.writeHead(503).end();
    else setTimeout(() => res.end(CSV), 1500);
  });
  t = await createTestApp({ OUTBOUND_ALLOW_LOCAL: "true", MARKET_DATA_URL: quotes.url, MARKET_DATA_API_KEY: "test-key", STOCK_SYMBOLS: "LMT:Lockheed Martin,RTX:RTX Corporation,BA:Boeing,NOC:Northrop Grumman,GD:General Dynamics", LOG_LEVEL: "warn" }, [], { logDestination: sink.stream });
  t.services.stocks.timeoutMs = 300;
});
afterAll(async () => {
  await t.close();
  await quotes.close();
});

test("before any fetch the endpoint answers []", async () => {
  const res = await t.api("GET", "/api/stocks/defense");
  expect(res.status).toBe(200);
  expect(res.body).toEqual([]);
});

test("fetches Stooq daily bars: price = last close, change = percent against the close before, asOf = the bar's date; bad symbols are skipped", async () => {
  modes = { "lmt.us": "ok", "rtx.us": "garbage", "ba.us": "error", "noc.us": "slow", "gd.us": "empty" };
  await t.services.stocks.refresh(true);
  const res = await t.api("GET", "/api/stocks/defense");
  expect(res.body).toEqual([{ symbol: "LMT", name: "Lockheed Martin", price: 470.83, change: -1.5, asOf: "2026-11-20T00:00:00.000Z" }]);
  const lmt = quotes.requests.find((u) => u.includes("s=lmt.us"))!;
  expect(lmt).toMatch(/^\/q\/d\/l\/\?s=lmt\.us&i=d&d1=\d{8}&apikey=test-key$/);
  expect(sink.messages().filter((w) => w.includes("kept the last good quote")).length).toBe(4);
});

test("fetches at most once a minute, also across a restart", async () => {
  const before = quotes.requests.length;
  await t.services.stocks.refresh();
  expect(quotes.requests.length).toBe(before);
  // A new instance (a restart, or a second app server) sees the stored fetch time.
  const restarted = new StockService(t.services.repos.stockQuotes, t.config, () => undefined);
  await restarted.refresh();
  expect(quotes.requests.length).toBe(before);
});

test("an outage keeps the last good quotes; a later good answer replaces them", async () => {
  modes = { "lmt.us": "error", "rtx.us": "ok", "ba.us": "garbage", "noc.us": "error", "gd.us": "error" };
  await t.services.stocks.refresh(true);
  const res = await t.api("GET", "/api/stocks/defense");
  expect(res.body.map((q: { symbol: string; price: number }) => [q.symbol, q.price])).toEqual([
    ["LMT", 470.83],
    ["RTX", 470.83],
  ]);
  // Configuration order, not fetch order.
  modes = {};
  await t.services.stocks.refresh(true);
  expect((await t.api("GET", "/api/stocks/defense")).body.map((q: { symbol: string }) => q.symbol)).toEqual(["LMT", "RTX", "BA", "NOC", "GD"]);
});

test("without an API key nothing is fetched and the answer is []", async () => {
  const noKey = await createTestApp({ OUTBOUND_ALLOW_LOCAL: "true", MARKET_DATA_URL: quotes.url });
  const before = quotes.requests.length;
  await noKey.services.stocks.refresh(true);
  expect(quotes.requests.length).toBe(before);
  expect((await noKey.api("GET", "/api/stocks/defense")).body).toEqual([]);
  await noKey.close();
});

test("the CSV parser sorts bars by date and refuses anything else", () => {
  expect(parseStooqCsv("Date,Open,High,Low,Close,Volume\n2026-01-02,1,1,1,11,1\n2026-01-01,1,1,1,10,1").map((b) => b.close)).toEqual([10, 11]);
  expect(() => parseStooqCsv("No data")).toThrow();
  expect(() => parseStooqCsv("Date,Close\n2026-01-01,abc")).toThrow("no daily bars");
});
