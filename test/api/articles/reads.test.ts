// The article calls that read, through REST and through a tRPC caller: the list and its search and filters, by slug
// and by id, the home page, and the administrator's list. (The writes are in writes.test.ts.)
import { articleInput } from "../../helpers/factories.js";
import { createTestApp, type TestApp } from "../../helpers/testApp.js";
import { ARTICLE_KEYS, CARD_KEYS, HOUR, SITE_NAME, ago, ahead, createThroughRest, startArticleApp } from "./contract.js";

let t: TestApp;
let cookie: string;
beforeAll(async () => ({ t, cookie } = await startArticleApp()));
afterAll(() => t.close());

const create = (body: Record<string, unknown>) => createThroughRest(t, cookie, body);

describe("GET /api/articles (list) and reads", () => {
  let tag: string;
  let items: Record<string, any>[];
  beforeAll(async () => {
    tag = `zq${Date.now().toString(36)}`;
    // Six published articles with distinct times, plus hidden ones that must never show.
    items = [];
    const specs = [
      { category: "land", isBreaking: true, title: `Alpha ${tag}` },
      { category: "land", isBreaking: false, title: "Bravo", content: `body mentions ${tag.toUpperCase()}` },
      { category: "sea", isBreaking: false, title: "Charlie", excerpt: `excerpt ${tag}` },
      { category: "sea", isBreaking: true, title: `Delta ${tag}` },
      { category: "air", isBreaking: false, title: `Echo ${tag}` },
      { category: "politics", isBreaking: false, title: `Foxtrot ${tag}` },
    ];
    for (const [i, s] of specs.entries()) {
      items.push(await create({ content: `plain ${i}`, ...s, publishedAt: ago((10 - i) * HOUR + 365 * 24 * HOUR) }));
    }
    await create({ title: `Hidden draft ${tag}`, content: "c", status: "draft", category: "land" });
    await create({ title: `Hidden archived ${tag}`, content: "c", status: "archived", category: "land" });
    await create({ title: `Hidden future ${tag}`, content: "c", publishedAt: ahead(HOUR), category: "land" });
  });

  test("search is case-insensitive over title, excerpt, content and category, best match (title, excerpt, body) then newest first, with X-Total-Count", async () => {
    const res = await t.api("GET", `/api/articles?q=${tag.toUpperCase()}`);
    expect(res.status).toBe(200);
    expect(res.body.map((a: any) => a.title)).toEqual([`Foxtrot ${tag}`, `Echo ${tag}`, `Delta ${tag}`, `Alpha ${tag}`, "Bravo", "Charlie"]);
    expect(res.headers.get("x-total-count")).toBe("6");
    expect(Object.keys(res.body[0]).sort()).toEqual(ARTICLE_KEYS);
    // Bravo's excerpt is taken from its body: it matches in two places, Charlie in its excerpt only.
    // category is searched too
    const byCategory = await t.api("GET", "/api/articles?q=POLITICS");
    expect(byCategory.body.some((a: any) => a.title === `Foxtrot ${tag}`)).toBe(true);
  });

  test("GET /api/article-cards answers the same list as cards without bodies (REST and tRPC), with X-Total-Count", async () => {
    const full = await t.api("GET", `/api/articles?q=${tag}&category=land`);
    const cards = await t.api("GET", `/api/article-cards?q=${tag}&category=land`);
    expect(cards.status).toBe(200);
    expect(cards.body.map((a: any) => a.id)).toEqual(full.body.map((a: any) => a.id));
    expect(Object.keys(cards.body[0]).sort()).toEqual(CARD_KEYS);
    expect(cards.headers.get("x-total-count")).toBe("2");
    const viaCaller = await (await t.caller()).articles.cards({ q: tag, limit: 2, offset: 1 });
    expect(viaCaller.map((a) => a.title)).toEqual([`Echo ${tag}`, `Delta ${tag}`]);
    expect((await t.api("GET", "/api/article-cards?category=nowhere")).body).toEqual([]);
  });

  test("category, breaking, limit and offset filters", async () => {
    const land = await t.api("GET", `/api/articles?category=land&q=${tag}`);
    expect(land.body.map((a: any) => a.title)).toEqual([`Alpha ${tag}`, "Bravo"]);
    const breaking = await t.api("GET", `/api/articles?breaking=true&q=${tag}`);
    expect(breaking.body.map((a: any) => a.title)).toEqual([`Delta ${tag}`, `Alpha ${tag}`]);
    const notBreaking = await t.api("GET", `/api/articles?breaking=false&q=${tag}`);
    expect(notBreaking.body).toHaveLength(4);
    const page = await t.api("GET", `/api/articles?q=${tag}&limit=2&offset=1`);
    expect(page.body.map((a: any) => a.title)).toEqual([`Echo ${tag}`, `Delta ${tag}`]);
    expect(page.headers.get("x-total-count")).toBe("6");
    const beyond = await t.api("GET", `/api/articles?q=${tag}&offset=50`);
    expect(beyond.body).toEqual([]);
    expect(beyond.headers.get("x-total-count")).toBe("6");
  });

  test("an unknown category gives [] with a total of 0; limit above 100 is a 400", async () => {
    const res = await t.api("GET", "/api/articles?category=space");
    expect(res.status).toBe(200);
    expect(res.body).toEqual([]);
    expect(res.headers.get("x-total-count")).toBe("0");
    expect((await t.api("GET", "/api/articles?limit=101")).status).toBe(400);
    expect((await t.api("GET", "/api/articles?limit=0")).status).toBe(400);
  });

  test("the default limit is 100; the total counts them all", async () => {
    const published = Number((await t.api("GET", "/api/articles?limit=1")).headers.get("x-total-count"));
    const fillers: number[] = [];
    for (let i = published; i <= 100; i++) fillers.push((await t.services.articles.create({ title: `Filler ${i}`, content: "filler", publishedAt: ago(1000 * 24 * HOUR) })).id);
    try {
      const res = await t.api("GET", "/api/articles");
      expect(res.body).toHaveLength(100);
      expect(Number(res.headers.get("x-total-count"))).toBeGreaterThanOrEqual(101);
      // our own searches still come first: newest first
      expect(res.body[0].title).not.toMatch(/^Filler/);
    } finally {
      // The fillers would change what the other tests here see (search ranking weighs every stored text).
      for (const id of fillers) await t.services.articles.delete(id);
    }
  });

  test("by slug and by id answer published articles; ?admin=true needs a session", async () => {
    const a = items[0];
    const bySlug = await t.api("GET", `/api/articles/slug/${a.slug}`);
    expect(bySlug.status).toBe(200);
    expect(bySlug.body).toEqual(a);
    const byId = await t.api("GET", `/api/articles/${a.id}`);
    expect(byId.body).toEqual(a);
    const anonymousAdmin = await t.api("GET", `/api/articles/${a.id}?admin=true`);
    expect(anonymousAdmin.status).toBe(401);
    expect(anonymousAdmin.body.message).toBeTruthy();
    expect((await t.api("GET", `/api/articles/slug/no-such-slug-${tag}`)).status).toBe(404);
    expect((await t.api("GET", "/api/articles/987654321")).status).toBe(404);
  });

  test("through a tRPC caller: the same answers", async () => {
    const anon = await t.caller();
    const list = await anon.articles.list({ q: tag, limit: 100, offset: 0 });
    expect(list.map((a) => a.id)).toEqual((await t.api("GET", `/api/articles?q=${tag}`)).body.map((a: any) => a.id));
    expect(list.slice(0, 4).map((a) => a.id)).toEqual([5, 4, 3, 0].map((i) => items[i].id));
    expect(await anon.articles.list({ category: "nowhere", limit: 100, offset: 0 })).toEqual([]);
    expect((await anon.articles.list({ q: tag, breaking: "true", limit: 100, offset: 0 })).map((a) => a.id)).toEqual([items[3].id, items[0].id]);
    expect(await anon.articles.bySlug({ slug: items[1].slug })).toEqual(items[1]);
    expect(await anon.articles.byId({ id: items[2].id })).toEqual(items[2]);
    await expect(anon.articles.byId({ id: items[2].id, admin: "true" })).rejects.toMatchObject({ code: "UNAUTHORIZED" });
    const admin = await t.caller(true);
    const created = await admin.articles.create(articleInput({ title: "Via caller", slug: undefined, category: undefined }));
    expect(created).toMatchObject({ author: `${SITE_NAME} Staff`, status: "published", contentTier: "news_brief", category: "analysis" });
    const updated = await admin.articles.update({ id: created.id, status: "draft" });
    expect(updated.status).toBe("draft");
    expect((await admin.articles.byId({ id: created.id, admin: "true" })).status).toBe("draft");
    await expect(anon.articles.bySlug({ slug: created.slug })).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect(await admin.articles.delete({ id: created.id })).toEqual({ success: true });
    await expect(admin.articles.delete({ id: created.id })).rejects.toMatchObject({ code: "NOT_FOUND" });
  });
});

describe("GET /api/home", () => {
  test("featured, up to 7 latest breaking, up to 3 non-breaking per category, cards without bodies", async () => {
    const h = await createTestApp({ SITE_NAME });
    try {
      const c = await h.login();
      const mk = async (body: Record<string, unknown>) => (await h.api("POST", "/api/articles", { body: { content: "body", ...body }, cookie: c })).body;
      const breaking = [];
      for (let i = 0; i < 10; i++) breaking.push(await mk({ title: `Breaking ${i}`, isBreaking: true, category: "air", publishedAt: ago((20 - i) * HOUR) }));
      const sea = [];
      for (let i = 0; i < 5; i++) sea.push(await mk({ title: `Sea ${i}`, category: "sea", publishedAt: ago((20 - i) * HOUR) }));
      await mk({ title: "Land draft", category: "land", status: "draft" });
      await mk({ title: "Land future", category: "land", publishedAt: ahead(HOUR) });
      const res = await h.api("GET", "/api/home");
      expect(res.status).toBe(200);
      expect(Object.keys(res.body).sort()).toEqual(["featured", "latest", "sections"]);
      expect(res.body.featured.id).toBe(breaking[9].id);
      expect(Object.keys(res.body.featured).sort()).toEqual(CARD_KEYS);
      expect(res.body.latest.map((a: any) => a.id)).toEqual(breaking.slice(2, 9).reverse().map((a) => a.id));
      expect(res.body.sections).toEqual([{ category: "sea", articles: expect.any(Array) }]);
      expect(res.body.sections[0].articles.map((a: any) => a.id)).toEqual([sea[4].id, sea[3].id, sea[2].id]);
      expect(JSON.stringify(res.body)).not.toContain('"content"');
      expect(await (await h.caller()).articles.home()).toEqual(res.body);
      // An empty site answers an empty home page.
      const empty = await createTestApp();
      try {
        expect((await empty.api("GET", "/api/home")).body).toEqual({ featured: null, latest: [], sections: [] });
      } finally {
        await empty.close();
      }
    } finally {
      await h.close();
    }
  });
});

describe("GET /api/admin/articles (admin list)", () => {
  test("paged {items,total} of every status, newest first, filterable by status incl. scheduled", async () => {
    const h = await createTestApp();
    try {
      const c = await h.login();
      const mk = async (body: Record<string, unknown>) => (await h.api("POST", "/api/articles", { body: { content: "body", ...body }, cookie: c })).body;
      const pub = await mk({ title: "Pub", publishedAt: ago(5 * HOUR) });
      const draft = await mk({ title: "Draft", status: "draft" });
      const arch = await mk({ title: "Arch", status: "archived", publishedAt: ago(10 * HOUR) });
      const sched = await mk({ title: "Sched", publishedAt: ahead(5 * HOUR) });
      const all = await h.api("GET", "/api/admin/articles", { cookie: c });
      expect(all.status).toBe(200);
      expect(all.body.total).toBe(4);
      expect(all.body.items.map((a: any) => a.id)).toEqual([sched.id, draft.id, pub.id, arch.id]);
      expect(Object.keys(all.body.items[0]).sort()).toEqual(CARD_KEYS);
      expect(all.headers.get("cache-control")).toContain("private");
      const page2 = await h.api("GET", "/api/admin/articles?page=2&pageSize=3", { cookie: c });
      expect(page2.body).toEqual({ items: [expect.objectContaining({ id: arch.id })], total: 4 });
      const ids = async (status: string) => (await h.api("GET", `/api/admin/articles?status=${status}`, { cookie: c })).body.items.map((a: any) => a.id);
      expect(await ids("draft")).toEqual([draft.id]);
      expect(await ids("archived")).toEqual([arch.id]);
      expect(await ids("scheduled")).toEqual([sched.id]);
      expect((await ids("published")).sort()).toEqual([pub.id, sched.id].sort());
      expect((await h.api("GET", "/api/admin/articles?status=bogus", { cookie: c })).status).toBe(400);
      const viaCaller = await (await h.caller(true)).articles.adminList({ page: 1, pageSize: 20, status: "draft" });
      expect(viaCaller).toEqual({ items: [expect.objectContaining({ id: draft.id })], total: 1 });
    } finally {
      await h.close();
    }
  });
});
