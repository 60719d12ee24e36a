// Static pages: the ten always answer, built-in fallback, PUT answers title and content, reset restores.
import { STATIC_PAGE_IDS, builtInPages } from "../../../src/content/staticPages.js";
import { SitePage } from "../../../src/entities/SitePage.js";
import { useTestApp } from "../../helpers/testApp.js";

const t = useTestApp({ SITE_NAME: "Pages Test Daily" }, { signIn: true });

const SPEC_PAGES = ["privacy-policy", "terms-of-service", "about", "contact", "editorial-team", "advertise", "partnerships", "careers", "legal", "corrections"];

test("GET /api/pages answers the ten pages with their built-in texts, the site name filled in", async () => {
  const res = await t.api("GET", "/api/pages");
  expect(res.status).toBe(200);
  expect(res.body.map((p: any) => p.id).sort()).toEqual([...SPEC_PAGES].sort());
  for (const page of res.body) {
    expect(Object.keys(page).sort()).toEqual(["content", "contentHtml", "id", "title", "updatedAt"]);
    expect(page.title).toBe(builtInPages[page.id as keyof typeof builtInPages].title);
    expect(page.content).not.toContain("{SITE_NAME}");
    expect(page.contentHtml).not.toMatch(/<script/i);
    expect(page.updatedAt).toBeNull();
  }
  expect(res.body.find((p: any) => p.id === "about").content).toContain("Pages Test Daily");
  expect(res.headers.get("cache-control")).toMatch(/public.*max-age=\d+/);
  expect(await (await t.caller()).pages.list()).toEqual(res.body);
});

test("GET /api/pages/{page} answers each of the ten; an unknown page is a JSON 404", async () => {
  for (const id of STATIC_PAGE_IDS) {
    const res = await t.api("GET", `/api/pages/${id}`);
    expect([id, res.status]).toEqual([id, 200]);
    expect(res.body.id).toBe(id);
    expect(res.body.content.length).toBeGreaterThan(50);
  }
  const missing = await t.api("GET", "/api/pages/nonexistent");
  expect(missing.status).toBe(404);
  expect(missing.body.message).toBe("Page not found");
  await expect((await t.caller()).pages.get({ page: "nonexistent" })).rejects.toMatchObject({ code: "NOT_FOUND" });
});

test("PUT saves title and content (trimmed) and answers them; reset restores the built-in text", async () => {
  const put = await t.api("PUT", "/api/pages/careers", { body: { title: "  Join Us  ", content: "## Open roles\n\nNone right now." }, cookie: t.cookie });
  expect(put.status).toBe(200);
  expect(put.body).toMatchObject({ id: "careers", title: "Join Us", content: "## Open roles\n\nNone right now." });
  expect(put.body.contentHtml).toContain('<h2 id="open-roles">Open roles</h2>');
  const read = await t.api("GET", "/api/pages/careers");
  expect(read.body).toMatchObject({ title: "Join Us", content: "## Open roles\n\nNone right now." });
  expect(read.body.updatedAt).toMatch(/Z$/);
  expect(await t.ds.getRepository(SitePage).countBy({ id: "careers" })).toBe(1);
  // a second save replaces, never duplicates
  await t.api("PUT", "/api/pages/careers", { body: { title: "Careers", content: "Second" }, cookie: t.cookie });
  expect(await t.ds.getRepository(SitePage).countBy({ id: "careers" })).toBe(1);

  const reset = await t.api("POST", "/api/pages/careers/reset", { cookie: t.cookie });
  expect(reset.status).toBe(200);
  expect(reset.body.title).toBe(builtInPages.careers.title);
  expect(reset.body.updatedAt).toBeNull();
  expect((await t.api("GET", "/api/pages/careers")).body.content).toBe(reset.body.content);
  expect(await t.ds.getRepository(SitePage).countBy({ id: "careers" })).toBe(0);
});

test("PUT and reset of an unknown page are 404; empty title or content is a 400; nothing stored", async () => {
  expect((await t.api("PUT", "/api/pages/evil", { body: { title: "t", content: "c" }, cookie: t.cookie })).status).toBe(404);
  expect((await t.api("POST", "/api/pages/evil/reset", { cookie: t.cookie })).status).toBe(404);
  expect((await t.api("PUT", "/api/pages/about", { body: { title: " ", content: "c" }, cookie: t.cookie })).status).toBe(400);
  expect((await t.api("PUT", "/api/pages/about", { body: { title: "t" }, cookie: t.cookie })).status).toBe(400);
  expect(await t.ds.getRepository(SitePage).count()).toBe(0);
});

test("through a tRPC caller: update and reset", async () => {
  const admin = await t.caller(true);
  const saved = await admin.pages.update({ pageId: "legal", title: "Legal notice", content: "Text" });
  expect(saved).toMatchObject({ id: "legal", title: "Legal notice", content: "Text" });
  expect((await admin.pages.get({ page: "legal" })).title).toBe("Legal notice");
  const reset = await admin.pages.reset({ pageId: "legal" });
  expect(reset.title).toBe(builtInPages.legal.title);
});
