// The site's own export: no secrets in it; restored into an empty site it gives back the same document (ids
// aside, which it never carries); a bad or hostile file, or a site that is not empty, changes nothing.
import fs from "node:fs";
import path from "node:path";
import { createApiKey, createArticle, createSubscriber } from "../../helpers/factories.js";
import { importOptionsSchema } from "../../../src/schemas/imports.js";
import { restoreExport } from "../../../src/services/export/restore.js";
import { createTestApp, type TestApp } from "../../helpers/testApp.js";
import { snapshotTables } from "../../helpers/dbSnapshot.js";

const SAMPLE = path.resolve(import.meta.dirname, "../../fixtures/wordpress-theme-unit-test.wxr.xml");
let exported: { text: string; doc: Record<string, any> };
let secrets: string[];

async function exportOf(t: TestApp) {
  const res = await fetch(`${t.baseUrl}/api/admin/export?revisions=true`, { headers: { cookie: await t.login() } });
  expect(res.status).toBe(200);
  expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="defense-sentinel-export-\d{4}-\d{2}-\d{2}\.json"$/);
  const text = await res.text();
  return { text, doc: JSON.parse(text) };
}
const withoutTime = (doc: Record<string, any>) => ({ ...doc, exportedAt: undefined });

beforeAll(async () => {
  const t = await createTestApp();
  try {
    const s = t.services;
    await s.wordpress.run({ read: () => fs.createReadStream(SAMPLE) }, importOptionsSchema.parse({ stickyAsBreaking: true }));
    const article = await createArticle(s, { slug: "frigate-contract", title: "Frigate contract signed", content: "## Terms\n\nSix ships.", category: "sea", isPremium: true, contentTier: "premium_analysis" });
    await s.articles.update({ id: article.id, title: "Frigate contract signed at last", status: "draft" });
    await s.articles.update({ id: article.id, status: "published" });
    const comment = await s.commentService.post({ articleId: article.id, authorName: "Ann", authorEmail: "ann@example.com", content: "Good piece" });
    await s.commentModeration.setStatus(comment.id, "rejected");
    await s.contacts.create({ label: "Licensing Desk", email: "licensing@example.com", phone: "+1 555 0100" });
    await s.pages.save("about", "About us", "# About\n\nWe report on defence.");
    await createSubscriber(s, "reader@example.com");
    await createSubscriber(s, "pending@example.com", "pending");
    await s.siteSettings.update({ ...(await s.siteSettings.get()), targets: { ...(await s.siteSettings.get()).targets } });
    await s.redirects.create("/old-frigate", "/article/frigate-contract");
    await fetch(`${t.baseUrl}/old-frigate`, { redirect: "manual" });
    await s.redirects.flushHits();
    // Secrets that must never be exported.
    const key = await createApiKey(t, await t.login(), ["content:read"], { label: "Aggregator" });
    secrets = [key.key, String((await t.ds.query("SELECT value FROM setting WHERE `key` LIKE '%password%'"))[0]?.value ?? "no-hash"), t.config.appSecret ?? "test-secret-test-secret-test-secret"];
    exported = await exportOf(t);
  } finally {
    await t.close();
  }
}, 120_000);

test("the export is a versioned document with every kind, and no secret", () => {
  const { doc, text } = exported;
  expect(doc).toMatchObject({ format: "defense-sentinel-export", version: 1, site: { name: "Defense Sentinel" } });
  expect(doc.articles.length).toBeGreaterThan(55);
  expect(doc.articles.find((a: { slug: string }) => a.slug.startsWith("frigate-contract")).revisions.map((r: { kind: string }) => r.kind)).toEqual(["create", "status", "status"]);
  expect(doc.comments.length).toBeGreaterThan(20);
  expect(doc.pages).toEqual([expect.objectContaining({ id: "about", title: "About us" })]);
  expect(doc.contacts).toEqual([expect.objectContaining({ id: "licensing_desk", phone: "+1 555 0100" })]);
  expect(doc.subscribers).toEqual([expect.objectContaining({ email: "reader@example.com", status: "active", confirmedAt: expect.any(String) }), expect.objectContaining({ email: "pending@example.com", status: "pending", confirmedAt: null })]);
  expect(doc.redirects.find((r: { source: string }) => r.source === "/old-frigate")).toMatchObject({ origin: "admin", hits: 1 });
  expect(doc.redirects.length).toBeGreaterThan(600);
  for (const secret of secrets) expect(text).not.toContain(secret);
  expect(text).not.toMatch(/keyHash|passwordHash|scrypt|whsec_|dsk_|token/i);
  expect(Object.keys(doc)).toEqual(["format", "version", "exportedAt", "site", "articles", "comments", "pages", "contacts", "subscribers", "settings", "redirects"]);
});

test("export → restore into a fresh database → export gives the same document", async () => {
  const t = await createTestApp();
  try {
    const restored = await restoreExport(t.services, exported.text);
    expect(restored).toMatchObject({ articles: exported.doc.articles.length, comments: exported.doc.comments.length, subscribers: 2, redirects: exported.doc.redirects.length });
    const again = await exportOf(t);
    expect(withoutTime(again.doc)).toEqual(withoutTime(exported.doc));
    // The restored site works: search, comments, redirects.
    expect((await t.api("GET", "/api/articles?q=frigate")).body[0].title).toBe("Frigate contract signed at last");
    expect((await fetch(`${t.baseUrl}/old-frigate`, { redirect: "manual" })).status).toBe(301);
    // A second restore into the now full site is refused and changes nothing.
    const before = await snapshotTables(t.ds);
    await expect(restoreExport(t.services, exported.text)).rejects.toThrow(/not empty/);
    expect(await snapshotTables(t.ds)).toEqual(before);
  } finally {
    await t.close();
  }
}, 120_000);

test("a bad or hostile export changes nothing", async () => {
  const t = await createTestApp();
  try {
    const before = await snapshotTables(t.ds);
    const doc = exported.doc;
    const bad = [
      "not json",
      JSON.stringify({ ...doc, version: 2 }),
      JSON.stringify({ ...doc, redirects: [{ ...doc.redirects[0], target: "//evil.example" }] }),
      JSON.stringify({ ...doc, comments: [{ ...doc.comments[0], article: "missing" }] }),
      JSON.stringify({ ...doc, articles: [...doc.articles, doc.articles[0]] }),
    ];
    for (const text of bad) await expect(restoreExport(t.services, text)).rejects.toThrow(/not JSON|not a valid export|does not have|two articles/);
    // HTML in an export is never trusted: it is rendered again from the markdown, through the sanitiser.
    const hostile = { ...doc, articles: [{ ...doc.articles[0], content: '<img src=x onerror="alert(1)"> <script>alert(2)</script>text', contentHtml: "<script>alert(3)</script>" }], comments: [], redirects: [] };
    expect(await snapshotTables(t.ds)).toEqual(before);
    await restoreExport(t.services, JSON.stringify(hostile));
    const article = await t.api("GET", `/api/articles/${(await t.api("GET", "/api/admin/articles", { cookie: await t.login() })).body.items[0].id}?admin=true`, { cookie: await t.login() });
    expect(article.body.contentHtml).not.toMatch(/onerror|<script/);
  } finally {
    await t.close();
  }
}, 60_000);
