// Issue 22, item 14: a browser's cross-site request never changes anything. Every mutation of the router, through
// REST and through tRPC, sent with the administrator's cookie and a foreign Origin (or Sec-Fetch-Site: cross-site)
// is a 403 that stores nothing; the doors outside the router (upload, one-click unsubscribe, Stripe's webhook) too.
// Servers send no Origin: a partner's API key and Stripe's signed events still pass.
import sharp from "sharp";
import { CROSS_SITE_MESSAGE } from "../../../src/http/sameOrigin.js";
import { createArticle, createApiKey, createSubscriber, createWebhook } from "../../helpers/factories.js";
import { event, signed, startFakeStripe, type FakeStripe } from "../../helpers/fakeStripe.js";
import { bearer } from "../../helpers/partner.js";
import { listProcedures, type ProcedureInfo } from "../../helpers/procedures.js";
import { createTestApp, TEST_PASSWORD, type TestApp } from "../../helpers/testApp.js";
import { expectNoStack, snapshotTables } from "../../helpers/dbSnapshot.js";

const SITE_URL = "https://news.example.com";
const FOREIGN: Array<Record<string, string>> = [
  { origin: "https://evil.example" },
  { "sec-fetch-site": "cross-site" },
  { origin: "null" },
  { origin: "https://news.example.com.evil.example", "sec-fetch-site": "cross-site" },
  // a browser's word wins over an Origin that looks like ours
  { origin: SITE_URL, "sec-fetch-site": "same-site" },
];

let stripe: FakeStripe;
let t: TestApp;
let cookie: string;
let inputs: Record<string, Record<string, unknown>>;

// Every mutation of the router: derived from the router itself, so a new one is in the sweep the day it lands.
const mutations = listProcedures().filter((p) => p.type === "mutation");

beforeAll(async () => {
  stripe = await startFakeStripe();
  t = await createTestApp({ ...stripe.env, SITE_URL, RATE_LIMIT_NEWSLETTER: "1000", RATE_LIMIT_SIGN_IN: "1000" });
  cookie = await t.login();
  const article = await createArticle(t.services, { title: "Guarded article" });
  const doomed = await createArticle(t.services, { title: "Article to delete" });
  await t.api("PUT", `/api/articles/${article.id}`, { cookie, body: { title: "Guarded article, edited" } });
  const [revision] = (await t.api("GET", `/api/articles/${article.id}/revisions`, { cookie })).body;
  const contact = await t.services.contacts.create({ label: "Guarded contact", email: "g@example.com" });
  await t.services.pages.save("careers", "Edited careers", "Edited");
  const comment = await t.services.commentService.post({ articleId: article.id, authorName: "G", authorEmail: "g@example.com", content: "Guarded comment" });
  const preview = (await t.api("POST", `/api/articles/${article.id}/previews`, { cookie })).body;
  const key = await createApiKey(t, cookie, ["content:read"]);
  const hook = await createWebhook(t, cookie, "https://hooks.example.com/in", ["article.published"]);
  await createSubscriber(t.services, "pending.reader@example.com", "pending");
  await createSubscriber(t.services, "active.reader@example.com");
  inputs = {
    "articles.create": { title: "Forged", content: "Forged body" },
    "articles.update": { id: article.id, title: "Forged title" },
    "articles.delete": { id: doomed.id },
    "comments.create": { articleId: article.id, authorName: "Forger", authorEmail: "f@example.com", content: "Forged comment" },
    "contacts.create": { label: "Forged", email: "forged@example.com" },
    "contacts.update": { id: contact.id, label: "Forged" },
    "contacts.delete": { id: contact.id },
    "pages.update": { pageId: "about", title: "Forged", content: "Forged" },
    "pages.reset": { pageId: "careers" },
    "newsletter.subscribe": { email: "victim@example.com" },
    "newsletter.confirm": { token: await t.services.newsletter.confirmToken("pending.reader@example.com") },
    "premium.subscribe": { email: "victim@example.com", plan: "monthly" },
    "account.signIn": { email: "victim@example.com" },
    "admin.login": { password: TEST_PASSWORD },
    "commentsAdmin.setStatus": { id: comment.id, status: "rejected" },
    "commentsAdmin.delete": { id: comment.id },
    "commentsAdmin.bulk": { ids: [comment.id], action: "delete" },
    "toolsAdmin.preview": { content: "# x" },
    "unsubscribe.confirm": { token: await t.services.newsletter.unsubscribeToken("active.reader@example.com") },
    "revisions.restore": { id: article.id, revisionId: revision.id },
    "previews.create": { id: article.id },
    "previews.revoke": { token: preview.url.split("/preview/")[1] },
    "partnerAdmin.createKey": { label: "Forged key", scopes: ["articles:write"] },
    "partnerAdmin.revokeKey": { id: key.id },
    "partnerAdmin.createWebhook": { url: "https://evil.example/hook", events: ["article.published"] },
    "partnerAdmin.updateWebhook": { id: hook.id, url: "https://evil.example/hook" },
    "partnerAdmin.deleteWebhook": { id: hook.id },
  };
});
afterAll(async () => {
  await t.close();
  await stripe.close();
});

const inputFor = (p: ProcedureInfo) => inputs[p.path] ?? {};
const restUrl = (p: ProcedureInfo, input: Record<string, unknown>) => "/api" + p.restPath!.replace(/\{(\w+)\}/g, (_m, name) => encodeURIComponent(String((input[name] ?? 1) as string | number)));

test("the sweep covers the body-less state changes the review found (create preview, restore, send, reset, sign out)", () => {
  const paths = mutations.map((p) => p.path);
  for (const path of ["previews.create", "revisions.restore", "newsletterAdmin.send", "pages.reset", "account.signOut", "admin.logout", "articles.create"]) expect([path, paths.includes(path)]).toEqual([path, true]);
});

test("REST: every mutation with the admin cookie and a foreign Origin or Sec-Fetch-Site is a 403 with a JSON message; nothing changes", async () => {
  const before = await snapshotTables(t.ds);
  for (const p of mutations.filter((q) => q.restPath)) {
    const input = inputFor(p);
    for (const headers of FOREIGN) {
      const res = await t.api(p.method!, restUrl(p, input), { cookie, headers, body: p.method === "DELETE" ? undefined : input });
      expect([p.path, headers, res.status, res.body?.message]).toEqual([p.path, headers, 403, CROSS_SITE_MESSAGE]);
      expect(res.body.code).toBe("FORBIDDEN");
      expectNoStack(res.text);
    }
  }
  expect(await snapshotTables(t.ds)).toEqual(before);
  // the session survived the forged sign-outs
  expect((await t.api("GET", "/api/admin/status", { cookie })).status).toBe(200);
});

test("tRPC: every mutation, alone and batched, with the admin cookie from another site is a 403 in tRPC's envelope; nothing changes", async () => {
  const before = await snapshotTables(t.ds);
  for (const p of mutations) {
    for (const headers of FOREIGN) {
      const res = await t.api("POST", `/api/trpc/${p.path}`, { cookie, headers, body: inputFor(p) });
      expect([p.path, headers, res.status, res.body?.error?.message]).toEqual([p.path, headers, 403, CROSS_SITE_MESSAGE]);
      expect(res.body.error.data).toMatchObject({ code: "FORBIDDEN", httpStatus: 403 });
    }
  }
  const batch = await t.api("POST", "/api/trpc/previews.create,pages.reset?batch=1", { cookie, headers: FOREIGN[0], body: { 0: inputs["previews.create"], 1: inputs["pages.reset"] } });
  expect(batch.status).toBe(403);
  expect(await snapshotTables(t.ds)).toEqual(before);
  expect((await t.api("GET", "/api/admin/status", { cookie })).status).toBe(200);
});

test("the doors outside the router refuse a cross-site request too: upload, one-click unsubscribe, Stripe's webhook, any page", async () => {
  const before = await snapshotTables(t.ds);
  const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#345" } }).png().toBuffer();
  const upload = await fetch(`${t.baseUrl}/api/admin/images`, { method: "POST", headers: { cookie, "content-type": "image/png", origin: "https://evil.example" }, body: new Uint8Array(png) });
  expect(upload.status).toBe(403);
  expect((await upload.json()).message).toBe(CROSS_SITE_MESSAGE);
  const token = inputs["unsubscribe.confirm"].token as string;
  const oneClick = await t.api("POST", `/unsubscribe?token=${token}`, { headers: { origin: "https://evil.example", "content-type": "application/x-www-form-urlencoded" }, body: "List-Unsubscribe=One-Click" });
  expect(oneClick.status).toBe(403);
  expect(oneClick.headers.get("content-type")).toMatch(/^text\/html/);
  expect(oneClick.text).toContain("<h1>Request refused</h1>");
  expect(oneClick.text).toContain("Requests from other sites cannot change anything here.");
  const { payload, header } = signed(event("customer.created", { id: "cus_cross_site" }));
  expect((await t.api("POST", "/api/stripe/webhook", { body: payload, headers: { "stripe-signature": header, "sec-fetch-site": "cross-site" } })).status).toBe(403);
  expect((await t.api("PATCH", "/api/anything", { cookie, headers: FOREIGN[0], body: {} })).status).toBe(403);
  expect(await snapshotTables(t.ds)).toEqual(before);
});

test("our own origin (SITE_URL or the address the request reached), servers without an Origin and reads from anywhere still pass", async () => {
  const article = await createArticle(t.services, { title: "Shared from our own pages" });
  // (a form on one of our pages sent with Referrer-Policy: no-referrer carries Origin: null; Sec-Fetch-Site decides)
  const ours: Array<Record<string, string>> = [{ origin: SITE_URL }, { origin: t.baseUrl, "sec-fetch-site": "same-origin" }, { origin: "null", "sec-fetch-site": "same-origin" }, { "sec-fetch-site": "none" }, {}];
  for (const headers of ours) {
    const res = await t.api("POST", `/api/articles/${article.id}/previews`, { cookie, headers });
    expect([headers, res.status]).toEqual([headers, 201]);
  }
  // a partner's server: an API key and no Origin
  const writer = await createApiKey(t, cookie, ["articles:write"]);
  const created = await t.api("POST", "/api/articles", { headers: bearer(writer.key), body: { title: "From a partner's server", content: "Body" } });
  expect(created.status).toBe(201);
  // Stripe's servers: a signed event, no Origin
  const { payload, header } = signed(event("customer.created", { id: "cus_from_stripe" }));
  const delivered = await t.api("POST", "/api/stripe/webhook", { body: payload, headers: { "stripe-signature": header } });
  expect([delivered.status, delivered.body.received]).toEqual([200, true]);
  // reading is never refused, whatever the Origin
  expect((await t.api("GET", "/api/articles?limit=1", { headers: FOREIGN[0] })).status).toBe(200);
  expect((await t.api("GET", "/api/admin/status", { cookie, headers: FOREIGN[1] })).status).toBe(200);
});
