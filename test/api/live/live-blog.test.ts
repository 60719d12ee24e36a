// Live blogs (issue 26): the newsroom's posts through every door, the event stream (ids, resume with Last-Event-ID,
// headers), the page cache dropping exactly the live blog's answers, the paywall of a premium live blog, the partner
// event and the JSON-LD of the page.
import { LiveEvent } from "../../../src/entities/LiveEvent.js";
import { WebhookDelivery } from "../../../src/entities/WebhookDelivery.js";
import { installFeeds } from "../../../src/ssr/feeds.js";
import { createArticle, createApiKey } from "../../helpers/factories.js";
import { bearer } from "../../helpers/partner.js";
import { openSse } from "../../helpers/sse.js";
import { staffSession } from "../../helpers/staff.js";
import { createTestApp, type TestApp } from "../../helpers/testApp.js";

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp({ OUTBOUND_ALLOW_LOCAL: "true" }, (services) => [(app) => installFeeds(app, services)]);
  admin = await t.login();
});
afterAll(() => t.close());

async function liveBlog(overrides: Parameters<typeof createArticle>[1] = {}) {
  const article = await createArticle(t.services, { title: "Carrier group transits the strait", ...overrides });
  const res = await t.api("PUT", `/api/articles/${article.id}`, { cookie: admin, body: { liveStatus: "live" } });
  expect(res.status).toBe(200);
  return article;
}
const post = (id: number, body: Record<string, unknown>, cookie = admin) => t.api("POST", `/api/articles/${id}/live-posts`, { cookie, body });

test("an article goes live and ends; the card carries its state and coverage times", async () => {
  const article = await liveBlog();
  const live = await t.api("GET", `/api/articles/${article.id}`);
  expect(live.body).toMatchObject({ liveStatus: "live", liveEndedAt: null });
  expect(Date.parse(live.body.liveStartedAt)).toBeGreaterThan(0);
  const ended = await t.api("PUT", `/api/articles/${article.id}`, { cookie: admin, body: { liveStatus: "ended" } });
  expect(ended.body).toMatchObject({ liveStatus: "ended", liveStartedAt: live.body.liveStartedAt });
  expect(Date.parse(ended.body.liveEndedAt)).toBeGreaterThanOrEqual(Date.parse(live.body.liveStartedAt));
  expect((await t.api("PUT", `/api/articles/${article.id}`, { cookie: admin, body: { liveStatus: "paused" } })).status).toBe(400);
  expect((await t.api("PUT", `/api/articles/${article.id}`, { cookie: admin, body: { liveStatus: null } })).body).toMatchObject({ liveStatus: null, liveStartedAt: null, liveEndedAt: null });
  const cards = await t.api("GET", "/api/home");
  expect(JSON.stringify(cards.body)).toContain('"liveStatus"');
});

test("posts are created (201), edited and deleted by the newsroom only; bad input is a 400 that stores nothing", async () => {
  const article = await liveBlog();
  const created = await post(article.id, { body: "**Strike** reported <script>alert(1)</script> [x](javascript:alert(1))", title: "First reports", isKeyEvent: true });
  expect(created.status).toBe(201);
  expect(created.body).toMatchObject({ articleId: article.id, title: "First reports", isKeyEvent: true, pinned: false });
  expect(Object.keys(created.body)).toEqual(expect.arrayContaining(["id", "articleId", "createdAt", "updatedAt", "body", "title", "isKeyEvent", "pinned"]));
  expect(created.body.bodyHtml).toContain("<strong>Strike</strong>");
  expect(created.body.bodyHtml).not.toMatch(/<script|javascript:/);

  const anonymous = [post(article.id, { body: "x" }, ""), t.api("PUT", `/api/articles/${article.id}/live-posts/${created.body.id}`, { body: { body: "y" } }), t.api("DELETE", `/api/articles/${article.id}/live-posts/${created.body.id}`)];
  expect((await Promise.all(anonymous)).map((r) => r.status)).toEqual([401, 401, 401]);
  const reader = (await createApiKey(t, admin, ["content:read"])).key;
  expect((await t.api("POST", `/api/articles/${article.id}/live-posts`, { headers: bearer(reader), body: { body: "x" } })).status).toBe(403);
  const writer = (await createApiKey(t, admin, ["articles:write"])).key;
  expect((await t.api("POST", `/api/articles/${article.id}/live-posts`, { headers: bearer(writer), body: { body: "From a partner tool" } })).status).toBe(201);

  const count = await t.ds.getRepository(LiveEvent).countBy({ articleId: article.id });
  const bad = [
    post(article.id, {}),
    post(article.id, { body: "   " }),
    post(article.id, { body: "x".repeat(10_001) }),
    post(article.id, { body: "x", title: "t".repeat(201) }),
    post(article.id, { body: "x", isKeyEvent: "yes" }),
    post(article.id, { body: "x", imageUrl: "javascript:alert(1)" }),
    post(999_999, { body: "x" }),
  ];
  expect((await Promise.all(bad)).map((r) => r.status)).toEqual([400, 400, 400, 400, 400, 400, 404]);
  const ordinary = await createArticle(t.services);
  expect((await post(ordinary.id, { body: "x" })).status).toBe(409);
  expect(await t.ds.getRepository(LiveEvent).countBy({ articleId: article.id })).toBe(count);

  const edited = await t.api("PUT", `/api/articles/${article.id}/live-posts/${created.body.id}`, { cookie: admin, body: { body: "Strike *confirmed*", pinned: true } });
  expect(edited.body).toMatchObject({ id: created.body.id, title: "First reports", pinned: true, isKeyEvent: true });
  expect(edited.body.bodyHtml).toContain("<em>confirmed</em>");
  expect((await t.api("PUT", `/api/articles/${ordinary.id}/live-posts/${created.body.id}`, { cookie: admin, body: { body: "y" } })).status).toBe(404);
  expect((await t.api("DELETE", `/api/articles/${article.id}/live-posts/${created.body.id}`, { cookie: admin })).body).toEqual({ success: true });
  expect((await t.api("DELETE", `/api/articles/${article.id}/live-posts/${created.body.id}`, { cookie: admin })).status).toBe(404);
});

test("live blogs are editors' work (issue 25): an author can neither start one on their own article nor post; an editor does both, and the posts are in the audit log", async () => {
  const author = await staffSession(t, "author");
  const editor = await staffSession(t, "editor");
  const own = (await t.api("POST", "/api/articles", { cookie: author.cookie, body: { title: "The author's own story", content: "Body.", category: "sea" } })).body;
  const refused = await t.api("PUT", `/api/articles/${own.id}`, { cookie: author.cookie, body: { liveStatus: "live" } });
  expect([refused.status, refused.body.message]).toEqual([403, expect.stringMatching(/live blogs/)]);
  expect((await t.api("PUT", `/api/articles/${own.id}`, { cookie: author.cookie, body: { title: "The author's own story, edited" } })).status).toBe(200);
  expect((await t.api("PUT", `/api/articles/${own.id}`, { cookie: editor.cookie, body: { liveStatus: "live" } })).body).toMatchObject({ liveStatus: "live" });
  const byAuthor = await post(own.id, { body: "An update" }, author.cookie);
  expect([byAuthor.status, byAuthor.body.message]).toEqual([403, expect.stringMatching(/role/)]);
  const byEditor = await post(own.id, { body: "An update" }, editor.cookie);
  expect(byEditor.status).toBe(201);
  const entries = (await t.api("GET", `/api/admin/audit?actor=${editor.staff.id}`, { cookie: admin })).body;
  expect(entries[0]).toMatchObject({ action: "live.create", targetId: String(own.id) });
  // the unpublished posts of a live blog are the live desk's: a session whose role does not run live blogs reads only what readers read
  await t.api("PUT", `/api/articles/${own.id}`, { cookie: editor.cookie, body: { status: "draft" } });
  expect((await t.api("GET", `/api/articles/${own.id}/live-posts`, { cookie: editor.cookie })).body.map((p: { id: number }) => p.id)).toEqual([byEditor.body.id]);
  expect((await t.api("GET", `/api/articles/${own.id}/live-posts`, { cookie: author.cookie })).status).toBe(404);
});

test("posts list newest first, paged with before and a Link to the next page; drafts' posts are not public", async () => {
  const article = await liveBlog();
  const ids: number[] = [];
  for (let i = 1; i <= 5; i++) ids.push((await post(article.id, { body: `Update ${i}` })).body.id);
  const first = await t.api("GET", `/api/articles/${article.id}/live-posts?limit=2`);
  expect(first.body.map((p: { id: number }) => p.id)).toEqual([ids[4], ids[3]]);
  expect(first.headers.get("link")).toBe(`</api/articles/${article.id}/live-posts?before=${ids[3]}&limit=2>; rel="next"`);
  const next = await t.api("GET", `/api/articles/${article.id}/live-posts?before=${ids[3]}&limit=2`);
  expect(next.body.map((p: { id: number }) => p.id)).toEqual([ids[2], ids[1]]);
  expect((await t.api("GET", `/api/articles/${article.id}/live-posts?limit=0`)).status).toBe(400);
  await t.api("PUT", `/api/articles/${article.id}`, { cookie: admin, body: { status: "draft" } });
  expect((await t.api("GET", `/api/articles/${article.id}/live-posts`)).status).toBe(404);
  expect((await t.api("GET", `/api/articles/${article.id}/live`)).status).toBe(404);
});

test("the stream sends post, update, delete and end with ids; a reconnect with Last-Event-ID gets exactly what it missed", async () => {
  const article = await liveBlog();
  const url = `${t.baseUrl}/api/articles/${article.id}/live`;
  const stream = await openSse(url);
  expect(stream.status).toBe(200);
  expect(stream.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
  expect(stream.headers.get("x-accel-buffering")).toBe("no");
  expect(stream.headers.get("cache-control")).toBe("no-store");
  expect(stream.headers.get("content-encoding")).toBeNull();
  expect(stream.headers.get("x-cache")).toBeNull();

  const a = (await post(article.id, { body: "Alpha" })).body;
  await t.api("PUT", `/api/articles/${article.id}/live-posts/${a.id}`, { cookie: admin, body: { body: "Alpha, corrected" } });
  const events = await stream.waitFor(2);
  expect(stream.retry).toBe(2000);
  expect(events.map((e) => [e.event, JSON.parse(e.data).body])).toEqual([["post", "Alpha"], ["update", "Alpha, corrected"]]);
  const lastSeen = events[1].id!;
  await stream.close();

  // Missed while disconnected: a new post, a deletion, the end.
  const b = (await post(article.id, { body: "Bravo" })).body;
  await t.api("DELETE", `/api/articles/${article.id}/live-posts/${a.id}`, { cookie: admin });
  const c = (await post(article.id, { body: "Charlie" })).body;
  const resumed = await openSse(url, { "last-event-id": lastSeen });
  const more = await resumed.waitFor(3);
  expect(more.map((e) => [e.event, JSON.parse(e.data).id])).toEqual([["post", b.id], ["delete", a.id], ["post", c.id]]);
  expect(more.map((e) => Number(e.id))).toEqual([Number(lastSeen) + 1, Number(lastSeen) + 2, Number(lastSeen) + 3]);
  await t.api("PUT", `/api/articles/${article.id}`, { cookie: admin, body: { liveStatus: "ended" } });
  const all = await resumed.waitFor(4);
  expect(all.map((e) => e.event)).toEqual(["post", "delete", "post", "end"]);
  await resumed.close();

  // An ended live blog: a reconnect gets what it missed and the end, then the stream closes.
  const late = await openSse(url, { "last-event-id": String(Number(lastSeen) + 2) });
  await late.waitFor(5);
  expect(late.ended).toBe(true);
  expect(late.events.map((e) => e.event)).toEqual(["post", "end"]);
  await late.close();
  const upToDate = await t.api("GET", `/api/articles/${article.id}/live`, { headers: { "last-event-id": String(Number(lastSeen) + 4) } });
  expect(upToDate.status).toBe(204);
  expect((await t.api("GET", `/api/articles/${article.id}/live`, { headers: { "last-event-id": "abc" } })).status).toBe(400);
  expect((await t.api("GET", `/api/articles/${(await createArticle(t.services)).id}/live`)).status).toBe(404);
  expect((await t.api("GET", `/api/articles/0/live`)).status).toBe(400);
  expect(t.services.liveStreams.openCount()).toBe(0);
});

test("open streams are counted (also in /metrics), and a shutdown tells each to reconnect", async () => {
  const article = await liveBlog();
  const gauge = async () => Number(/^sse_streams_open (\d+)$/m.exec((await t.api("GET", "/metrics")).text)?.[1]);
  const before = await gauge();
  const streams = await Promise.all([1, 2, 3].map(() => openSse(`${t.baseUrl}/api/articles/${article.id}/live`)));
  expect(t.services.liveStreams.openCount()).toBe(3);
  expect(await gauge()).toBe(before + 3);
  t.services.liveStreams.closeAll();
  for (const s of streams) {
    await s.waitFor(1);
    expect(s.events.map((e) => e.event)).toEqual(["reconnect"]);
    expect(s.retry).toBe(500);
    await s.close();
  }
  await new Promise((r) => setTimeout(r, 50));
  expect(t.services.liveStreams.openCount()).toBe(0);
  expect(await gauge()).toBe(before);
});

test("each post drops exactly its live blog's cached page answers: others stay hits", async () => {
  const article = await liveBlog();
  const other = await liveBlog();
  const reads = [`/api/articles/${article.id}/live-posts`, `/api/articles/${article.id}/live-highlights`, `/live/${article.id}/rss.xml`];
  const otherRead = `/api/articles/${other.id}/live-posts`;
  for (const path of [...reads, otherRead, "/api/home"]) await t.api("GET", path);
  expect((await t.api("GET", reads[0])).headers.get("x-cache")).toBe("HIT");
  await post(article.id, { body: "Fresh update", isKeyEvent: true, title: "Fresh key event" });
  for (const path of reads) {
    const res = await t.api("GET", path);
    expect([path, res.headers.get("x-cache"), res.text.includes("Fresh")]).toEqual([path, "MISS", true]);
  }
  expect((await t.api("GET", otherRead)).headers.get("x-cache")).toBe("HIT");
  expect((await t.api("GET", "/api/home")).headers.get("x-cache")).toBe("HIT");
});

test("a premium live blog's bodies reach members and the newsroom only, through every door including the stream", async () => {
  const article = await liveBlog({ isPremium: true });
  const stream = await openSse(`${t.baseUrl}/api/articles/${article.id}/live`);
  const newsroom = await openSse(`${t.baseUrl}/api/articles/${article.id}/live`, { cookie: admin });
  await post(article.id, { body: "Members-only SECRET detail", title: "Public headline" });
  const [anon] = await stream.waitFor(1);
  const [staff] = await newsroom.waitFor(1);
  expect(JSON.parse(anon.data)).toMatchObject({ title: "Public headline", body: "", bodyHtml: "", gated: true });
  expect(JSON.parse(staff.data)).toMatchObject({ body: "Members-only SECRET detail" });
  await Promise.all([stream.close(), newsroom.close()]);
  const listed = await t.api("GET", `/api/articles/${article.id}/live-posts`);
  expect(listed.text).not.toContain("SECRET");
  expect(listed.body[0]).toMatchObject({ title: "Public headline", gated: true });
  const key = (await createApiKey(t, admin, ["content:read"])).key;
  expect((await t.api("GET", `/api/articles/${article.id}/live-posts`, { headers: bearer(key) })).text).not.toContain("SECRET");
  const asAdmin = await t.api("GET", `/api/articles/${article.id}/live-posts`, { cookie: admin });
  expect(asAdmin.body[0].body).toBe("Members-only SECRET detail");
  expect(asAdmin.headers.get("cache-control")).toContain("private");
  const feed = await t.api("GET", `/live/${article.id}/rss.xml`);
  expect([feed.status, feed.text.includes("Public headline"), feed.text.includes("SECRET")]).toEqual([200, true, false]);
});

test("partners subscribed to live.posted get each new post", async () => {
  const hook = await t.api("POST", "/api/admin/webhooks", { cookie: admin, body: { url: "http://127.0.0.1:9/hook", events: ["live.posted"] } });
  expect(hook.status).toBe(201);
  const article = await liveBlog();
  const created = (await post(article.id, { body: "Partner-visible update" })).body;
  await t.api("PUT", `/api/articles/${article.id}/live-posts/${created.id}`, { cookie: admin, body: { body: "edited" } });
  const rows = await t.ds.getRepository(WebhookDelivery).findBy({ endpointId: hook.body.id });
  expect(rows.map((r) => r.type)).toEqual(["live.posted"]);
  expect(JSON.parse(rows[0].payload).data).toMatchObject({ articleId: article.id, url: expect.stringContaining(`/article/${article.slug}#post-${created.id}`), post: { id: created.id, body: "Partner-visible update" } });
  await t.api("DELETE", `/api/admin/webhooks/${hook.body.id}`, { cookie: admin });
});
