// Concurrent writes: 50 comments at once all stored and listed once; one slug never taken twice.
import { Article } from "../../../src/entities/Article.js";
import { Comment } from "../../../src/entities/Comment.js";
import { createArticle } from "../../helpers/factories.js";
import { useTestApp } from "../../helpers/testApp.js";

const t = useTestApp({ RATE_LIMIT_COMMENTS: "1000" });

test("50 concurrent comment posts with distinct texts are all stored and listed exactly once", async () => {
  const article = await createArticle(t.services);
  const texts = Array.from({ length: 50 }, (_, i) => `Concurrent observation number ${i} on supply lines`);
  const results = await Promise.all(
    texts.map((content, i) => t.api("POST", `/api/articles/${article.id}/comments`, { body: { authorName: `Reader ${i}`, authorEmail: `r${i}@example.com`, content } })),
  );
  expect(results.map((r) => r.status)).toEqual(texts.map(() => 201));
  expect(new Set(results.map((r) => r.body.id)).size).toBe(50);
  expect(await t.ds.getRepository(Comment).countBy({ articleId: article.id })).toBe(50);
  const list = await t.api("GET", `/api/articles/${article.id}/comments`);
  expect(list.body).toHaveLength(50);
  expect(list.body.map((c: any) => c.content).sort()).toEqual([...texts].sort());
});

test("two concurrent creates with one slug: exactly one succeeds, the other is a 409", async () => {
  const cookie = await t.login();
  for (let round = 0; round < 3; round++) {
    const slug = `race-slug-${round}-${Date.now()}`;
    const [a, b] = await Promise.all(
      ["First", "Second"].map((title) => t.api("POST", "/api/articles", { body: { title, slug, content: "Same slug race" }, cookie })),
    );
    expect([a.status, b.status].sort()).toEqual([201, 409]);
    expect((a.status === 409 ? a : b).body.message).toContain(slug);
    expect(await t.ds.getRepository(Article).countBy({ slug })).toBe(1);
  }
});

test("concurrent creates through tRPC callers with one slug never both succeed", async () => {
  const admin = await t.caller(true);
  const slug = `caller-race-${Date.now()}`;
  const results = await Promise.allSettled([1, 2, 3].map((i) => admin.articles.create({ title: `T${i}`, slug, content: "c" })));
  expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
  for (const r of results.filter((r): r is PromiseRejectedResult => r.status === "rejected")) expect(r.reason.code).toBe("CONFLICT");
});

test("two concurrent contact creates with one id: exactly one succeeds, the other is a 409, the first is not overwritten", async () => {
  const cookie = await t.login();
  const [a, b] = await Promise.all(
    ["first@example.com", "second@example.com"].map((email) => t.api("POST", "/api/business-contacts", { body: { label: "Race Desk", email }, cookie })),
  );
  expect([a.status, b.status].sort()).toEqual([201, 409]);
  const winner = a.status === 201 ? a : b;
  const stored = (await t.api("GET", "/api/business-contacts", { cookie })).body.filter((c: any) => c.id === "race_desk");
  expect(stored).toEqual([winner.body]);
});
