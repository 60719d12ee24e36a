// Comments: approved only, never an e-mail address, POST answers isApproved, the honeypot holds.
import { Comment } from "../../../src/entities/Comment.js";
import { createArticle } from "../../helpers/factories.js";
import { useTestApp } from "../../helpers/testApp.js";

const t = useTestApp({ RATE_LIMIT_COMMENTS: "1000" });

const COMMENT_KEYS = ["authorName", "content", "createdAt", "id", "isApproved"];
const post = (articleId: number, body: Record<string, unknown>) => t.api("POST", `/api/articles/${articleId}/comments`, { body });

test("POST stores an approved comment and answers it with isApproved, without the e-mail", async () => {
  const article = await createArticle(t.services);
  const res = await post(article.id, { authorName: "  Maj. Reader  ", authorEmail: "  Reader@Example.COM ", content: "  A measured, useful point about logistics.  " });
  expect(res.status).toBe(201);
  expect(Object.keys(res.body).sort()).toEqual(COMMENT_KEYS);
  expect(res.headers.get("location")).toBe(`/api/admin/comments/${res.body.id}`);
  expect(res.body).toMatchObject({ authorName: "Maj. Reader", content: "A measured, useful point about logistics.", isApproved: true });
  expect(res.body.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T.*Z$/);
  expect(res.text.toLowerCase()).not.toContain("reader@example.com");
  const stored = await t.ds.getRepository(Comment).findOneByOrFail({ id: res.body.id });
  expect(stored.authorEmail).toBe("reader@example.com");
  expect(stored.status).toBe("approved");

  const list = await t.api("GET", `/api/articles/${article.id}/comments`);
  expect(list.status).toBe(200);
  expect(list.body).toEqual([res.body]);
  expect(list.text.toLowerCase()).not.toContain("example.com");
  expect(list.headers.get("cache-control")).toMatch(/public.*max-age=\d+/);
});

test("only approved comments are listed, oldest first; pending and rejected stay hidden", async () => {
  const article = await createArticle(t.services);
  const repo = t.ds.getRepository(Comment);
  const base = { articleId: article.id, authorEmail: "x@example.com", moderationReason: null };
  await repo.save(repo.create({ ...base, authorName: "P", content: "pending one", status: "pending" }));
  await repo.save(repo.create({ ...base, authorName: "R", content: "rejected one", status: "rejected" }));
  const first = await post(article.id, { authorName: "A", authorEmail: "a@example.com", content: "first approved" });
  const second = await post(article.id, { authorName: "B", authorEmail: "b@example.com", content: "second approved" });
  const list = await t.api("GET", `/api/articles/${article.id}/comments`);
  expect(list.body.map((c: any) => c.id)).toEqual([first.body.id, second.body.id]);
  expect(list.body.every((c: any) => c.isApproved === true)).toBe(true);
  const viaCaller = await (await t.caller()).comments.list({ articleId: article.id });
  expect(viaCaller).toEqual(list.body);
});

test("a filled honeypot field holds the comment as pending (stored, not listed, isApproved false)", async () => {
  const article = await createArticle(t.services);
  const res = await post(article.id, { authorName: "Bot", authorEmail: "bot@example.com", content: "Great article, visit my site", website: "http://spam.example" });
  expect(res.status).toBe(201);
  expect(res.body.isApproved).toBe(false);
  expect((await t.ds.getRepository(Comment).findOneByOrFail({ id: res.body.id })).status).toBe("pending");
  expect((await t.api("GET", `/api/articles/${article.id}/comments`)).body).toEqual([]);
});

test("through a tRPC caller: post and list, no e-mail in the answers", async () => {
  const article = await createArticle(t.services);
  const caller = await t.caller(false, "caller-client");
  const posted = await caller.comments.create({ articleId: article.id, authorName: "Caller", authorEmail: "caller@example.com", content: "Posted through tRPC" });
  expect(posted.isApproved).toBe(true);
  expect(JSON.stringify(posted)).not.toContain("caller@example.com");
  const list = await caller.comments.list({ articleId: article.id });
  expect(list).toEqual([posted]);
  expect(JSON.stringify(list)).not.toContain("@");
});

test("comments on unknown, draft or scheduled articles are 404 and store nothing", async () => {
  const draft = await createArticle(t.services, { status: "draft" });
  const scheduled = await createArticle(t.services, { publishedAt: new Date(Date.now() + 3_600_000).toISOString() });
  const before = await t.ds.getRepository(Comment).count();
  for (const id of [draft.id, scheduled.id, 987654]) {
    expect((await post(id, { authorName: "N", authorEmail: "n@example.com", content: "hello" })).status).toBe(404);
    expect((await t.api("GET", `/api/articles/${id}/comments`)).status).toBe(404);
  }
  expect(await t.ds.getRepository(Comment).count()).toBe(before);
});

test("missing fields, a bad e-mail and over-long text are 400 with the field named", async () => {
  const article = await createArticle(t.services);
  const before = await t.ds.getRepository(Comment).count();
  const cases: [Record<string, unknown>, string][] = [
    [{ authorEmail: "a@example.com", content: "c" }, "authorName"],
    [{ authorName: "  ", authorEmail: "a@example.com", content: "c" }, "authorName"],
    [{ authorName: "a", content: "c" }, "authorEmail"],
    [{ authorName: "a", authorEmail: "not-an-email", content: "c" }, "authorEmail"],
    [{ authorName: "a", authorEmail: "a@example.com" }, "content"],
    [{ authorName: "n".repeat(101), authorEmail: "a@example.com", content: "c" }, "authorName"],
    [{ authorName: "a", authorEmail: `${"e".repeat(250)}@example.com`, content: "c" }, "authorEmail"],
    [{ authorName: "a", authorEmail: "a@example.com", content: "c".repeat(5001) }, "content"],
  ];
  for (const [body, field] of cases) {
    const res = await post(article.id, body);
    expect([JSON.stringify(body).slice(0, 60), res.status]).toEqual([JSON.stringify(body).slice(0, 60), 400]);
    expect(res.body.message).toContain(field);
  }
  expect((await post(article.id, { authorName: "n".repeat(100), authorEmail: "a@example.com", content: "c".repeat(5000) })).status).toBe(201);
  expect(await t.ds.getRepository(Comment).count()).toBe(before + 1);
});

test("no public GET answer anywhere carries a commenter's e-mail address", async () => {
  const article = await createArticle(t.services, { isBreaking: true, title: "Sweep article" });
  const secret = "sweep.secret.address@example.net";
  expect((await post(article.id, { authorName: "Sweeper", authorEmail: secret, content: "Sweep comment" })).status).toBe(201);
  // The public GETs as the API documents them: no security requirement, or an empty one (authentication optional).
  const doc = (await t.api("GET", "/api/openapi.json")).body as { paths: Record<string, Record<string, { security?: object[] }>> };
  const isPublic = (security: object[] | undefined) => !security?.length || security.some((requirement) => Object.keys(requirement).length === 0);
  const publicGets = Object.entries(doc.paths)
    .filter(([, item]) => item.get && isPublic(item.get.security))
    .map(([path]) => "/api" + path.replace("{articleId}", String(article.id)).replace("{id}", String(article.id)).replace("{slug}", article.slug).replace("{page}", "about"));
  expect(publicGets.length).toBeGreaterThanOrEqual(10);
  for (const url of publicGets) {
    const res = await t.api("GET", url);
    expect([url, res.status < 500]).toEqual([url, true]);
    expect([url, res.text.includes("sweep.secret")]).toEqual([url, false]);
  }
});
