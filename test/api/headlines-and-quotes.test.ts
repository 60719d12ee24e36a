// The breaking-news ticker (our newest published breaking articles) and the stock panel (stored quotes).
import { StockQuote } from "../../src/entities/StockQuote.js";
import { createArticle } from "../helpers/factories.js";
import { createTestApp, type TestApp } from "../helpers/testApp.js";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SITE_NAME: "Ticker Times" });
});
afterAll(() => t.close());

test("GET /api/breaking-news/ticker answers published breaking articles newest first as {title, link, source, publishedAt}", async () => {
  expect((await t.api("GET", "/api/breaking-news/ticker")).body).toEqual([]);
  const older = await createArticle(t.services, { title: "Older breaking", isBreaking: true, publishedAt: new Date(Date.now() - 7_200_000).toISOString() });
  const newer = await createArticle(t.services, { title: "Newer breaking", isBreaking: true, publishedAt: new Date(Date.now() - 60_000).toISOString() });
  await createArticle(t.services, { title: "Not breaking" });
  await createArticle(t.services, { title: "Breaking draft", isBreaking: true, status: "draft" });
  await createArticle(t.services, { title: "Breaking scheduled", isBreaking: true, publishedAt: new Date(Date.now() + 3_600_000).toISOString() });
  const res = await t.api("GET", "/api/breaking-news/ticker");
  expect(res.status).toBe(200);
  expect(res.body).toEqual([
    { title: "Newer breaking", link: `/article/${newer.slug}`, source: "Ticker Times", publishedAt: newer.publishedAt },
    { title: "Older breaking", link: `/article/${older.slug}`, source: "Ticker Times", publishedAt: older.publishedAt },
  ]);
  expect(res.headers.get("cache-control")).toMatch(/public.*max-age=\d+/);
  expect(await (await t.caller()).ticker.list()).toEqual(res.body);
});

test("GET /api/stocks/defense answers [] with no stored quotes, then the stored quotes in configuration order", async () => {
  const res = await t.api("GET", "/api/stocks/defense");
  expect(res.status).toBe(200);
  expect(res.body).toEqual([]);
  expect(await (await t.caller()).stocks.defense()).toEqual([]);
  const asOf = new Date("2026-01-02T21:00:00.000Z");
  const repo = t.ds.getRepository(StockQuote);
  await repo.save(repo.create({ symbol: "RTX", name: "RTX Corporation", price: 120.5, change: -0.8, asOf, fetchedAt: asOf } as Partial<StockQuote>));
  await repo.save(repo.create({ symbol: "LMT", name: "Lockheed Martin", price: 455.25, change: 1.25, asOf, fetchedAt: asOf } as Partial<StockQuote>));
  const quotes = (await t.api("GET", "/api/stocks/defense")).body;
  expect(quotes.map((q: any) => q.symbol)).toEqual(["LMT", "RTX"]);
  expect(quotes[0]).toMatchObject({ symbol: "LMT", name: "Lockheed Martin", price: 455.25, change: 1.25, asOf: asOf.toISOString() });
});
