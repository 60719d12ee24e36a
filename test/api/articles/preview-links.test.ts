// Issue 13: preview links show an article of any status to link holders for PREVIEW_DAYS days, never cached, never listed.
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import express from "express";
import { installFeeds } from "../../../src/ssr/feeds.js";
import { renderHead } from "../../../src/ssr/index.js";
import { routes } from "../../../web/pageData.js";
import { createArticle } from "../../helpers/factories.js";
import { createTestApp, type TestApp } from "../../helpers/testApp.js";
import { sha256 } from "../../../src/lib/password.js";
import { countRows, expectNoStack } from "../../helpers/dbSnapshot.js";

const DAY = 86_400_000;
let t: TestApp;
let cookie: string;
let feeds: Server;
let feedsBase: string;
let clock: Date;

beforeAll(async () => {
  t = await createTestApp({ SITE_URL: "https://news.example.com", PREVIEW_DAYS: "3" });
  cookie = await t.login();
  clock = new Date("2026-06-01T12:00:00.000Z");
  t.services.previews.now = () => clock;
  const app = express();
  installFeeds(app, t.services);
  feeds = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => feeds.once("listening", resolve));
  feedsBase = `http://127.0.0.1:${(feeds.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => feeds.close(resolve));
  await t.close();
});

const tokenOf = (url: string) => url.split("/preview/")[1];

test("a preview link shows a draft, a scheduled and a published article to anyone holding it, never cached", async () => {
  const draft = await createArticle(t.services, { title: "Secret draft on frigates", status: "draft" });
  const scheduled = await createArticle(t.services, { title: "Scheduled piece", publishedAt: new Date(Date.now() + 30 * DAY).toISOString() });
  const published = await createArticle(t.services, { title: "Published piece" });
  expect((await t.api("GET", `/api/articles/slug/${draft.slug}`)).status).toBe(404);

  for (const article of [draft, scheduled, published]) {
    const res = await t.api("POST", `/api/articles/${article.id}/previews`, { cookie });
    expect(res.status).toBe(201);
    expect(res.headers.get("location")).toBe(`/api/previews/${res.body.id}`);
    expect(res.body.url).toMatch(/^https:\/\/news\.example\.com\/preview\/[A-Za-z0-9_-]{32}$/);
    expect(res.body.expiresAt).toBe("2026-06-04T12:00:00.000Z");
    const view = await t.api("GET", `/api/previews/${tokenOf(res.body.url)}`);
    expect(view.status).toBe(200);
    expect(view.body).toMatchObject({ id: article.id, title: article.title, contentHtml: article.contentHtml });
    expect(view.headers.get("cache-control")).toBe("private, no-store");
  }
});

test("links expire after PREVIEW_DAYS by the clock; an expired, revoked or unknown link is the same 404", async () => {
  const article = await createArticle(t.services, { title: "Expiring draft", status: "draft" });
  const { url, id } = (await t.api("POST", `/api/articles/${article.id}/previews`, { cookie })).body;
  const token = tokenOf(url);
  expect(id).toMatch(/^[0-9a-f]{16}$/);
  clock = new Date("2026-06-04T11:59:59.000Z");
  expect((await t.api("GET", `/api/previews/${token}`)).status).toBe(200);
  clock = new Date("2026-06-04T12:00:00.000Z");
  const expired = await t.api("GET", `/api/previews/${token}`);
  expect(expired.status).toBe(404);
  expect(expired.headers.get("cache-control")).toBe("private, no-store");
  expectNoStack(expired.text);
  const unknown = await t.api("GET", "/api/previews/not-a-real-token-at-all");
  expect(unknown.status).toBe(404);
  expect(unknown.body.message).toBe(expired.body.message);
  const listed = (await t.api("GET", `/api/articles/${article.id}/previews`, { cookie })).body;
  expect(listed).toEqual([expect.objectContaining({ active: false, revokedAt: null })]);
  clock = new Date("2026-06-01T12:00:00.000Z");
});

test("links are listed on the article and revoked at once", async () => {
  const article = await createArticle(t.services, { title: "Revocable draft", status: "draft" });
  const first = (await t.api("POST", `/api/articles/${article.id}/previews`, { cookie })).body;
  clock = new Date("2026-06-01T13:00:00.000Z");
  const second = (await t.api("POST", `/api/articles/${article.id}/previews`, { cookie })).body;
  expect(tokenOf(first.url)).not.toBe(tokenOf(second.url));
  const list = (await t.api("GET", `/api/articles/${article.id}/previews`, { cookie })).body;
  expect(list.map((p: any) => p.id)).toEqual([second.id, first.id]);
  expect(list.every((p: any) => p.active)).toBe(true);
  // the list names links by id: their addresses were shown once, when they were made
  expect(list.some((p: any) => "token" in p || "url" in p)).toBe(false);

  const revoked = await t.api("DELETE", `/api/previews/${tokenOf(first.url)}`, { cookie });
  expect(revoked.status).toBe(200);
  expect(revoked.body).toMatchObject({ active: false, revokedAt: "2026-06-01T13:00:00.000Z" });
  expect((await t.api("GET", `/api/previews/${tokenOf(first.url)}`)).status).toBe(404);
  expect((await t.api("GET", `/api/previews/${tokenOf(second.url)}`)).status).toBe(200);
  // revoked by its id, as the newsroom's list names it
  const admin = await t.caller(true);
  expect(await admin.previews.revoke({ token: second.id })).toMatchObject({ id: second.id, active: false });
  expect((await t.api("GET", `/api/previews/${tokenOf(second.url)}`)).status).toBe(404);
  expect((await t.api("DELETE", "/api/previews/unknown-token", { cookie })).status).toBe(404);
  clock = new Date("2026-06-01T12:00:00.000Z");
});

test("deleting the article deletes its links", async () => {
  const article = await createArticle(t.services, { status: "draft" });
  const { url } = (await t.api("POST", `/api/articles/${article.id}/previews`, { cookie })).body;
  await t.api("DELETE", `/api/articles/${article.id}`, { cookie });
  expect((await t.api("GET", `/api/previews/${tokenOf(url)}`)).status).toBe(404);
  expect(await t.ds.query("SELECT id FROM article_preview_link WHERE articleId = ?", [article.id])).toEqual([]);
  expect((await t.api("POST", `/api/articles/${article.id}/previews`, { cookie })).status).toBe(404);
});

test("previewed drafts and their links never reach a feed, a sitemap or the public API", async () => {
  const article = await createArticle(t.services, { title: "Unreleased carrier story", slug: "unreleased-carrier-story", status: "draft" });
  const { url } = (await t.api("POST", `/api/articles/${article.id}/previews`, { cookie })).body;
  await t.api("GET", `/api/previews/${tokenOf(url)}`);
  for (const path of ["/rss.xml", "/category/land/rss.xml", "/sitemap.xml", "/news-sitemap.xml"]) {
    const body = await (await fetch(feedsBase + path)).text();
    expect([path, body.includes("unreleased-carrier-story"), body.includes("/preview/"), body.includes(tokenOf(url))]).toEqual([path, false, false, false]);
  }
  const list = await t.api("GET", "/api/articles?q=unreleased");
  expect(list.body).toEqual([]);
});

test("the preview page route is private, no-store and noindex, and its head never carries structured data", () => {
  const route = routes.find((r) => r.path === "/preview/:token")!;
  expect(route.noStore).toBe(true);
  const site = { siteName: "Defense Sentinel", siteUrl: "https://news.example.com", timeZone: "UTC", stockSymbols: [] };
  const article = { id: 1, slug: "s", title: "T", excerpt: "E", author: "A", category: "sea", contentTier: "news_brief", imageUrl: null, imageAlt: null, isBreaking: false, isPremium: false, status: "draft", publishedAt: null, createdAt: "2026-06-01T12:00:00.000Z", updatedAt: "2026-06-01T12:00:00.000Z", content: "c", contentHtml: "<p>c</p>", headings: [] };
  for (const data of [article, undefined]) {
    const html = renderHead(route.head!(data as never, site, { token: "tok" }, new URLSearchParams()), site);
    expect(html).toContain('<meta name="robots" content="noindex">');
    expect(html).not.toContain("application/ld+json");
    expect(html).toContain('<link rel="canonical" href="https://news.example.com/preview/tok">');
  }
});

test("every preview admin door answers 401 without a session and changes nothing; the public view needs none", async () => {
  const article = await createArticle(t.services, { status: "draft" });
  const { url } = (await t.api("POST", `/api/articles/${article.id}/previews`, { cookie })).body;
  const token = tokenOf(url);
  const before = await countRows(t.ds);
  for (const c of [undefined, "ds_session=forged"]) {
    for (const [method, path] of [["POST", `/api/articles/${article.id}/previews`], ["GET", `/api/articles/${article.id}/previews`], ["DELETE", `/api/previews/${token}`]]) {
      const res = await t.api(method, path, { cookie: c });
      expect([method, path, res.status]).toEqual([method, path, 401]);
      expectNoStack(res.text);
    }
    expect((await t.api("POST", "/api/trpc/previews.create", { cookie: c, body: { id: article.id } })).status).toBe(401);
    expect((await t.api("POST", "/api/trpc/previews.revoke", { cookie: c, body: { token } })).status).toBe(401);
    expect((await t.api("GET", `/api/trpc/previews.list?input=${encodeURIComponent(JSON.stringify({ id: article.id }))}`, { cookie: c })).status).toBe(401);
  }
  const anonymous = await t.caller();
  await expect(anonymous.previews.create({ id: article.id })).rejects.toMatchObject({ code: "UNAUTHORIZED" });
  await expect(anonymous.previews.revoke({ token })).rejects.toMatchObject({ code: "UNAUTHORIZED" });
  expect(await countRows(t.ds)).toEqual(before);
  expect((await t.api("GET", `/api/previews/${token}`)).status).toBe(200);
  expect((await anonymous.previews.view({ token })).id).toBe(article.id);
});

test("only the SHA-256 of a link's token is stored; the token is in the answer that made the link and nowhere else", async () => {
  const article = await createArticle(t.services, { title: "Hashed draft", status: "draft" });
  const made = (await t.api("POST", `/api/articles/${article.id}/previews`, { cookie })).body;
  const token = tokenOf(made.url);
  expect(made.token).toBe(token);
  const rows = await t.ds.query("SELECT * FROM article_preview_link WHERE articleId = ?", [article.id]);
  expect(rows).toHaveLength(1);
  expect(rows[0].tokenHash).toBe(sha256(token));
  expect(JSON.stringify(rows)).not.toContain(token);
  expect(JSON.stringify((await t.api("GET", `/api/articles/${article.id}/previews`, { cookie })).body)).not.toContain(token);
  // the link opens by its token; the stored hash or the id do not open it
  expect((await t.api("GET", `/api/previews/${token}`)).status).toBe(200);
  expect((await t.api("GET", `/api/previews/${rows[0].tokenHash}`)).status).toBe(404);
  expect((await t.api("GET", `/api/previews/${made.id}`)).status).toBe(404);
});

test("the migration hashes the links stored in clear before it: they keep working, and no clear token is left", async () => {
  const article = await createArticle(t.services, { title: "Draft shared before the upgrade", status: "draft" });
  for (;;) {
    const [last] = await t.ds.query("SELECT name FROM migrations ORDER BY id DESC LIMIT 1");
    await t.ds.undoLastMigration({ transaction: "each" });
    if (String(last.name).startsWith("PreviewTokenHashes")) break;
  }
  const old = [
    ["OldLinkStillValid_aaaaaaaaaaaaaaaa", "2026-06-03 12:00:00.000", null],
    ["OldLinkRevoked_bbbbbbbbbbbbbbbbbbb", "2026-06-03 12:00:00.000", "2026-06-01 11:00:00.000"],
  ] as const;
  for (const [token, expiresAt, revokedAt] of old) {
    await t.ds.query("INSERT INTO article_preview (token, articleId, createdAt, expiresAt, revokedAt) VALUES (?, ?, ?, ?, ?)", [token, article.id, "2026-05-31 12:00:00.000", expiresAt, revokedAt]);
  }
  await t.ds.runMigrations({ transaction: "each" });
  // Undoing the staff-accounts migration (issue 25) ended the newsroom's sessions: sign in again.
  cookie = await t.login();
  expect((await t.api("GET", `/api/previews/${old[0][0]}`)).body).toMatchObject({ id: article.id, title: "Draft shared before the upgrade" });
  expect((await t.api("GET", `/api/previews/${old[1][0]}`)).status).toBe(404);
  const rows = await t.ds.query("SELECT * FROM article_preview_link WHERE articleId = ? ORDER BY tokenHash", [article.id]);
  expect(rows.map((r: any) => r.tokenHash).sort()).toEqual(old.map(([token]) => sha256(token)).sort());
  expect(rows.every((r: any) => /^[0-9a-f]{16}$/.test(r.id))).toBe(true);
  const listed = (await t.api("GET", `/api/articles/${article.id}/previews`, { cookie })).body;
  expect(listed.map((p: any) => [p.expiresAt, p.revokedAt, p.active])).toHaveLength(2);
  expect(listed.map((p: any) => [p.expiresAt, p.revokedAt, p.active])).toEqual(expect.arrayContaining([["2026-06-03T12:00:00.000Z", "2026-06-01T11:00:00.000Z", false], ["2026-06-03T12:00:00.000Z", null, true]]));
  expect(JSON.stringify(rows)).not.toMatch(/OldLink/);
});
