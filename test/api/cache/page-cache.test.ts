// The page cache over HTTP: every invalidation rule (the very next anonymous request shows the new state),
// nothing session-dependent shared, one render for concurrent misses, conditional requests, and a second
// instance sharing the database and Redis.
import { randomUUID } from "node:crypto";
import type { AddressInfo } from "node:net";
import { createDataSource } from "../../../src/dataSource.js";
import { createApp } from "../../../src/app.js";
import { RENDER_CONCURRENCY } from "../../../src/cache/pageCache.js";
import { createServices } from "../../../src/services/index.js";
import { installFeeds } from "../../../src/ssr/feeds.js";
import { createArticle, createApiKey } from "../../helpers/factories.js";
import { bearer } from "../../helpers/partner.js";
import { signInReader } from "../../helpers/readerSignIn.js";
import { needs, REDIS_URL } from "../../helpers/services.js";
import { createTestApp, type TestApp } from "../../helpers/testApp.js";

const redis = await needs("redis");
let t: TestApp;
let admin: string;

const titles = (body: { title: string }[]) => body.map((a) => a.title);
const get = (path: string, headers: Record<string, string> = {}) => t.api("GET", path, { headers });

beforeAll(async () => {
  t = await createTestApp({}, (services) => [(app) => installFeeds(app, services)]);
  admin = await t.login();
});
afterAll(() => t.close());

test("a second anonymous read is a hit with an ETag; If-None-Match gives 304; gzip when asked", async () => {
  await createArticle(t.services, { title: "Cached story", category: "air" });
  const first = await get("/api/articles?category=air");
  const second = await get("/api/articles?category=air", { "accept-encoding": "gzip" });
  expect([first.headers.get("x-cache"), second.headers.get("x-cache")]).toEqual(["MISS", "HIT"]);
  expect(second.body).toEqual(first.body);
  expect(second.headers.get("x-total-count")).toBe(first.headers.get("x-total-count"));
  const etag = second.headers.get("etag")!;
  expect(etag).toMatch(/^"[\w-]+"$/);
  const conditional = await get("/api/articles?category=air", { "if-none-match": etag });
  expect(conditional.status).toBe(304);
  expect(conditional.text).toBe("");
});

test("a suggestions miss is rendered without trpc-to-openapi's Request, answering as the handler does: body, headers, errors", async () => {
  await createArticle(t.services, { title: "Direct convoy story" });
  const urls = ["/api/search/suggest?q=conv", "/api/search/suggest?q=direct+conv&v=1", "/api/search/suggest?q=", "/api/search/suggest?q=conv&q=dir", `/api/search/suggest?q=${"x".repeat(201)}`, "/api/search/suggest", "/api/search/suggest?__proto__=x&q=conv"];
  const made = { requests: 0 };
  const Original = globalThis.Request;
  globalThis.Request = class extends Original {
    constructor(...args: ConstructorParameters<typeof Request>) {
      super(...args);
      made.requests++;
    }
  };
  const anonymous = [];
  try {
    for (const url of urls.slice(0, 2)) {
      const res = await get(url);
      expect([url, res.headers.get("x-cache"), made.requests]).toEqual([url, "MISS", 0]);
      anonymous.push(res);
    }
    for (const url of urls.slice(2)) anonymous.push(await get(url));
  } finally {
    globalThis.Request = Original;
  }
  // The handler's own answers: a staff session's reads go through Express's REST route, apart from the cache.
  for (const [i, url] of urls.entries()) {
    const handler = await get(url, { cookie: admin });
    const fields = (res: typeof handler) => [url, res.status, res.text, ...["content-type", "cache-control", "etag"].map((name) => res.headers.get(name))];
    expect(fields(anonymous[i])).toEqual(fields(handler));
  }
  // A parameter named __proto__ is refused before the handler (its query parsing threw on it), the same on both doors.
  expect(anonymous.map((res) => res.status)).toEqual([200, 200, 200, 400, 400, 400, 400]);
  expect(anonymous[0].body).toEqual([{ title: "Direct convoy story", slug: expect.any(String) }]);
});

test("publishing, editing, unpublishing and deleting an article show at once in every list, page answer and feed", async () => {
  const reads = ["/api/articles", "/api/article-cards?category=sea", "/api/home", "/api/article-cards?q=frigate", "/rss.xml", "/sitemap-articles-1.xml"];
  for (const path of reads) await get(path);
  const article = await createArticle(t.services, { title: "Frigate contract signed", slug: "frigate-contract", category: "sea", isBreaking: true });
  const has = async (needle: string) => Promise.all(reads.map(async (path) => [path, (await get(path)).text.includes(needle)]));
  expect(await has("Frigate contract signed")).toEqual(reads.map((p) => [p, p !== "/sitemap-articles-1.xml"]));
  expect((await get("/sitemap-articles-1.xml")).text).toContain("/article/frigate-contract");
  expect((await get("/api/articles/slug/frigate-contract")).body.title).toBe("Frigate contract signed");
  expect((await get("/api/breaking-news/ticker")).text).toContain("Frigate contract signed");

  await t.api("PUT", `/api/articles/${article.id}`, { cookie: admin, body: { title: "Frigate contract revised" } });
  expect(await has("Frigate contract revised")).toEqual(reads.map((p) => [p, p !== "/sitemap-articles-1.xml"]));
  expect((await get("/api/articles/slug/frigate-contract")).body.title).toBe("Frigate contract revised");
  expect((await get("/api/breaking-news/ticker")).text).toContain("Frigate contract revised");

  await t.api("PUT", `/api/articles/${article.id}`, { cookie: admin, body: { status: "draft" } });
  expect(await has("Frigate contract revised")).toEqual(reads.map((p) => [p, false]));
  expect((await get("/api/articles/slug/frigate-contract")).status).toBe(404);
  expect((await get("/api/breaking-news/ticker")).text).not.toContain("Frigate contract");
  expect((await get("/sitemap-articles-1.xml")).text).not.toContain("/article/frigate-contract");

  await t.api("PUT", `/api/articles/${article.id}`, { cookie: admin, body: { status: "published" } });
  expect((await get("/api/articles/slug/frigate-contract")).status).toBe(200);
  await t.api("DELETE", `/api/articles/${article.id}`, { cookie: admin });
  expect(await has("Frigate contract")).toEqual(reads.map((p) => [p, false]));
  expect((await get("/api/articles/slug/frigate-contract")).status).toBe(404);
});

test("an edit drops only what it affects: another category's cached list stays a hit", async () => {
  const land = await createArticle(t.services, { title: "Land story", category: "land" });
  await get("/api/article-cards?category=intelligence");
  await get("/api/article-cards?category=land");
  await t.api("PUT", `/api/articles/${land.id}`, { cookie: admin, body: { excerpt: "New excerpt for the land story." } });
  expect((await get("/api/article-cards?category=intelligence")).headers.get("x-cache")).toBe("HIT");
  const landList = await get("/api/article-cards?category=land");
  expect(landList.headers.get("x-cache")).toBe("MISS");
  expect(landList.body.find((a: { id: number }) => a.id === land.id).excerpt).toBe("New excerpt for the land story.");
});

test("a scheduled article appears in cached lists the moment its time comes", async () => {
  await get("/api/article-cards?category=politics");
  const appeared = new Promise<void>((resolve) => t.services.events.on((change) => (change.type === "article" && change.before === null && change.after?.slug === "scheduled-story" && change.after.publishedAt!.getTime() <= Date.now() ? resolve() : undefined)));
  const stop = t.services.scheduledPublishing.start();
  try {
    await createArticle(t.services, { title: "Scheduled story", slug: "scheduled-story", category: "politics", publishedAt: new Date(Date.now() + 1500).toISOString() });
    expect(titles((await get("/api/article-cards?category=politics")).body)).not.toContain("Scheduled story");
    await appeared;
    expect(titles((await get("/api/article-cards?category=politics")).body)).toContain("Scheduled story");
  } finally {
    stop();
  }
});

test("approving, rejecting and deleting comments show at once in the article's comments", async () => {
  const article = await createArticle(t.services);
  const list = async () => (await get(`/api/articles/${article.id}/comments`)).body.map((c: { content: string }) => c.content);
  expect(await list()).toEqual([]);
  const posted = await t.api("POST", `/api/articles/${article.id}/comments`, { body: { authorName: "Ann", authorEmail: "ann@example.com", content: "A sound analysis of the contract." } });
  expect(await list()).toEqual(["A sound analysis of the contract."]);
  await t.api("PUT", `/api/admin/comments/${posted.body.id}`, { cookie: admin, body: { status: "rejected" } });
  expect(await list()).toEqual([]);
  await t.api("PUT", `/api/admin/comments/${posted.body.id}`, { cookie: admin, body: { status: "approved" } });
  expect(await list()).toEqual(["A sound analysis of the contract."]);
  await t.api("DELETE", `/api/admin/comments/${posted.body.id}`, { cookie: admin });
  expect(await list()).toEqual([]);
});

test("editing a static page or a business contact shows at once", async () => {
  await get("/api/pages/about");
  await get("/api/pages");
  await t.api("PUT", "/api/pages/about", { cookie: admin, body: { title: "About us", content: "# Who we are $& $` $1" } });
  expect((await get("/api/pages/about")).body.title).toBe("About us");
  expect((await get("/api/pages")).body.find((p: { id: string }) => p.id === "about").content).toBe("# Who we are $& $` $1");
  expect((await get("/api/business-contacts")).body).toEqual([]);
  await t.api("POST", "/api/business-contacts", { cookie: admin, body: { label: "Press Desk", email: "press@example.com" } });
  expect((await get("/api/business-contacts")).body.map((c: { label: string }) => c.label)).toEqual(["Press Desk"]);
});

test("new quotes and new ticker headlines drop the answers that show them", async () => {
  await get("/api/stocks/defense");
  await get("/api/breaking-news/ticker");
  const before = (await get("/api/stocks/defense")).headers.get("x-cache");
  await t.services.events.emit({ type: "stocks" });
  await t.services.events.emit({ type: "ticker" });
  expect([before, (await get("/api/stocks/defense")).headers.get("x-cache"), (await get("/api/breaking-news/ticker")).headers.get("x-cache")]).toEqual(["HIT", "MISS", "MISS"]);
});

test("answers that depend on a session are never stored nor served from the shared cache", async () => {
  await t.api("POST", "/api/business-contacts", { cookie: admin, body: { label: "Hidden Desk", email: "hidden@example.com", isActive: false } });
  const asAdmin = await t.api("GET", "/api/business-contacts", { cookie: admin });
  expect(asAdmin.headers.get("x-cache")).toBeNull();
  expect(asAdmin.body.map((c: { label: string }) => c.label)).toContain("Hidden Desk");
  const anonymous = await get("/api/business-contacts");
  expect(anonymous.body.map((c: { label: string }) => c.label)).not.toContain("Hidden Desk");
  const adminAgain = await t.api("GET", "/api/business-contacts", { cookie: admin });
  expect(adminAgain.body.map((c: { label: string }) => c.label)).toContain("Hidden Desk");
  // A private answer asked anonymously is passed on, never stored.
  const status = await get("/api/admin/status");
  expect([status.headers.get("x-cache"), status.headers.get("cache-control")]).toEqual(["BYPASS", expect.stringContaining("private")]);
});

test("concurrent misses for one key render once", async () => {
  await createArticle(t.services, { title: "Surge story", category: "security", isBreaking: true });
  const original = t.services.articles.homePage.bind(t.services.articles);
  let renders = 0;
  t.services.articles.homePage = async () => {
    renders++;
    return original();
  };
  try {
    const answers = await Promise.all(Array.from({ length: 40 }, () => get("/api/home")));
    expect(renders).toBe(1);
    expect(new Set(answers.map((a) => a.text)).size).toBe(1);
    expect(answers.every((a) => a.status === 200)).toBe(true);
  } finally {
    t.services.articles.homePage = original;
  }
});

/** Counts the renders of card lists (how many run at once, the most at once, all), holding each until released. */
function holdCardRenders() {
  const original = t.services.articles.listPublishedCards.bind(t.services.articles);
  const renders = { running: 0, most: 0, total: 0 };
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  t.services.articles.listPublishedCards = async (...args) => {
    renders.total++;
    renders.most = Math.max(renders.most, ++renders.running);
    try {
      await gate;
      return await original(...args);
    } finally {
      renders.running--;
    }
  };
  const until = async (running: number) => {
    while (renders.running < running) await new Promise((resolve) => setTimeout(resolve, 5));
  };
  return { renders, release, until, restore: () => ((t.services.articles.listPublishedCards = original), release()) };
}

test("a flood of distinct uncached URLs renders at most RENDER_CONCURRENCY at a time without holding up other pages, and every request is answered", async () => {
  const { renders, release, until, restore } = holdCardRenders();
  try {
    const flood = Promise.all(Array.from({ length: 30 }, (_, i) => get(`/api/article-cards?q=flood${i}`)));
    await until(RENDER_CONCURRENCY);
    // Every search slot is held: a page without a query string has slots of its own and is answered meanwhile.
    const article = await createArticle(t.services, { title: "Not held up", category: "land" });
    expect((await get(`/api/articles/slug/${article.slug}`)).status).toBe(200);
    expect(renders.running).toBe(RENDER_CONCURRENCY);
    release();
    const answers = await flood;
    expect(answers.every((a) => a.status === 200 && a.headers.get("x-cache") === "MISS")).toBe(true);
    expect(renders.most).toBe(RENDER_CONCURRENCY);
  } finally {
    restore();
  }
});

test("a suggestions miss, made from memory, is answered while every render slot of a flood is held (issue 27's suggestions tail)", async () => {
  await createArticle(t.services, { title: "Held harbour convoy" });
  const { renders, release, until, restore } = holdCardRenders();
  try {
    const flood = Promise.all(Array.from({ length: 2 * RENDER_CONCURRENCY }, (_, i) => get(`/api/article-cards?q=held${i}`)));
    await until(RENDER_CONCURRENCY);
    // A key with a query string, as the flood's: before, it waited for one of their slots (and a turn) to be rendered.
    const suggestion = await Promise.race([get("/api/search/suggest?q=harb"), new Promise<"still waiting">((resolve) => setTimeout(() => resolve("still waiting"), 3000))]);
    expect(suggestion === "still waiting" ? suggestion : [suggestion.status, suggestion.headers.get("x-cache"), suggestion.body]).toEqual([200, "MISS", [expect.objectContaining({ title: "Held harbour convoy" })]]);
    expect(renders.running).toBe(RENDER_CONCURRENCY);
    release();
    expect((await flood).every((a) => a.status === 200)).toBe(true);
  } finally {
    restore();
  }
});

test("a cookie or an Authorization header that authenticates nobody gets the shared answer: no render of its own", async () => {
  await createArticle(t.services, { title: "Junk header story", category: "politics" });
  const url = "/api/article-cards?category=politics";
  expect((await get(url)).headers.get("x-cache")).toMatch(/MISS|HIT/);
  const { renders, release, restore } = holdCardRenders();
  release();
  try {
    const junk = [
      { cookie: "ds_session=junk" },
      { cookie: "reader_session=junk; admin_session=x; any_session=y; theme=dark" },
      { cookie: `ds_session=${"a".repeat(500)}` },
    ];
    for (const headers of junk) {
      const res = await get(url, headers);
      expect([headers, res.status, res.headers.get("x-cache")]).toEqual([headers, 200, "HIT"]);
    }
    // Pages do not read partner keys: any Authorization header gets the shared page.
    await get("/rss.xml");
    for (const authorization of ["Bearer junk", "Basic YTpi", `Bearer ${"x".repeat(300)}`]) expect((await get("/rss.xml", { authorization })).headers.get("x-cache")).toBe("HIT");
    // The API checks a key: an invalid one is refused there, without rendering anything.
    const refused = await get(url, { authorization: "Bearer junk" });
    expect([refused.status, refused.headers.get("x-cache")]).toEqual([401, null]);
    expect(renders.total).toBe(0);
  } finally {
    restore();
  }
});

test("a valid session or key is answered apart from the shared cache, through the same render limit", async () => {
  const reader = await signInReader(t, `cache-reader-${Date.now().toString(36)}@example.com`);
  const { key } = await createApiKey(t, admin, ["content:read"]);
  const own = [{ cookie: admin }, { cookie: reader }, bearer(key)];
  await get("/api/article-cards?category=land");
  for (const headers of own) {
    const res = await get("/api/article-cards?category=land", headers);
    expect([headers, res.status, res.headers.get("x-cache")]).toEqual([headers, 200, null]);
  }
  // Sessions' and keys' renders, and anonymous misses, queue for the same slots.
  const { renders, release, until, restore } = holdCardRenders();
  try {
    const flood = Promise.all(Array.from({ length: 24 }, (_, i) => get(`/api/article-cards?q=limited${i}`, i % 4 === 3 ? {} : own[i % 4])));
    await until(RENDER_CONCURRENCY);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(renders.running).toBe(RENDER_CONCURRENCY);
    release();
    const answers = await flood;
    expect(answers.map((a) => a.status)).toEqual(Array(24).fill(200));
    expect(renders.most).toBe(RENDER_CONCURRENCY);
    expect(renders.total).toBe(24);
  } finally {
    restore();
  }
});

redis.test("a second instance sharing the database and Redis never shows what the first one changed", async () => {
  const env = { REDIS_URL, REDIS_PREFIX: `test-${randomUUID()}:` };
  const a = await createTestApp(env);
  const ds = createDataSource(a.config);
  await ds.initialize();
  const servicesB = createServices(ds, a.config);
  const appB = await createApp(servicesB);
  const serverB = appB.listen(0, "127.0.0.1");
  await new Promise((resolve) => serverB.once("listening", resolve));
  const baseB = `http://127.0.0.1:${(serverB.address() as AddressInfo).port}`;
  const readB = async (path: string) => {
    const res = await fetch(baseB + path);
    return { cache: res.headers.get("x-cache"), body: await res.json() };
  };
  try {
    // B subscribes to Redis a moment after it starts, and hears A's changes only from then on. A change it heard after
    // storing the list below would drop it (rightly), and the read expecting B's stored copy would miss: B must have
    // heard of the new article first.
    const bHears = (type: string) => new Promise<void>((resolve) => servicesB.events.on((change, origin) => (origin === "remote" && change.type === type ? resolve() : undefined)));
    const subscribed = bHears("contacts");
    let listening = false;
    void subscribed.then(() => (listening = true));
    while (!listening) {
      await a.services.events.emit({ type: "contacts" });
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const created = bHears("article");
    const story = await createArticle(a.services, { title: "Shared story", category: "sea" });
    await created;
    expect((await readB("/api/article-cards?category=sea")).cache).toBe("MISS");
    expect((await readB("/api/article-cards?category=sea")).cache).toBe("HIT");
    // Instance A reads the copy B stored: the store is shared.
    expect((await a.api("GET", "/api/article-cards?category=sea")).headers.get("x-cache")).toBe("HIT");
    const adminA = await a.login();
    await a.api("PUT", `/api/articles/${story.id}`, { cookie: adminA, body: { title: "Shared story, updated" } });
    expect(titles((await readB("/api/article-cards?category=sea")).body)).toEqual(["Shared story, updated"]);
    // Changes reach the other instance's listeners too.
    const deleted = bHears("article");
    await a.api("DELETE", `/api/articles/${story.id}`, { cookie: adminA });
    await deleted;
    expect((await readB("/api/article-cards?category=sea")).body).toEqual([]);
  } finally {
    await new Promise((resolve) => serverB.close(resolve));
    await servicesB.close();
    await ds.destroy();
    await a.close();
  }
});
