// The breaking-news ticker (our newest published breaking articles) and the stock panel (none fetched yet: []).
import { createArticle } from "../../helpers/factories.js";
import { useTestApp } from "../../helpers/testApp.js";

const t = useTestApp({ SITE_NAME: "Ticker Times" });

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

test("GET /api/stocks/defense answers [] while no quote was ever fetched", async () => {
  const res = await t.api("GET", "/api/stocks/defense");
  expect(res.status).toBe(200);
  expect(res.body).toEqual([]);
  expect(res.headers.get("cache-control")).toMatch(/public.*max-age=\d+/);
  expect(await (await t.caller()).stocks.defense()).toEqual([]);
});
