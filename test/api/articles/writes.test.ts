// The article calls that write, field by field, through REST: create, update and delete. (The reads are in
// reads.test.ts.)
import { Article } from "../../../src/entities/Article.js";
import { Comment } from "../../../src/entities/Comment.js";
import type { TestApp } from "../../helpers/testApp.js";
import { ARTICLE_KEYS, HOUR, SITE_NAME, ahead, createThroughRest, startArticleApp } from "./contract.js";

let t: TestApp;
let cookie: string;
beforeAll(async () => ({ t, cookie } = await startArticleApp()));
afterAll(() => t.close());

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;
const create = (body: Record<string, unknown>) => createThroughRest(t, cookie, body);

describe("POST /api/articles (create)", () => {
  test("applies the create-only defaults and answers every field of the contract", async () => {
    const content = "Opening paragraph. ".repeat(20) + "\n\n## Orders of battle\n\nText.";
    const before = Date.now();
    const res = await t.api("POST", "/api/articles", { body: { title: "Armour Reforms Announced", content }, cookie });
    expect(res.status).toBe(201);
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
    expect(posted.status).toBe(201);
    expect(await t.ds.getRepository(Comment).countBy({ articleId: a.id })).toBe(1);
    const res = await t.api("DELETE", `/api/articles/${a.id}`, { cookie });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true });
    expect(await t.ds.getRepository(Article).countBy({ id: a.id })).toBe(0);
    expect(await t.ds.getRepository(Comment).countBy({ articleId: a.id })).toBe(0);
    expect((await t.api("DELETE", `/api/articles/${a.id}`, { cookie })).status).toBe(404);
  });
});
