import { useTestApp } from "../../helpers/testApp.js";
import { createArticle, createComment } from "../../helpers/factories.js";

const t = useTestApp({}, { signIn: true });

const comment = (articleId: number, status: "approved" | "pending" | "rejected", content: string) => createComment(t.services, { articleId, status, content });

test("every moderation procedure answers 401 without a session, through REST and tRPC, and changes nothing", async () => {
  const article = await createArticle(t.services);
  const held = await comment(article.id, "pending", "held text");
  expect((await t.api("GET", "/api/admin/comments")).status).toBe(401);
  expect((await t.api("PUT", `/api/admin/comments/${held.id}`, { body: { status: "approved" } })).status).toBe(401);
  expect((await t.api("DELETE", `/api/admin/comments/${held.id}`)).status).toBe(401);
  expect((await t.api("POST", "/api/admin/comments/bulk", { body: { ids: [held.id], action: "delete" } })).status).toBe(401);
  expect((await t.api("POST", "/api/admin/preview", { body: { content: "# Hi" } })).status).toBe(401);
  const trpcList = await t.api("GET", "/api/trpc/commentsAdmin.list?input=" + encodeURIComponent(JSON.stringify({})));
  expect(trpcList.status).toBe(401);
  const trpcBulk = await t.api("POST", "/api/trpc/commentsAdmin.bulk", { body: { ids: [held.id], action: "approve" } });
  expect(trpcBulk.status).toBe(401);
  const anonymous = await t.caller();
  await expect(anonymous.commentsAdmin.setStatus({ id: held.id, status: "approved" })).rejects.toMatchObject({ code: "UNAUTHORIZED" });
  const stored = await t.ds.query("SELECT status FROM comment WHERE id = ?", [held.id]);
  expect(stored[0].status).toBe("pending");
});

test("the list shows pending comments first (oldest first), then recent ones, with article, e-mail and reason", async () => {
  const article = await createArticle(t.services, { title: "Moderated article" });
  const approved = await comment(article.id, "approved", "approved text");
  const firstHeld = await comment(article.id, "pending", "first held");
  const secondHeld = await comment(article.id, "pending", "second held");
  const res = await t.api("GET", "/api/admin/comments", { cookie: t.cookie });
  expect(res.status).toBe(200);
  const ids = res.body.items.map((c: { id: number }) => c.id);
  const pendingIds = res.body.items.filter((c: { status: string }) => c.status === "pending").map((c: { id: number }) => c.id);
  expect(ids.slice(0, pendingIds.length)).toEqual(pendingIds);
  expect(ids.indexOf(firstHeld.id)).toBeLessThan(ids.indexOf(secondHeld.id));
  expect(ids.indexOf(secondHeld.id)).toBeLessThan(ids.indexOf(approved.id));
  expect(res.body.pending).toBe(pendingIds.length);
  const item = res.body.items.find((c: { id: number }) => c.id === firstHeld.id);
  expect(item).toMatchObject({ articleTitle: "Moderated article", articleSlug: article.slug, authorEmail: "reader@example.com", moderationReason: "Held by the test", status: "pending" });
  expect(res.headers.get("cache-control")).toContain("private");
  const onlyApproved = await t.api("GET", "/api/admin/comments?status=approved", { cookie: t.cookie });
  expect(onlyApproved.body.items.every((c: { status: string }) => c.status === "approved")).toBe(true);
});

test("approving publishes a comment, rejecting hides it, deleting removes it", async () => {
  const article = await createArticle(t.services);
  const held = await comment(article.id, "pending", "approve me");
  const approved = await t.api("PUT", `/api/admin/comments/${held.id}`, { cookie: t.cookie, body: { status: "approved" } });
  expect(approved.status).toBe(200);
  expect(approved.body.status).toBe("approved");
  let visible = await t.api("GET", `/api/articles/${article.id}/comments`);
  expect(visible.body.map((c: { id: number }) => c.id)).toEqual([held.id]);
  expect((await t.api("PUT", `/api/admin/comments/${held.id}`, { cookie: t.cookie, body: { status: "rejected" } })).body.status).toBe("rejected");
  visible = await t.api("GET", `/api/articles/${article.id}/comments`);
  expect(visible.body).toEqual([]);
  expect((await t.api("PUT", `/api/admin/comments/${held.id}`, { cookie: t.cookie, body: { status: "pending" } })).status).toBe(400);
  expect((await t.api("DELETE", `/api/admin/comments/${held.id}`, { cookie: t.cookie })).body).toEqual({ success: true });
  expect((await t.api("DELETE", `/api/admin/comments/${held.id}`, { cookie: t.cookie })).status).toBe(404);
  expect((await t.api("PUT", `/api/admin/comments/999999`, { cookie: t.cookie, body: { status: "approved" } })).status).toBe(404);
});

test("bulk actions change the comments that exist and report the ids that do not", async () => {
  const article = await createArticle(t.services);
  const a = await comment(article.id, "pending", "bulk a");
  const b = await comment(article.id, "pending", "bulk b");
  const res = await t.api("POST", "/api/admin/comments/bulk", { cookie: t.cookie, body: { ids: [a.id, b.id, 987654], action: "approve" } });
  expect(res.status).toBe(200);
  expect(res.body).toEqual({ succeeded: [a.id, b.id], failed: [987654] });
  expect((await t.api("GET", `/api/articles/${article.id}/comments`)).body).toHaveLength(2);
  const del = await t.api("POST", "/api/admin/comments/bulk", { cookie: t.cookie, body: { ids: [a.id, b.id], action: "delete" } });
  expect(del.body.succeeded).toEqual([a.id, b.id]);
  expect((await t.api("GET", `/api/articles/${article.id}/comments`)).body).toEqual([]);
  expect((await t.api("POST", "/api/admin/comments/bulk", { cookie: t.cookie, body: { ids: [], action: "delete" } })).status).toBe(400);
  expect((await t.api("POST", "/api/admin/comments/bulk", { cookie: t.cookie, body: { ids: [a.id], action: "publish" } })).status).toBe(400);
});

test("the procedures are documented in the OpenAPI document", async () => {
  const doc = await t.api("GET", "/api/openapi.json");
  expect(Object.keys(doc.body.paths)).toEqual(expect.arrayContaining(["/admin/comments", "/admin/comments/{id}", "/admin/comments/bulk", "/admin/preview"]));
  expect(doc.body.paths["/admin/comments"].get.summary).toMatch(/moderation/);
});
