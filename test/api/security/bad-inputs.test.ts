// A table of bad inputs: each is answered 4xx with a JSON message, no stack trace, and nothing stored.
import { createArticle } from "../../helpers/factories.js";
import { createTestApp, type TestApp } from "../../helpers/testApp.js";
import { countRows, expectNoStack, snapshotTables } from "../../helpers/dbSnapshot.js";

let t: TestApp;
let cookie: string;
let articleId: number;
let contactId: string;

interface Case {
  name: string;
  method: string;
  url: string | (() => string);
  body?: unknown;
  headers?: Record<string, string>;
  admin?: boolean;
  status: number;
}

const MB = 1024 * 1024;
const article = (extra: Record<string, unknown>) => ({ title: "Valid title", content: "Valid content", ...extra });
const comment = (extra: Record<string, unknown>) => ({ authorName: "Reader", authorEmail: "reader@example.com", content: "Fine words", ...extra });
const deepJson = "[".repeat(5000) + "]".repeat(5000);

const CASES: Case[] = [
  // wrong types and missing fields
  { name: "title is a number", method: "POST", url: "/api/articles", body: article({ title: 42 }), admin: true, status: 400 },
  { name: "title is an array", method: "POST", url: "/api/articles", body: article({ title: ["a", "b"] }), admin: true, status: 400 },
  { name: "title missing", method: "POST", url: "/api/articles", body: { content: "c" }, admin: true, status: 400 },
  { name: "content missing", method: "POST", url: "/api/articles", body: { title: "t" }, admin: true, status: 400 },
  { name: "title only spaces", method: "POST", url: "/api/articles", body: article({ title: "   \t " }), admin: true, status: 400 },
  { name: "isBreaking as a string", method: "POST", url: "/api/articles", body: article({ isBreaking: "yes" }), admin: true, status: 400 },
  { name: "unknown category", method: "POST", url: "/api/articles", body: article({ category: "space" }), admin: true, status: 400 },
  { name: "accented category", method: "POST", url: "/api/articles", body: article({ category: "lánd" }), admin: true, status: 400 },
  { name: "unknown status", method: "POST", url: "/api/articles", body: article({ status: "deleted" }), admin: true, status: 400 },
  { name: "unknown content tier", method: "POST", url: "/api/articles", body: article({ contentTier: "gold" }), admin: true, status: 400 },
  { name: "publishedAt not a date", method: "POST", url: "/api/articles", body: article({ publishedAt: "tomorrow" }), admin: true, status: 400 },
  // oversized strings
  { name: "title of 201 characters", method: "POST", url: "/api/articles", body: article({ title: "x".repeat(201) }), admin: true, status: 400 },
  { name: "excerpt of 501 characters", method: "POST", url: "/api/articles", body: article({ excerpt: "x".repeat(501) }), admin: true, status: 400 },
  { name: "content of 200,001 characters", method: "POST", url: "/api/articles", body: article({ content: "x".repeat(200_001) }), admin: true, status: 400 },
  { name: "slug of 201 characters", method: "POST", url: "/api/articles", body: article({ slug: "s".repeat(201) }), admin: true, status: 400 },
  { name: "comment of 5,001 characters", method: "POST", url: () => `/api/articles/${articleId}/comments`, body: comment({ content: "x".repeat(5001) }), status: 400 },
  { name: "comment name of 101 characters", method: "POST", url: () => `/api/articles/${articleId}/comments`, body: comment({ authorName: "n".repeat(101) }), status: 400 },
  { name: "page title of 201 characters", method: "PUT", url: "/api/pages/about", body: { title: "x".repeat(201), content: "c" }, admin: true, status: 400 },
  { name: "password of 1,001 characters", method: "POST", url: "/api/admin/login", body: { password: "p".repeat(1001) }, status: 400 },
  // unsafe URLs
  { name: "javascript: image URL", method: "POST", url: "/api/articles", body: article({ imageUrl: "javascript:alert(1)" }), admin: true, status: 400 },
  { name: "protocol-relative image URL", method: "POST", url: "/api/articles", body: article({ imageUrl: "//evil.example/x.png" }), admin: true, status: 400 },
  { name: "data: image URL", method: "POST", url: "/api/articles", body: article({ imageUrl: "data:text/html;base64,PHNjcmlwdD4=" }), admin: true, status: 400 },
  // unicode, emoji, RTL and null bytes where they cannot be accepted
  { name: "emoji-only slug", method: "POST", url: "/api/articles", body: article({ slug: "🚀🛰️🚀" }), admin: true, status: 400 },
  // Arabic, Cyrillic or Greek would be transliterated; Han characters have no Latin spelling to fall back on.
  { name: "Han-only slug", method: "POST", url: "/api/articles", body: article({ slug: "日本語の記事" }), admin: true, status: 400 },
  { name: "emoji-only contact label (no id derivable)", method: "POST", url: "/api/business-contacts", body: { label: "🛡️🛡️", email: "a@example.com" }, admin: true, status: 400 },
  { name: "RTL contact id", method: "POST", url: "/api/business-contacts", body: { id: "مكتب", label: "Office", email: "a@example.com" }, admin: true, status: 400 },
  { name: "null byte in a title", method: "POST", url: "/api/articles", body: article({ title: "Null\u0000byte" }), admin: true, status: 400 },
  { name: "null byte in a comment", method: "POST", url: () => `/api/articles/${articleId}/comments`, body: comment({ content: "bad\u0000text" }), status: 400 },
  { name: "null byte in a page id", method: "GET", url: "/api/pages/about%00", status: 404 },
  // malformed bodies and shapes
  { name: "malformed JSON (REST)", method: "POST", url: "/api/newsletter/subscribe", body: '{"email": "a@example.com",', status: 400 },
  { name: "malformed JSON (tRPC)", method: "POST", url: "/api/trpc/newsletter.subscribe", body: '{"email": ', status: 400 },
  { name: "an array instead of an object", method: "POST", url: "/api/newsletter/subscribe", body: [{ email: "a@example.com" }], status: 400 },
  { name: "JSON null body", method: "POST", url: "/api/premium/subscribe", body: "null", status: 400 },
  { name: "a bare JSON string body", method: "POST", url: () => `/api/articles/${articleId}/comments`, body: '"just a string"', status: 400 },
  { name: "5,000-deep nested arrays", method: "POST", url: "/api/newsletter/subscribe", body: deepJson, status: 400 },
  { name: "email is an array", method: "POST", url: "/api/newsletter/subscribe", body: { email: ["a@example.com"] }, status: 400 },
  { name: "email without a domain", method: "POST", url: () => `/api/articles/${articleId}/comments`, body: comment({ authorEmail: "a@b" }), status: 400 },
  { name: "SQL in an e-mail address", method: "POST", url: "/api/newsletter/subscribe", body: { email: "' OR 1=1 --@example.com" }, status: 400 },
  { name: "unknown premium plan", method: "POST", url: "/api/premium/subscribe", body: { email: "a@example.com", plan: "lifetime" }, status: 400 },
  { name: "password as a number", method: "POST", url: "/api/admin/login", body: { password: 12345 }, status: 400 },
  { name: "comment author null", method: "POST", url: () => `/api/articles/${articleId}/comments`, body: comment({ authorName: null }), status: 400 },
  // non-JSON content types
  { name: "text/plain (REST)", method: "POST", url: "/api/newsletter/subscribe", body: "email=a@example.com", headers: { "content-type": "text/plain" }, status: 415 },
  { name: "form-urlencoded (REST)", method: "POST", url: "/api/admin/login", body: "password=x", headers: { "content-type": "application/x-www-form-urlencoded" }, status: 415 },
  { name: "multipart (REST, admin)", method: "POST", url: "/api/articles", body: "--b\r\n\r\nx\r\n--b--", headers: { "content-type": "multipart/form-data; boundary=b" }, admin: true, status: 415 },
  { name: "text/plain (tRPC)", method: "POST", url: "/api/trpc/newsletter.subscribe", body: '{"email":"a@example.com"}', headers: { "content-type": "text/plain" }, status: 415 },
  { name: "form-urlencoded (tRPC)", method: "POST", url: "/api/trpc/admin.login", body: "password=x", headers: { "content-type": "application/x-www-form-urlencoded" }, status: 415 },
  // bodies over 1 MB
  { name: "body over 1 MB (REST)", method: "POST", url: "/api/articles", body: article({ content: "x".repeat(MB + 10) }), admin: true, status: 413 },
  { name: "body over 1 MB (REST, public)", method: "POST", url: "/api/newsletter/subscribe", body: { email: "a@example.com", pad: "x".repeat(MB + 10) }, status: 413 },
  { name: "body over 1 MB (tRPC)", method: "POST", url: "/api/trpc/articles.create", body: article({ content: "x".repeat(MB + 10) }), admin: true, status: 413 },
  { name: "body over 1 MB (tRPC, public)", method: "POST", url: "/api/trpc/newsletter.subscribe", body: { email: "a@example.com", pad: "x".repeat(MB + 10) }, status: 413 },
  // unknown, negative, huge and injected ids
  { name: "unknown article id", method: "PUT", url: "/api/articles/987654", body: { title: "x" }, admin: true, status: 404 },
  { name: "negative article id", method: "PUT", url: "/api/articles/-1", body: { title: "x" }, admin: true, status: 400 },
  { name: "zero article id", method: "DELETE", url: "/api/articles/0", admin: true, status: 400 },
  { name: "fractional article id", method: "GET", url: "/api/articles/1.5", status: 400 },
  { name: "huge article id", method: "GET", url: "/api/articles/99999999999999999999", status: 400 },
  { name: "huge id through tRPC", method: "GET", url: `/api/trpc/articles.byId?input=${encodeURIComponent('{"id":1e400}')}`, status: 400 },
  { name: "non-numeric article id", method: "GET", url: "/api/articles/abc", status: 400 },
  { name: "SQL in an article id", method: "DELETE", url: "/api/articles/1%20OR%201%3D1", admin: true, status: 400 },
  { name: "SQL in a slug", method: "GET", url: "/api/articles/slug/x'%20OR%20'1'%3D'1", status: 404 },
  { name: "SQL in a contact id", method: "DELETE", url: "/api/business-contacts/'%20OR%201%3D1%20--", admin: true, status: 404 },
  { name: "SQL as a new contact id", method: "POST", url: "/api/business-contacts", body: { id: "x'; DROP TABLE article; --", label: "L", email: "a@example.com" }, admin: true, status: 400 },
  { name: "unknown contact", method: "PUT", url: "/api/business-contacts/nobody-here", body: { label: "x" }, admin: true, status: 404 },
  { name: "unknown comment article", method: "POST", url: "/api/articles/987654/comments", body: comment({}), status: 404 },
  { name: "huge displayOrder", method: "POST", url: "/api/business-contacts", body: { label: "Big", email: "a@example.com", displayOrder: 1e20 }, admin: true, status: 400 },
  // path traversal
  { name: "traversal in a slug", method: "GET", url: "/api/articles/slug/..%2F..%2Fpackage.json", status: 404 },
  { name: "traversal in a page id", method: "GET", url: "/api/pages/..%2F..%2Fetc%2Fpasswd", status: 404 },
  { name: "traversal in a page save", method: "PUT", url: "/api/pages/..%2Fabout", body: { title: "t", content: "c" }, admin: true, status: 404 },
  { name: "traversal in a contact id", method: "POST", url: "/api/business-contacts", body: { id: "../../etc/passwd", label: "L", email: "a@example.com" }, admin: true, status: 400 },
  { name: "traversal under the docs assets", method: "GET", url: "/api/docs/assets/%2e%2e%2f%2e%2e%2fpackage.json", status: 404 },
  // query strings
  { name: "limit of 1e308", method: "GET", url: "/api/articles?limit=1e308", status: 400 },
  { name: "negative limit", method: "GET", url: "/api/articles?limit=-5", status: 400 },
  // parameters named as an object's own machinery (the REST adapter's parsing once threw on them: a 500)
  { name: "a __proto__ parameter", method: "GET", url: "/api/articles?__proto__=x", status: 400 },
  { name: "a constructor parameter", method: "GET", url: "/api/article-cards?limit=1&constructor=x", status: 400 },
  { name: "a toString parameter, signed in", method: "GET", url: "/api/articles?toString=1", admin: true, status: 400 },
  { name: "a hasOwnProperty parameter on the suggestions", method: "GET", url: "/api/search/suggest?q=conv&hasOwnProperty=1", status: 400 },
  { name: "a __proto__ parameter on a write", method: "POST", url: "/api/articles?__proto__=1", body: article({}), admin: true, status: 400 },
  { name: "negative offset", method: "GET", url: "/api/articles?offset=-1", status: 400 },
  { name: "breaking=maybe", method: "GET", url: "/api/articles?breaking=maybe", status: 400 },
  { name: "search of 201 characters", method: "GET", url: `/api/articles?q=${"q".repeat(201)}`, status: 400 },
  { name: "admin list page 0", method: "GET", url: "/api/admin/articles?page=0", admin: true, status: 400 },
  { name: "admin list pageSize 1000", method: "GET", url: "/api/admin/articles?pageSize=1000", admin: true, status: 400 },
  // unknown paths
  { name: "unknown /api path", method: "GET", url: "/api/does-not-exist", status: 404 },
  { name: "unknown /api path with POST", method: "POST", url: "/api/articles/1/unknown", body: {}, status: 404 },
  { name: "unknown tRPC procedure", method: "GET", url: "/api/trpc/nothing.here", status: 404 },
  { name: "unknown page", method: "GET", url: "/api/pages/unknown-page", status: 404 },
];

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_COMMENTS: "1000", RATE_LIMIT_NEWSLETTER: "1000", RATE_LIMIT_LOGIN: "1000" });
  cookie = await t.login();
  articleId = (await createArticle(t.services)).id;
  contactId = (await t.services.contacts.create({ label: "Existing contact", email: "e@example.com" })).id;
});
afterAll(() => t.close());

test("the table holds at least 40 bad inputs", () => {
  expect(CASES.length).toBeGreaterThanOrEqual(40);
  expect(contactId).toBe("existing_contact");
});

test.each(CASES.map((c) => [c.name, c] as const))("%s → 4xx with a JSON message, no stack, nothing stored", async (_name, c) => {
  const before = await countRows(t.ds);
  const url = typeof c.url === "function" ? c.url() : c.url;
  const res = await t.api(c.method, url, { body: c.body, headers: c.headers, cookie: c.admin ? cookie : undefined });
  expect(res.status).toBe(c.status);
  expect(res.headers.get("content-type")).toMatch(/application\/json/);
  const message = url.startsWith("/api/trpc/") ? res.body?.error?.message : res.body?.message;
  expect(typeof message).toBe("string");
  expect(message.length).toBeGreaterThan(0);
  expectNoStack(res.text);
  expect(await countRows(t.ds)).toEqual(before);
  // The server survived it.
  expect((await t.api("GET", "/api/articles?limit=1")).status).toBe(200);
});

test("SQL-injection strings in searches and filters are plain text: [] and every table intact", async () => {
  // An article of its own, so that "every row" could not be an empty answer.
  const own = await createArticle(t.services, { title: "Injection target", category: "land" });
  const before = await snapshotTables(t.ds);
  const listed = (await t.api("GET", "/api/articles")).body.map((a: { id: number }) => a.id);
  expect(listed).toContain(own.id);
  for (const q of ["' OR '1'='1", "%' OR 1=1 --", "'; DROP TABLE article; --", "\\", "%", "_", "!", "!%", "%!"]) {
    const res = await t.api("GET", `/api/articles?q=${encodeURIComponent(q)}`);
    expect([q, res.status, res.body]).toEqual([q, 200, []]);
  }
  expect((await t.api("GET", `/api/articles?category=${encodeURIComponent("land' OR '1'='1")}`)).body).toEqual([]);
  expect(await snapshotTables(t.ds)).toEqual(before);
  expect((await t.api("GET", "/api/articles")).body.map((a: { id: number }) => a.id)).toEqual(listed);
});

test("unicode, emoji and right-to-left text round-trip intact where text is allowed", async () => {
  const title = "Ünïcödé ✈️🚀 — «مرحبا بالعالم» 日本語 𝔘𝔫𝔦";
  const created = await t.api("POST", "/api/articles", { body: { title, content: "## Ωμέγα 🚀\n\nשלום עולם" }, cookie });
  expect(created.status).toBe(201);
  expect(created.body.title).toBe(title);
  expect(created.body.slug).toMatch(/^unicode-[a-z0-9-]*\d{6}$/);
  expect(created.body.headings[0].text).toBe("Ωμέγα 🚀");
  const read = await t.api("GET", `/api/articles/slug/${created.body.slug}`);
  expect(read.body.title).toBe(title);
  const posted = await t.api("POST", `/api/articles/${created.body.id}/comments`, { body: { authorName: "José 🇪🇸", authorEmail: "jose@example.com", content: "مقال رائع 👏🏽" } });
  expect(posted.status).toBe(201);
  expect((await t.api("GET", `/api/articles/${created.body.id}/comments`)).body[0]).toMatchObject({ authorName: "José 🇪🇸", content: "مقال رائع 👏🏽" });
  const found = await t.api("GET", `/api/articles?q=${encodeURIComponent("🚀")}`);
  expect(found.body.map((a: any) => a.id)).toEqual([created.body.id]);
});
