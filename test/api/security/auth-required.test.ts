// Every admin-only operation is refused with 401 without a session — through REST, through tRPC over
// HTTP and through a caller — and nothing changes.
import { createArticle } from "../../helpers/factories.js";
import { listProcedures, type ProcedureInfo as Procedure } from "../../helpers/procedures.js";
import { createTestApp, type TestApp } from "../../helpers/testApp.js";
import { expectNoStack, snapshotTables } from "../../helpers/dbSnapshot.js";

let t: TestApp;
const FORGED_JOB = "00000000-0000-4000-8000-000000000000";
let ids: Record<string, string | number>;

// Every procedure, the tRPC-only ones included: the OpenAPI document alone would leave those out of the sweep.
const procedures = listProcedures();
const adminOnly = procedures.filter((p) => p.protect && p.restPath);

// The admin-only operations: they must exist, so this test can never pass vacuously.
const REQUIRED = [
  "articles.create", "articles.update", "articles.delete", "articles.adminList",
  "contacts.create", "contacts.update", "contacts.delete",
  "pages.update", "pages.reset",
  "admin.systemStatus",
  "analytics.revenue", "analytics.seo", "analytics.newsletter", "analytics.monetization", "analytics.growth", "analytics.revenueDashboard",
  "newsletterAdmin.send", "newsletterAdmin.issues", "newsletterAdmin.preview",
  "importAdmin.list", "importAdmin.status", "importAdmin.start", "importAdmin.cancel", "importAdmin.redirects", "importAdmin.createRedirect", "importAdmin.deleteRedirect",
];

/** A plausible, valid input for each known procedure so that 401 is not masked by a 400. */
function inputFor(path: string): Record<string, unknown> {
  const known: Record<string, Record<string, unknown>> = {
    "articles.create": { title: "Forged", content: "Forged body" },
    "articles.update": { id: ids.article, title: "Forged title", status: "draft" },
    "articles.delete": { id: ids.article },
    "articles.adminList": { page: 1, pageSize: 20 },
    "contacts.create": { label: "Forged", email: "forged@example.com" },
    "contacts.update": { id: ids.contact, label: "Forged" },
    "contacts.delete": { id: ids.contact },
    "pages.update": { pageId: "about", title: "Forged", content: "Forged" },
    "pages.reset": { pageId: "careers" },
    "importAdmin.status": { id: FORGED_JOB },
    "importAdmin.start": { id: FORGED_JOB, defaultCategory: "land" },
    "importAdmin.cancel": { id: FORGED_JOB },
    "importAdmin.redirects": { limit: 10 },
    "importAdmin.createRedirect": { source: "/2019/05/forged/", target: "/article/forged" },
    "importAdmin.deleteRedirect": { id: 1 },
  };
  return known[path] ?? { id: ids.comment, ids: [ids.comment], status: "rejected", action: "delete", content: "# x" };
}

function restUrl(p: Procedure, input: Record<string, unknown>) {
  return "/api" + p.restPath!.replace(/\{(\w+)\}/g, (_m, name) => encodeURIComponent(String((input[name] ?? input.id ?? ids.article) as string | number)));
}

beforeAll(async () => {
  t = await createTestApp();
  const article = await createArticle(t.services, { title: "Guarded article" });
  const contact = await t.services.contacts.create({ label: "Guarded contact", email: "g@example.com" });
  await t.services.pages.save("careers", "Edited careers", "Edited");
  const comment = await t.services.commentService.post({ articleId: article.id, authorName: "G", authorEmail: "g@example.com", content: "Guarded comment" });
  ids = { article: article.id, contact: contact.id, comment: comment.id };
});
afterAll(() => t.close());

test("the router has every required admin-only operation marked protected", () => {
  const protectedPaths = adminOnly.map((p) => p.path);
  for (const path of REQUIRED) expect([path, protectedPaths.includes(path)]).toEqual([path, true]);
});

test("REST: every protected path answers 401 with a JSON message without a session (and with a forged cookie); nothing changes", async () => {
  const before = await snapshotTables(t.ds);
  for (const p of adminOnly) {
    const input = inputFor(p.path);
    const url = restUrl(p, input);
    for (const cookie of [undefined, "ds_session=forged-session-token"]) {
      const res =
        p.method === "GET" || p.method === "DELETE"
          ? await t.api(p.method, url, { cookie })
          : await t.api(p.method!, url, { body: input, cookie });
      expect([p.path, p.method, res.status]).toEqual([p.path, p.method, 401]);
      expect(res.body.message).toBe("Authentication required");
      expect(res.headers.get("cache-control")).toMatch(/private|no-store/);
      expectNoStack(res.text);
    }
  }
  // the editor's read of any status needs a session too
  expect((await t.api("GET", `/api/articles/${ids.article}?admin=true`)).status).toBe(401);
  expect(await snapshotTables(t.ds)).toEqual(before);
});

test("tRPC over HTTP: every admin-only procedure answers 401; nothing changes", async () => {
  const before = await snapshotTables(t.ds);
  for (const p of procedures.filter((q) => q.protect)) {
    const input = inputFor(p.path);
    const res =
      p.type === "query"
        ? await t.api("GET", `/api/trpc/${p.path}?input=${encodeURIComponent(JSON.stringify(input))}`)
        : await t.api("POST", `/api/trpc/${p.path}`, { body: input });
    expect([p.path, res.status]).toEqual([p.path, 401]);
    expect(res.body.error.message).toBe("Authentication required");
    expect(res.body.error.data.code).toBe("UNAUTHORIZED");
    expectNoStack(res.text);
  }
  // the examples of the brief, literally
  expect((await t.api("POST", "/api/trpc/articles.create", { body: { title: "x", content: "y" } })).status).toBe(401);
  expect((await t.api("GET", "/api/trpc/analytics.revenue")).status).toBe(401);
  expect((await t.api("GET", `/api/trpc/articles.byId?input=${encodeURIComponent(JSON.stringify({ id: ids.article, admin: "true" }))}`)).status).toBe(401);
  expect(await snapshotTables(t.ds)).toEqual(before);
});

test("a caller without a session is refused UNAUTHORIZED for every admin-only procedure; nothing changes", async () => {
  const before = await snapshotTables(t.ds);
  const anonymous: any = await t.caller();
  for (const p of procedures.filter((q) => q.protect)) {
    const fn = p.path.split(".").reduce((acc, key) => acc[key], anonymous);
    await expect(fn(inputFor(p.path))).rejects.toMatchObject({ code: "UNAUTHORIZED" });
  }
  await expect(anonymous.articles.byId({ id: ids.article as number, admin: "true" })).rejects.toMatchObject({ code: "UNAUTHORIZED" });
  expect(await snapshotTables(t.ds)).toEqual(before);
});

test("the same calls succeed with a session (the refusals above are about the session, not the input)", async () => {
  const cookie = await t.login();
  for (const path of ["articles.adminList", "admin.systemStatus", "analytics.revenue", "pages.reset"]) {
    const p = adminOnly.find((q) => q.path === path)!;
    const input = inputFor(path);
    const res = p.method === "GET" ? await t.api("GET", restUrl(p, input), { cookie }) : await t.api(p.method!, restUrl(p, input), { body: input, cookie });
    expect([path, res.status]).toEqual([path, 200]);
  }
  expect((await t.api("PUT", `/api/articles/${ids.article}`, { body: { title: "Renamed by admin" }, cookie })).body.title).toBe("Renamed by admin");
});

test("the doors whose bodies are files (import upload, export download) answer 401 without a session; nothing changes", async () => {
  const before = await snapshotTables(t.ds);
  for (const cookie of [undefined, "ds_session=forged-session-token"]) {
    const upload = await t.api("POST", "/api/admin/import", { body: "<rss/>", cookie, headers: { "content-type": "application/xml" } });
    expect([upload.status, upload.body.message]).toEqual([401, "Authentication required"]);
    const download = await t.api("GET", "/api/admin/export", { cookie });
    expect([download.status, download.body.message]).toEqual([401, "Authentication required"]);
    expect(download.headers.get("cache-control")).toMatch(/no-store/);
  }
  expect(await snapshotTables(t.ds)).toEqual(before);
});
