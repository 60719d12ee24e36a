import { useTestApp } from "../../helpers/testApp.js";
import { articleInput } from "../../helpers/factories.js";

const t = useTestApp();

test("creates an article as admin and reads it back publicly through REST and tRPC", async () => {
  const cookie = await t.login();
  const created = await t.api("POST", "/api/articles", { body: articleInput({ title: "Héllo Wörld: drones & tanks!", slug: undefined }), cookie });
  expect(created.status).toBe(201);
  expect(created.headers.get("location")).toBe(`/api/articles/${created.body.id}`);
  expect(created.body.slug).toMatch(/^hello-world-drones-tanks-\d{6}$/);
  expect(created.body.headings).toEqual([
    { id: "overview", text: "Overview", level: 2 },
    { id: "details", text: "Details", level: 3 },
  ]);
  const list = await t.api("GET", "/api/articles");
  expect(list.status).toBe(200);
  expect(list.headers.get("x-total-count")).toBe("1");
  const caller = await t.caller();
  const bySlug = await caller.articles.bySlug({ slug: created.body.slug });
  expect(bySlug.id).toBe(created.body.id);
});
