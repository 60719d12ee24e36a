// The editorial workflow (a contributor's draft, the review queue, send back with a note, publish) and the audit
// log it leaves: who did what, when, searchable by actor, action and date; no API deletes it.
import { listProcedures } from "../../helpers/procedures.js";
import { signIn, staffSession } from "../../helpers/staff.js";
import { useTestApp } from "../../helpers/testApp.js";

const t = useTestApp({ STAFF_2FA_REQUIRED: "none" });

const audit = async (cookie: string, query = "") => (await t.api("GET", `/api/admin/audit${query}`, { cookie })).body as Array<Record<string, unknown>>;

test("a contributor writes a draft (byline: their name), cannot publish it, submits it; an editor sees it in the queue, sends it back, then publishes it", async () => {
  const writer = await staffSession(t, "contributor", { name: "Dana Field" });
  const editor = await staffSession(t, "editor");
  const created = await t.api("POST", "/api/articles", { cookie: writer.cookie, body: { title: "Shipyard backlog", content: "First take" } });
  expect(created.status).toBe(201);
  expect(created.body).toMatchObject({ status: "draft", author: "Dana Field" });
  const id = created.body.id;
  expect((await t.api("GET", `/api/articles/${id}?admin=true`, { cookie: writer.cookie })).body.authorId).toBe(writer.staff.id);
  expect((await t.api("POST", "/api/articles", { cookie: writer.cookie, body: { title: "Straight out", content: "x", status: "published" } })).status).toBe(403);
  expect((await t.api("PUT", `/api/articles/${id}`, { cookie: writer.cookie, body: { status: "published" } })).status).toBe(403);
  expect((await t.api("POST", `/api/articles/${id}/submit`, { cookie: writer.cookie })).status).toBe(200);

  const queue = (await t.api("GET", "/api/admin/review", { cookie: editor.cookie })).body;
  expect(queue).toEqual([expect.objectContaining({ id, title: "Shipyard backlog", submittedAt: expect.any(String), submittedBy: { id: writer.staff.id, name: "Dana Field", email: writer.staff.email } })]);
  expect((await t.api("GET", "/api/admin/review", { cookie: writer.cookie })).status).toBe(403);

  expect((await t.api("POST", `/api/admin/review/${id}/send-back`, { cookie: editor.cookie, body: { note: "Needs a second source" } })).status).toBe(200);
  expect((await t.api("GET", "/api/admin/review", { cookie: editor.cookie })).body).toEqual([]);
  const back = (await t.api("GET", `/api/articles/${id}?admin=true`, { cookie: writer.cookie })).body;
  expect(back).toMatchObject({ reviewNote: "Needs a second source", submittedAt: null });
  expect((await t.api("PUT", `/api/articles/${id}`, { cookie: writer.cookie, body: { content: "Second take, two sources" } })).status).toBe(200);
  await t.api("POST", `/api/articles/${id}/submit`, { cookie: writer.cookie });

  const published = await t.api("PUT", `/api/articles/${id}`, { cookie: editor.cookie, body: { status: "published" } });
  expect(published.body).toMatchObject({ status: "published" });
  expect((await t.api("GET", "/api/admin/review", { cookie: editor.cookie })).body).toEqual([]);
  // once published, the contributor no longer edits it; the revisions say who saved each version
  expect((await t.api("PUT", `/api/articles/${id}`, { cookie: writer.cookie, body: { title: "Sneaky edit" } })).status).toBe(403);
  const revisions = (await t.api("GET", `/api/articles/${id}/revisions`, { cookie: editor.cookie })).body;
  expect(revisions.map((r: { savedBy: string }) => r.savedBy)).toEqual([editor.staff.name, "Dana Field", "Dana Field"]);
});

test("contributors and authors see and touch only their own articles; an author publishes their own", async () => {
  const author = await staffSession(t, "author");
  const other = await staffSession(t, "author");
  const own = (await t.api("POST", "/api/articles", { cookie: author.cookie, body: { title: "Mine", content: "x", status: "draft" } })).body;
  const theirs = (await t.api("POST", "/api/articles", { cookie: other.cookie, body: { title: "Theirs", content: "x", status: "draft" } })).body;
  expect((await t.api("PUT", `/api/articles/${own.id}`, { cookie: author.cookie, body: { status: "published" } })).body.status).toBe("published");
  expect((await t.api("PUT", `/api/articles/${theirs.id}`, { cookie: author.cookie, body: { title: "Hijack" } })).status).toBe(403);
  expect((await t.api("DELETE", `/api/articles/${theirs.id}`, { cookie: author.cookie })).status).toBe(403);
  expect((await t.api("GET", `/api/articles/${theirs.id}?admin=true`, { cookie: author.cookie })).status).toBe(403);
  const list = (await t.api("GET", "/api/admin/articles", { cookie: author.cookie })).body;
  expect(list.items.map((a: { id: number }) => a.id)).toEqual([own.id]);
});

test("the audit log records sign-ins (success and failure), article, staff and settings changes with actor and summary; filters by actor, action and date", async () => {
  const admin = await staffSession(t, "administrator");
  await t.api("POST", "/api/admin/login", { body: { email: admin.staff.email, password: "wrong password" } });
  const article = (await t.api("POST", "/api/articles", { cookie: admin.cookie, body: { title: "Audited", content: "x", status: "draft" } })).body;
  await t.api("PUT", `/api/articles/${article.id}`, { cookie: admin.cookie, body: { status: "published" } });
  await t.api("PUT", `/api/articles/${article.id}`, { cookie: admin.cookie, body: { status: "draft" } });
  await t.api("DELETE", `/api/articles/${article.id}`, { cookie: admin.cookie });
  await t.api("PUT", "/api/pages/about", { cookie: admin.cookie, body: { pageId: "about", title: "About", content: "We are a desk" } });
  const invite = await t.api("POST", "/api/admin/staff/invitations", { cookie: admin.cookie, body: { email: "audited@example.com", role: "editor" } });
  expect(invite.status).toBe(201);

  const mine = await audit(admin.cookie, `?actor=${admin.staff.id}`);
  const actions = mine.map((e) => e.action);
  for (const action of ["login.success", "login.failure", "article.create", "article.publish", "article.unpublish", "article.delete", "pages.update", "staff.invite"]) expect(actions).toContain(action);
  expect(mine.find((e) => e.action === "article.publish")).toMatchObject({ actorEmail: admin.staff.email, targetType: "articles", targetId: String(article.id), summary: expect.stringContaining("status: draft → published") });
  expect(mine.find((e) => e.action === "login.failure")).toMatchObject({ summary: "wrong password or suspended account" });
  expect(JSON.stringify(mine)).not.toContain("wrong password\""); // never the password itself
  expect((await audit(admin.cookie, "?action=article.")).every((e) => String(e.action).startsWith("article."))).toBe(true);
  expect(await audit(admin.cookie, `?since=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`)).toEqual([]);
  const page = await audit(admin.cookie, `?actor=${encodeURIComponent(admin.staff.email!)}&limit=2`);
  expect(page).toHaveLength(2);
  const next = await audit(admin.cookie, `?actor=${encodeURIComponent(admin.staff.email!)}&limit=2&cursor=${String(page[1].id)}`);
  expect(Number(next[0].id)).toBeLessThan(Number(page[1].id));

  // an editor may not read it, and no procedure deletes it
  const editor = await staffSession(t, "editor");
  expect((await t.api("GET", "/api/admin/audit", { cookie: editor.cookie })).status).toBe(403);
  expect(listProcedures().filter((p) => p.path.startsWith("newsroom.") && p.method === "DELETE")).toEqual([]);
  expect((await t.api("DELETE", "/api/admin/audit", { cookie: admin.cookie })).status).toBe(404);
});

test("a failed sign-in with an unknown address is logged without an actor id; suspension is logged as a staff change", async () => {
  const owner = await t.login();
  await t.api("POST", "/api/admin/login", { body: { email: "intruder@example.com", password: "guess guess guess" } });
  const { staff } = await staffSession(t, "author");
  await t.api("PATCH", `/api/admin/staff/${staff.id}`, { cookie: owner, body: { status: "suspended" } });
  const entries = await audit(owner, "?action=login.failure");
  expect(entries.find((e) => e.actorEmail === "intruder@example.com")).toMatchObject({ actorId: null, summary: "unknown address" });
  expect((await audit(owner, "?action=staff.update"))[0]).toMatchObject({ targetId: String(staff.id), summary: expect.stringContaining("status: active → suspended") });
  await expect(signIn(t, staff.email!)).rejects.toThrow();
});
