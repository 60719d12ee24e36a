// Issue 13: every save of an article is a revision; restore saves one again; the newest REVISIONS_KEEP are kept.
import { articleInput } from "../../helpers/factories.js";
import { useTestApp } from "../../helpers/testApp.js";
import { countRows, expectNoStack } from "../../helpers/dbSnapshot.js";

const t = useTestApp({ REVISIONS_KEEP: "4" }, { signIn: true });

async function createViaRest(overrides = {}) {
  const res = await t.api("POST", "/api/articles", { cookie: t.cookie, body: articleInput({ content: "one two three", status: "draft", ...overrides }) });
  expect(res.status).toBe(201);
  return res.body;
}
const revisions = async (id: number) => (await t.api("GET", `/api/articles/${id}/revisions`, { cookie: t.cookie })).body;

test("create, edit, status change and restore each store a revision with every field, who and when", async () => {
  const article = await createViaRest({ title: "Frigate order first draft", imageUrl: "https://img.example.com/a.jpg", imageAlt: "A frigate" });
  await t.api("PUT", `/api/articles/${article.id}`, { cookie: t.cookie, body: { content: "one two three four five", title: "Frigate order second draft" } });
  await t.api("PUT", `/api/articles/${article.id}`, { cookie: t.cookie, body: { status: "published" } });

  const list = await revisions(article.id);
  expect(list.map((r: any) => r.kind)).toEqual(["status", "edit", "create"]);
  expect(list.map((r: any) => r.status)).toEqual(["published", "draft", "draft"]);
  expect(list.map((r: any) => r.wordCount)).toEqual([5, 5, 3]);
  expect(list.map((r: any) => r.wordDelta)).toEqual([0, 2, null]);
  expect(list[2].title).toBe("Frigate order first draft");
  for (const r of list) {
    // the person who saved it (issue 25): here the owner, named after the staff byline until they rename themselves
    expect(r.savedBy).toBe(`${t.config.siteName} Staff`);
    expect(Number.isNaN(Date.parse(r.savedAt))).toBe(false);
    expect(r.articleId).toBe(article.id);
  }

  const first = (await t.api("GET", `/api/articles/${article.id}/revisions/${list[2].id}`, { cookie: t.cookie })).body;
  expect(first).toMatchObject({
    kind: "create", title: "Frigate order first draft", slug: article.slug, content: "one two three", status: "draft",
    imageUrl: "https://img.example.com/a.jpg", imageAlt: "A frigate", category: "land", isBreaking: false, isPremium: false, publishedAt: null,
  });

  // restore through tRPC this time: the restore is a new revision, nothing is overwritten
  const admin = await t.caller(true);
  const restored = await admin.revisions.restore({ id: article.id, revisionId: list[2].id });
  expect(restored).toMatchObject({ title: "Frigate order first draft", content: "one two three", status: "draft", publishedAt: null });
  const after = await revisions(article.id);
  expect(after.map((r: any) => r.kind)).toEqual(["restore", "status", "edit", "create"]);
  expect(after[0].restoredFrom).toBe(list[2].id);
  expect(after.slice(1).map((r: any) => r.id)).toEqual(list.map((r: any) => r.id));
  expect((await t.api("GET", `/api/articles/${article.id}/revisions/${list[1].id}`, { cookie: t.cookie })).body.title).toBe("Frigate order second draft");
});

test("a revision carries its diff against the current article", async () => {
  const article = await createViaRest({ title: "Tank upgrade", content: "The army orders new tanks today." });
  await t.api("PUT", `/api/articles/${article.id}`, { cookie: t.cookie, body: { content: "The army orders sixty new tanks.", title: "Tank upgrade programme" } });
  const [latest, original] = await revisions(article.id);
  const res = await t.api("GET", `/api/articles/${article.id}/revisions/${original.id}`, { cookie: t.cookie });
  expect(res.status).toBe(200);
  const { diff } = res.body;
  expect(diff.changedFields.sort()).toEqual(["content", "title"]);
  const text = (parts: any[], pick: (p: any) => boolean) => parts.filter(pick).map((p) => p.value).join("");
  expect(text(diff.content, (p) => p.added)).toContain("sixty");
  expect(text(diff.content, (p) => p.removed)).toContain("today");
  expect(text(diff.content, (p) => !p.removed)).toBe("The army orders sixty new tanks.");
  expect(text(diff.content, (p) => !p.added)).toBe("The army orders new tanks today.");
  expect(text(diff.title, (p) => p.added)).toContain("programme");
  const same = (await t.api("GET", `/api/articles/${article.id}/revisions/${latest.id}`, { cookie: t.cookie })).body.diff;
  expect(same.changedFields).toEqual([]);
  expect(same.content.every((p: any) => !p.added && !p.removed)).toBe(true);
});

test("only the newest REVISIONS_KEEP revisions are kept per article; other articles are untouched", async () => {
  const other = await createViaRest();
  const article = await createViaRest();
  for (let i = 1; i <= 5; i++) await t.api("PUT", `/api/articles/${article.id}`, { cookie: t.cookie, body: { content: `version ${i}` } });
  const list = await revisions(article.id);
  expect(list).toHaveLength(4);
  expect(list.map((r: any) => r.kind)).toEqual(["edit", "edit", "edit", "edit"]);
  const newest = (await t.api("GET", `/api/articles/${article.id}/revisions/${list[0].id}`, { cookie: t.cookie })).body;
  const oldest = (await t.api("GET", `/api/articles/${article.id}/revisions/${list[3].id}`, { cookie: t.cookie })).body;
  expect([newest.content, oldest.content]).toEqual(["version 5", "version 2"]);
  expect(await revisions(other.id)).toHaveLength(1);
});

test("deleting an article deletes its revisions", async () => {
  const article = await createViaRest();
  await t.api("PUT", `/api/articles/${article.id}`, { cookie: t.cookie, body: { content: "changed" } });
  const before = await countRows(t.ds);
  expect((await t.api("DELETE", `/api/articles/${article.id}`, { cookie: t.cookie })).status).toBe(200);
  const after = await countRows(t.ds);
  expect(before.article_revision - after.article_revision).toBe(2);
  expect((await t.api("GET", `/api/articles/${article.id}/revisions`, { cookie: t.cookie })).status).toBe(404);
});

test("a refused save stores no revision; unknown ids are 404; a revision of another article is not reachable", async () => {
  const article = await createViaRest();
  const other = await createViaRest();
  const before = await countRows(t.ds);
  expect((await t.api("PUT", `/api/articles/${article.id}`, { cookie: t.cookie, body: { title: "" } })).status).toBe(400);
  expect((await t.api("PUT", `/api/articles/${article.id}`, { cookie: t.cookie, body: { slug: other.slug } })).status).toBe(409);
  expect(await countRows(t.ds)).toEqual(before);

  const [otherRevision] = await revisions(other.id);
  for (const url of [`/api/articles/${article.id}/revisions/${otherRevision.id}`, `/api/articles/${article.id}/revisions/999999`, "/api/articles/999999/revisions"]) {
    const res = await t.api("GET", url, { cookie: t.cookie });
    expect([url, res.status]).toEqual([url, 404]);
    expectNoStack(res.text);
  }
  const restore = await t.api("POST", `/api/articles/${article.id}/revisions/${otherRevision.id}/restore`, { cookie: t.cookie });
  expect(restore.status).toBe(404);
  expect(await countRows(t.ds)).toEqual(before);
});

test("a restore whose slug is now taken by another article is a 409 and stores nothing", async () => {
  const article = await createViaRest({ slug: "restorable-slug-1" });
  await t.api("PUT", `/api/articles/${article.id}`, { cookie: t.cookie, body: { slug: "restorable-slug-2" } });
  await createViaRest({ slug: "restorable-slug-1" });
  const [, original] = await revisions(article.id);
  const before = await countRows(t.ds);
  const res = await t.api("POST", `/api/articles/${article.id}/revisions/${original.id}/restore`, { cookie: t.cookie });
  expect(res.status).toBe(409);
  expect(await countRows(t.ds)).toEqual(before);
});

test("every revision door is admin-only: REST, tRPC over HTTP and a caller answer 401 and change nothing", async () => {
  const article = await createViaRest();
  const [r] = await revisions(article.id);
  const before = await countRows(t.ds);
  for (const cookieValue of [undefined, "ds_session=forged"]) {
    for (const [method, url] of [
      ["GET", `/api/articles/${article.id}/revisions`],
      ["GET", `/api/articles/${article.id}/revisions/${r.id}`],
      ["POST", `/api/articles/${article.id}/revisions/${r.id}/restore`],
    ]) {
      const res = await t.api(method, url, { cookie: cookieValue });
      expect([url, res.status]).toEqual([url, 401]);
      expect(res.headers.get("cache-control")).toMatch(/no-store/);
      expectNoStack(res.text);
    }
    const input = encodeURIComponent(JSON.stringify({ id: article.id, revisionId: r.id }));
    expect((await t.api("GET", `/api/trpc/revisions.list?input=${input}`, { cookie: cookieValue })).status).toBe(401);
    expect((await t.api("GET", `/api/trpc/revisions.get?input=${input}`, { cookie: cookieValue })).status).toBe(401);
    expect((await t.api("POST", "/api/trpc/revisions.restore", { cookie: cookieValue, body: { id: article.id, revisionId: r.id } })).status).toBe(401);
  }
  const anonymous = await t.caller();
  await expect(anonymous.revisions.list({ id: article.id })).rejects.toMatchObject({ code: "UNAUTHORIZED" });
  await expect(anonymous.revisions.restore({ id: article.id, revisionId: r.id })).rejects.toMatchObject({ code: "UNAUTHORIZED" });
  expect(await countRows(t.ds)).toEqual(before);
});
