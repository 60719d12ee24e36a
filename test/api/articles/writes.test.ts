// The article calls, field by field, through REST and through a tRPC caller.
import { Article } from "../../../src/entities/Article.js";
import { Comment } from "../../../src/entities/Comment.js";
import { articleInput } from "../../helpers/factories.js";
import { createTestApp, type TestApp } from "../../helpers/testApp.js";

let t: TestApp;
let cookie: string;
const SITE_NAME = "Test Gazette";
const HOUR = 3_600_000;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();
const ahead = (ms: number) => new Date(Date.now() + ms).toISOString();

beforeAll(async () => {
  t = await createTestApp({ SITE_NAME, RATE_LIMIT_COMMENTS: "1000" });
  cookie = await t.login();
});
afterAll(() => t.close());

const ARTICLE_KEYS = [
  "author", "category", "content", "contentHtml", "contentTier", "createdAt", "excerpt", "headings", "id", "imageAlt", "imageUrl",
  "isBreaking", "isPremium", "publishedAt", "slug", "status", "title", "updatedAt",
  // Issue 26: every article says whether it is a live blog (null for an ordinary one) and its coverage times.
  "liveStatus", "liveStartedAt", "liveEndedAt",
].sort();
const CARD_KEYS = ARTICLE_KEYS.filter((k) => !["content", "contentHtml", "headings"].includes(k));
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

async function create(body: Record<string, unknown>) {
  const res = await t.api("POST", "/api/articles", { body, cookie });
  if (res.status !== 200) throw new Error(`create failed: ${res.status} ${res.text}`);
  return res.body;
}

describe("POST /api/articles (create)", () => {
  test("applies the create-only defaults and answers every field of the contract", async () => {
    const content = "Opening paragraph. ".repeat(20) + "\n\n## Orders of battle\n\nText.";
    const before = Date.now();
    const res = await t.api("POST", "/api/articles", { body: { title: "Armour Reforms Announced", content }, cookie });
    expect(res.status).toBe(200);
    const a = res.body;
    expect(Object.keys(a).sort()).toEqual(ARTICLE_KEYS);
    expect((await t.api("GET", `/api/articles/${a.id}`)).body.slug).toBe(a.slug);
    expect(a.title).toBe("Armour Reforms Announced");
    expect(a.slug).toMatch(/^armour-reforms-announced-\d{6}$/);
    expect(a.author).toBe(`${SITE_NAME} Staff`);
    expect(a.category).toBe("analysis");
    expect(a.status).toBe("published");
    expect(a.contentTier).toBe("news_brief");
    expect(a.excerpt).toBe(content.slice(0, 200) + "...");
    expect(a.isBreaking).toBe(false);
    expect(a.isPremium).toBe(false);
    expect(a.imageUrl).toBeNull();
    expect(a.imageAlt).toBeNull();
    expect(a.content).toBe(content);
    expect(a.contentHtml).toContain('<h2 id="orders-of-battle">Orders of battle</h2>');
    expect(a.headings).toEqual([{ id: "orders-of-battle", text: "Orders of battle", level: 2 }]);
    for (const k of ["publishedAt", "createdAt", "updatedAt"]) expect(a[k]).toMatch(ISO);
    const published = Date.parse(a.publishedAt);
    expect(published).toBeGreaterThanOrEqual(before - 1000);
    expect(published).toBeLessThanOrEqual(Date.now() + 1000);
  });

  test("stores every field sent, trimmed; empty image fields become null", async () => {
    const a = await create({
      title: "  Frigate Programme Update  ",
      slug: "  frigate-programme-update  ",
      excerpt: "  Short excerpt.  ",
      content: "  Body text.  ",
      category: "sea",
      author: "  Jane Doe  ",
      imageUrl: "",
      imageAlt: "  ",
      isPremium: true,
      isBreaking: true,
      status: "published",
      contentTier: "premium_analysis",
    });
    expect(a).toMatchObject({
      title: "Frigate Programme Update",
      slug: "frigate-programme-update",
      excerpt: "Short excerpt.",
      content: "Body text.",
      category: "sea",
      author: "Jane Doe",
      imageUrl: null,
      imageAlt: null,
      isPremium: true,
      isBreaking: true,
      contentTier: "premium_analysis",
    });
  });

  test("folds accents, transliterates and strips other characters in slugs; a short excerpt-less content still gets '...'", async () => {
    const a = await create({ title: "Ça va à Zürich — Ærø drills!", content: "Tiny." });
    expect(a.slug).toMatch(/^ca-va-a-zurich-aero-drills-\d{6}$/);
    expect(a.slug).toMatch(/^[a-z0-9-]+$/);
    expect(a.excerpt).toBe("Tiny....");
    const b = await create({ title: "x", slug: "Éclair Über Café", content: "c" });
    expect(b.slug).toBe("eclair-uber-cafe");
    const c = await create({ title: "x", slug: "Москва сегодня", content: "c" });
    expect(c.slug).toBe("moskva-segodnya");
  });

  test("a slug of at most 200 characters with its suffix; an over-long explicit slug is cut to 200", async () => {
    const a = await create({ title: "w".repeat(200), content: "c" });
    expect(a.slug.length).toBeLessThanOrEqual(200);
    expect(a.slug).toMatch(/-\d{6}$/);
    const b = await create({ title: "t", slug: "s".repeat(200), content: "c" });
    expect(b.slug).toBe("s".repeat(200));
  });

  test("text limits: title 200, excerpt 500 accepted, one more refused with 400 and nothing stored", async () => {
    const before = await t.ds.getRepository(Article).count();
    await create({ title: "T".repeat(200), excerpt: "E".repeat(500), content: "c" });
    for (const body of [
      { title: "T".repeat(201), content: "c" },
      { title: "t", excerpt: "E".repeat(501), content: "c" },
      { title: "t", content: "C".repeat(200_001) },
      { title: "   ", content: "c" },
      { title: "t", content: " \n " },
    ]) {
      const res = await t.api("POST", "/api/articles", { body, cookie });
      expect(res.status).toBe(400);
      expect(typeof res.body.message).toBe("string");
    }
    expect(await t.ds.getRepository(Article).count()).toBe(before + 1);
  });

  test("content of 200,000 characters is accepted (above the adapters' default body size)", async () => {
    const a = await create({ title: "Long read", content: "a".repeat(199_990) + "\n\n## End" });
    expect(a.content.length).toBe(199_998);
  });

  test("a duplicate slug is a 409 and stores nothing", async () => {
    const slug = `dup-slug-${Date.now()}`;
    await create({ title: "first", slug, content: "c" });
    const before = await t.ds.getRepository(Article).count();
    const res = await t.api("POST", "/api/articles", { body: { title: "second", slug, content: "c" }, cookie });
    expect(res.status).toBe(409);
    expect(res.body.message).toContain(slug);
    expect(await t.ds.getRepository(Article).count()).toBe(before);
  });

  test("publishedAt: explicit wins; a future time schedules the article and hides it until then; a draft has none", async () => {
    const past = "2024-03-01T10:00:00.000Z";
    const explicit = await create({ title: "Backdated", content: "c", publishedAt: past });
    expect(explicit.publishedAt).toBe(past);
    const draft = await create({ title: "Draft piece", content: "c", status: "draft" });
    expect(draft.publishedAt).toBeNull();
    const future = ahead(48 * HOUR);
    const scheduled = await create({ title: "Scheduled piece", content: "c", publishedAt: future });
    expect(scheduled.status).toBe("published");
    expect(Date.parse(scheduled.publishedAt)).toBe(Date.parse(future));

    for (const hidden of [draft, scheduled]) {
      expect((await t.api("GET", `/api/articles/slug/${hidden.slug}`)).status).toBe(404);
      expect((await t.api("GET", `/api/articles/${hidden.id}`)).status).toBe(404);
      const list = await t.api("GET", `/api/articles?q=${encodeURIComponent(hidden.title)}`);
      expect(list.body).toEqual([]);
      // The editor reads it with a session.
      const admin = await t.api("GET", `/api/articles/${hidden.id}?admin=true`, { cookie });
      expect(admin.status).toBe(200);
      expect(admin.body.id).toBe(hidden.id);
    }
    // Once its time has come it appears (moved into the past directly in the database).
    await t.ds.getRepository(Article).update({ id: scheduled.id }, { publishedAt: new Date(Date.now() - 1000) });
    expect((await t.api("GET", `/api/articles/slug/${scheduled.slug}`)).status).toBe(200);
  });
});

describe("PUT /api/articles/{id} (update)", () => {
  test("replaces the fields sent and leaves omitted fields alone", async () => {
    const a = await create({
      title: "Original", content: "## Head\n\nOriginal body", excerpt: "Orig excerpt", category: "air", author: "A. Writer",
      imageUrl: "https://example.com/i.jpg", imageAlt: "alt", isPremium: true, isBreaking: true, contentTier: "detailed_report",
    });
    const res = await t.api("PUT", `/api/articles/${a.id}`, { body: { title: "  Renamed  " }, cookie });
    expect(res.status).toBe(200);
    const u = res.body;
    expect(u.title).toBe("Renamed");
    for (const k of ["slug", "content", "contentHtml", "excerpt", "category", "author", "imageUrl", "imageAlt", "isPremium", "isBreaking", "contentTier", "status", "publishedAt", "createdAt"]) {
      expect([k, u[k]]).toEqual([k, a[k]]);
    }
    const again = await t.api("PUT", `/api/articles/${a.id}`, { body: { content: "## New heading\n\nNew", imageUrl: "", isBreaking: false }, cookie });
    expect(again.body.headings).toEqual([{ id: "new-heading", text: "New heading", level: 2 }]);
    expect(again.body.imageUrl).toBeNull();
    expect(again.body.isBreaking).toBe(false);
    expect(again.body.title).toBe("Renamed");
    expect(again.body.excerpt).toBe("Orig excerpt");
  });

  test("a PUT without status never publishes a draft; setting status published sets publishedAt", async () => {
    const draft = await create({ title: "Still a draft", content: "c", status: "draft" });
    const put = await t.api("PUT", `/api/articles/${draft.id}`, { body: { title: "Still a draft, edited" }, cookie });
    expect(put.body.status).toBe("draft");
    expect(put.body.publishedAt).toBeNull();
    expect((await t.api("GET", `/api/articles/${draft.id}`)).status).toBe(404);
    const before = Date.now();
    const pub = await t.api("PUT", `/api/articles/${draft.id}`, { body: { status: "published" }, cookie });
    expect(pub.body.status).toBe("published");
    expect(Date.parse(pub.body.publishedAt)).toBeGreaterThanOrEqual(before - 1000);
    expect((await t.api("GET", `/api/articles/${draft.id}`)).status).toBe(200);
    // Archiving hides it again; it keeps its publication time.
    const archived = await t.api("PUT", `/api/articles/${draft.id}`, { body: { status: "archived" }, cookie });
    expect(archived.body.status).toBe("archived");
    expect(archived.body.publishedAt).toBe(pub.body.publishedAt);
    expect((await t.api("GET", `/api/articles/slug/${draft.slug}`)).status).toBe(404);
  });

  test("an empty excerpt falls back to the content; an unknown id is 404; a slug taken by another is 409", async () => {
    const a = await create({ title: "Excerpted", content: "Body for the fallback", excerpt: "Given" });
    const res = await t.api("PUT", `/api/articles/${a.id}`, { body: { excerpt: "" }, cookie });
    expect(res.body.excerpt).toBe("Body for the fallback...");
    expect((await t.api("PUT", "/api/articles/99999999", { body: { title: "x" }, cookie })).status).toBe(404);
    const other = await create({ title: "Other", content: "c" });
    const clash = await t.api("PUT", `/api/articles/${a.id}`, { body: { slug: other.slug }, cookie });
    expect(clash.status).toBe(409);
    expect((await t.api("GET", `/api/articles/${a.id}?admin=true`, { cookie })).body.slug).toBe(a.slug);
  });

  test("a published article always has a publication time: null is replaced by now, on create and on update", async () => {
    const before = Date.now();
    const a = await create({ title: "Null time", content: "c", publishedAt: null });
    expect(Date.parse(a.publishedAt)).toBeGreaterThanOrEqual(before - 1000);
    expect((await t.api("GET", `/api/articles/slug/${a.slug}`)).status).toBe(200);
    const put = await t.api("PUT", `/api/articles/${a.id}`, { body: { publishedAt: null }, cookie });
    expect(Date.parse(put.body.publishedAt)).toBeGreaterThanOrEqual(before - 1000);
    const draft = await create({ title: "Null draft", content: "c", status: "draft", publishedAt: null });
    expect(draft.publishedAt).toBeNull();
  });

  test("explicit publishedAt on update wins, including a future one (rescheduling hides it)", async () => {
    const a = await create({ title: "Reschedule me", content: "c" });
    const res = await t.api("PUT", `/api/articles/${a.id}`, { body: { publishedAt: ahead(HOUR) }, cookie });
    expect(res.status).toBe(200);
    expect((await t.api("GET", `/api/articles/${a.id}`)).status).toBe(404);
  });
});

describe("DELETE /api/articles/{id}", () => {
  test("deletes the article and its comments; a second delete is 404", async () => {
    const a = await create({ title: "To be removed", content: "c" });
    const posted = await t.api("POST", `/api/articles/${a.id}/comments`, { body: { authorName: "R", authorEmail: "r@example.com", content: "hello" } });
    expect(posted.status).toBe(200);
    expect(await t.ds.getRepository(Comment).countBy({ articleId: a.id })).toBe(1);
    const res = await t.api("DELETE", `/api/articles/${a.id}`, { cookie });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true });
    expect(await t.ds.getRepository(Article).countBy({ id: a.id })).toBe(0);
    expect(await t.ds.getRepository(Comment).countBy({ articleId: a.id })).toBe(0);
    expect((await t.api("DELETE", `/api/articles/${a.id}`, { cookie })).status).toBe(404);
  });
});

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
