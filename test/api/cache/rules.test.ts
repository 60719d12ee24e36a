// Issue 24, item 5: what an answer shows is declared where its data is read. Every query procedure names its cache
// rule in its meta (or declares that its answers are never stored), so renaming one can never silently make it
// uncacheable; a render for the cache collects the tags of the queries it runs.
import { collectTags } from "../../../src/cache/tags.js";
import { createContextInner } from "../../../src/trpc/context.js";
import { createCaller } from "../../../src/trpc/router.js";
import { createArticle } from "../../helpers/factories.js";
import { listProcedures } from "../../helpers/procedures.js";
import { createTestApp, type TestApp } from "../../helpers/testApp.js";

const queries = listProcedures().filter((p) => p.type === "query");

test("every query procedure declares its cache tags, or that its answers are never stored", () => {
  expect(queries.filter((p) => p.cache === undefined).map((p) => p.path)).toEqual([]);
  // The reads the site's pages and partners make most carry tags: the list above can never pass vacuously.
  const tagged = queries.filter((p) => p.cache === "tags").map((p) => p.path);
  expect(tagged).toEqual(expect.arrayContaining(["articles.list", "articles.cards", "articles.bySlug", "articles.byId", "articles.home", "search.results", "comments.list", "pages.get"]));
});

test("a query that needs a session is never stored", () => {
  expect(queries.filter((p) => p.protect && p.cache !== "never").map((p) => p.path)).toEqual([]);
});

describe("a render for the cache", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  test("collects the tags its queries declare; a query declared uncached makes the answer unstorable", async () => {
    const story = await createArticle(t.services, { title: "Tagged story", category: "air" });
    const caller = createCaller(createContextInner({ services: t.services }));
    const cards = collectTags(() => caller.articles.cards({ category: "air" }));
    await cards.result;
    expect([[...cards.collector.tags], cards.collector.untracked]).toEqual([["list:cat:air", `a:${story.id}`], false]);
    const status = collectTags(() => caller.admin.status());
    await status.result;
    expect(status.collector.untracked).toBe(true);
  });
});
