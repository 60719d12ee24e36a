// What partners read with: per-key limits shared by every instance (Redis, or the database without it),
// conditional requests (ETag and Last-Modified → 304), incremental sync with updatedSince, and cursor paging
// over a large archive.
import { randomUUID } from "node:crypto";
import { Article } from "../../../src/entities/Article.js";
import { createArticle, createApiKey } from "../../helpers/factories.js";
import { bearer, secondInstance } from "../../helpers/partner.js";
import { needs, REDIS_URL } from "../../helpers/services.js";
import { createTestApp, type TestApp } from "../../helpers/testApp.js";

const redis = await needs("redis");

/** The limits' tests, against Redis or the database (env of the two instances). */
const perKeyLimits = (env: Record<string, string>) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ API_KEY_RATE_LIMIT: "5", ...env });
  });
  afterAll(() => t.close());

  test("RateLimit headers count down across both instances; past the budget both answer 429 with Retry-After", async () => {
    const other = await secondInstance(t);
    try {
      const { key } = await createApiKey(t, await t.login(), ["content:read"]);
      const other2 = await createApiKey(t, await t.login(), ["content:read"]);
      const remaining: number[] = [];
      for (let i = 0; i < 5; i++) {
        const res = i % 2 ? await other.fetch("/api/articles?limit=1", { headers: bearer(key) }) : await fetch(`${t.baseUrl}/api/articles?limit=1`, { headers: bearer(key) });
        expect(res.status).toBe(200);
        expect(res.headers.get("ratelimit-limit")).toBe("5");
        const reset = Number(res.headers.get("ratelimit-reset"));
        expect(reset).toBeGreaterThan(0);
        expect(reset).toBeLessThanOrEqual(60);
        remaining.push(Number(res.headers.get("ratelimit-remaining")));
      }
      expect(remaining).toEqual([4, 3, 2, 1, 0]);
      for (const res of [await other.fetch("/api/articles", { headers: bearer(key) }), await fetch(`${t.baseUrl}/api/trpc/articles.home`, { headers: bearer(key) })]) {
        expect(res.status).toBe(429);
        expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
        expect(res.headers.get("ratelimit-remaining")).toBe("0");
        expect(JSON.stringify(await res.json())).toMatch(/5 requests per minute/);
      }
      // another key has its own budget; anonymous readers are not counted against keys
      expect((await fetch(`${t.baseUrl}/api/articles?limit=1`, { headers: bearer(other2.key) })).headers.get("ratelimit-remaining")).toBe("4");
      expect((await fetch(`${t.baseUrl}/api/articles?limit=1`)).status).toBe(200);
    } finally {
      await other.close();
    }
  });
};

redis.describe("per-key limits shared by two instances through Redis", () => perKeyLimits({ REDIS_URL, REDIS_PREFIX: `partner:${randomUUID()}:` }));
describe("per-key limits shared by two instances through the database", () => perKeyLimits({}));

describe("conditional and incremental reads", () => {
  let t: TestApp;
  let key: string;
  beforeAll(async () => {
    t = await createTestApp();
    key = (await createApiKey(t, await t.login(), ["content:read"])).key;
  });
  afterAll(() => t.close());

  test("ETag and Last-Modified on public GETs; If-None-Match and If-Modified-Since answer 304, for readers and for keys", async () => {
    const article = await createArticle(t.services, { title: "Conditional reads" });
    const url = `/api/articles/slug/${article.slug}`;
    for (const headers of [{}, bearer(key)]) {
      const first = await t.api("GET", url, { headers });
      expect(first.status).toBe(200);
      const etag = first.headers.get("etag")!;
      const lastModified = first.headers.get("last-modified")!;
      expect(etag).toMatch(/^"/);
      expect(new Date(lastModified).getTime()).toBe(Math.floor(new Date(article.updatedAt).getTime() / 1000) * 1000);
      expect((await t.api("GET", url, { headers: { ...headers, "if-none-match": etag } })).status).toBe(304);
      expect((await t.api("GET", url, { headers: { ...headers, "if-modified-since": lastModified } })).status).toBe(304);
      expect((await t.api("GET", url, { headers: { ...headers, "if-modified-since": new Date(Date.parse(lastModified) - 1000).toUTCString() } })).status).toBe(200);
      // If-None-Match wins over If-Modified-Since
      expect((await t.api("GET", url, { headers: { ...headers, "if-none-match": '"other"', "if-modified-since": lastModified } })).status).toBe(200);
    }
    // an edit changes both validators
    const before = await t.api("GET", url);
    await new Promise((r) => setTimeout(r, 1100));
    await t.services.articles.update({ id: article.id, excerpt: "Edited excerpt" });
    for (const headers of [{ "if-none-match": before.headers.get("etag")! }, { "if-modified-since": before.headers.get("last-modified")! }] as Record<string, string>[]) {
      const res = await t.api("GET", url, { headers });
      expect(res.status).toBe(200);
      expect(res.body.excerpt).toBe("Edited excerpt");
    }
    // lists carry Last-Modified too (when they were rendered; any change renders them again)
    const list = await t.api("GET", "/api/articles?limit=3");
    expect(list.headers.get("last-modified")).not.toBeNull();
    expect((await t.api("GET", "/api/articles?limit=3", { headers: { "if-modified-since": list.headers.get("last-modified")! } })).status).toBe(304);
  });

  test("updatedSince returns the articles edited or gone live since then, newest first, and the next page keeps the filter", async () => {
    const repo = t.ds.getRepository(Article);
    const old = await createArticle(t.services, { title: "Untouched since last week" });
    const edited = await createArticle(t.services, { title: "Edited today" });
    const scheduled = await createArticle(t.services, { title: "Went live today" });
    const lastWeek = new Date(Date.now() - 7 * 86_400_000);
    await repo.update({ id: old.id }, { updatedAt: lastWeek, publishedAt: lastWeek });
    await repo.update({ id: edited.id }, { updatedAt: new Date(Date.now() - 60_000), publishedAt: lastWeek });
    // scheduled long ago, untouched since: it went live a minute ago
    await repo.update({ id: scheduled.id }, { updatedAt: lastWeek, publishedAt: new Date(Date.now() - 60_000) });
    const since = new Date(Date.now() - 3600_000).toISOString();
    const res = await t.api("GET", `/api/articles?updatedSince=${encodeURIComponent(since)}&limit=100`, { headers: bearer(key) });
    expect(res.status).toBe(200);
    const ids = res.body.map((a: any) => a.id);
    expect(ids).toContain(edited.id);
    expect(ids).toContain(scheduled.id);
    expect(ids).not.toContain(old.id);
    expect(Number(res.headers.get("x-total-count"))).toBe(ids.length);
    const paged = await t.api("GET", `/api/articles?updatedSince=${encodeURIComponent(since)}&limit=1`);
    expect(paged.headers.get("link")).toContain(`updatedSince=${encodeURIComponent(since)}`);
    for (const bad of ["yesterday", "2026-13-01T00:00:00Z"]) {
      const refused = await t.api("GET", `/api/articles?updatedSince=${bad}`);
      expect(refused.status).toBe(400);
      expect(refused.body.message).toMatch(/updatedSince/);
    }
    expect((await t.api("GET", `/api/articles?q=edited&updatedSince=${encodeURIComponent(since)}`)).status).toBe(400);
  });
});

describe("cursor paging over a large archive", () => {
  let t: TestApp;
  const N = 1500;
  beforeAll(async () => {
    t = await createTestApp();
    const base = Date.now() - N * 60_000;
    const rows = Array.from({ length: N }, (_, i) => ({
      slug: `archive-${i}`,
      title: `Archive piece ${i}`,
      excerpt: "Excerpt",
      content: "Body",
      contentHtml: "<p>Body</p>",
      headings: "[]",
      author: "Staff",
      category: i % 2 ? "land" : "sea",
      contentTier: "news_brief",
      status: "published",
      // pairs share a publication time, so the cursor's id tiebreak is exercised
      publishedAt: new Date(base + Math.floor(i / 2) * 60_000),
    }));
    for (let i = 0; i < N; i += 250) await t.ds.getRepository(Article).insert(rows.slice(i, i + 250));
  }, 120_000);
  afterAll(() => t.close());

  test.each(["/api/articles", "/api/article-cards"])("%s: following Link rel=next visits every article once, newest first", async (path) => {
    const seen: number[] = [];
    let lastTime = Infinity;
    let url: string | null = `${path}?limit=100`;
    let pages = 0;
    while (url) {
      const res: { status: number; headers: Headers; body: any } = await t.api("GET", url);
      expect(res.status).toBe(200);
      for (const a of res.body) {
        const time = Date.parse(a.publishedAt);
        expect(time).toBeLessThanOrEqual(lastTime);
        lastTime = time;
        seen.push(a.id);
      }
      pages++;
      url = /<([^>]+)>; rel="next"/.exec(res.headers.get("link") ?? "")?.[1] ?? null;
      if (url) expect(url).toMatch(/cursor=/);
    }
    expect(pages).toBe(N / 100);
    expect(seen).toHaveLength(N);
    expect(new Set(seen).size).toBe(N);
  });

  test("a forged cursor is a 400; cursor and offset together are a 400; page sizes are capped at 100", async () => {
    expect((await t.api("GET", "/api/articles?cursor=bm90LWEtY3Vyc29y")).status).toBe(400);
    const first = await t.api("GET", "/api/articles?limit=10");
    const next = /<([^>]+)>/.exec(first.headers.get("link")!)![1];
    expect((await t.api("GET", `${next}&offset=5`)).status).toBe(400);
    expect((await t.api("GET", "/api/articles?limit=101")).status).toBe(400);
  });
});
