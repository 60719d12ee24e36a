// Partner API keys: shown once, stored as a hash; a request with a key acts with exactly its scopes through
// REST, tRPC over HTTP and a caller; wrong, revoked and expired keys are 401, a missing scope is 403; the
// administrator's keys, webhooks and settings are out of every key's reach; keyed answers never touch the
// shared page cache.
import { ApiKey } from "../../../src/entities/ApiKey.js";
import type { ApiScope } from "../../../src/schemas/partner.js";
import { createContextInner } from "../../../src/trpc/context.js";
import { createCaller } from "../../../src/trpc/router.js";
import { createApiKey, createArticle, postComment } from "../../helpers/factories.js";
import { bearer, secondInstance } from "../../helpers/partner.js";
import { createTestApp, type TestApp } from "../../helpers/testApp.js";
import { expectNoStack, snapshotTables } from "../../helpers/dbSnapshot.js";

let t: TestApp;
let cookie: string;
const keys = {} as Record<"reader" | "writer" | "moderator" | "analyst" | "all", { id: number; key: string }>;
let published: number;
let draft: number;
let commentId: number;

beforeAll(async () => {
  t = await createTestApp();
  cookie = await t.login();
  keys.reader = await createApiKey(t, cookie, ["content:read"]);
  keys.writer = await createApiKey(t, cookie, ["articles:write"]);
  keys.moderator = await createApiKey(t, cookie, ["comments:moderate"]);
  keys.analyst = await createApiKey(t, cookie, ["analytics:read"]);
  keys.all = await createApiKey(t, cookie, ["content:read", "articles:write", "comments:moderate", "analytics:read"]);
  published = (await createArticle(t.services, { title: "Published for partners" })).id;
  draft = (await createArticle(t.services, { title: "Draft for partners", status: "draft" })).id;
  commentId = (await postComment(t.services, { articleId: published, content: "A fair point about logistics" })).id;
});
afterAll(() => t.close());

const as = (who: keyof typeof keys, method: string, url: string, body?: unknown) => t.api(method, url, { headers: bearer(keys[who].key), body });

test("the key is shown once (201) and stored only as a hash; the list shows label, scopes, dates, never the key", async () => {
  const created = await t.api("POST", "/api/admin/api-keys", { cookie, body: { label: "Aggregator", scopes: ["content:read"] } });
  expect(created.status).toBe(201);
  expect(created.body.key).toMatch(/^dsk_[A-Za-z0-9_-]{43}$/);
  expect(created.body).toMatchObject({ label: "Aggregator", scopes: ["content:read"], expiresAt: null, active: true });
  const list = await t.api("GET", "/api/admin/api-keys", { cookie });
  expect(list.status).toBe(200);
  expect(list.text).not.toContain(created.body.key);
  expect(list.body.find((k: any) => k.id === created.body.id)).toMatchObject({ label: "Aggregator", prefix: created.body.key.slice(0, 12), lastUsedAt: null });
  const row = await t.ds.getRepository(ApiKey).findOneByOrFail({ id: created.body.id });
  expect(JSON.stringify(row)).not.toContain(created.body.key);
  // first use is recorded
  expect((await t.api("GET", "/api/articles?limit=1", { headers: bearer(created.body.key) })).status).toBe(200);
  expect((await t.api("GET", "/api/admin/api-keys", { cookie })).body.find((k: any) => k.id === created.body.id).lastUsedAt).not.toBeNull();
});

test("bad key definitions are 400s that store nothing", async () => {
  const before = await t.ds.getRepository(ApiKey).count();
  for (const body of [{ label: "", scopes: ["content:read"] }, { label: "x", scopes: [] }, { label: "x", scopes: ["admin"] }, { label: "x", scopes: ["content:read"], expiresAt: "2001-01-01T00:00:00Z" }, { label: "x", scopes: ["content:read"], expiresAt: "tomorrow" }]) {
    const res = await t.api("POST", "/api/admin/api-keys", { cookie, body });
    expect([JSON.stringify(body), res.status]).toEqual([JSON.stringify(body), 400]);
    expectNoStack(res.text);
  }
  expect(await t.ds.getRepository(ApiKey).count()).toBe(before);
});

/** Every scope boundary over REST: [method, path, body, who may]. */
const matrix = (): [string, string, unknown, (keyof typeof keys)[]][] => [
  ["GET", "/api/articles?limit=5", undefined, ["reader", "writer", "all"]],
  ["GET", `/api/articles/${published}`, undefined, ["reader", "writer", "all"]],
  ["GET", `/api/articles/${published}/comments`, undefined, ["reader", "writer", "all"]],
  ["GET", `/api/articles/${draft}?admin=true`, undefined, ["writer", "all"]],
  ["GET", "/api/admin/articles?status=draft", undefined, ["writer", "all"]],
  ["PUT", `/api/articles/${draft}`, { excerpt: "Edited by a partner" }, ["writer", "all"]],
  ["GET", "/api/admin/comments", undefined, ["moderator", "all"]],
  ["PUT", `/api/admin/comments/${commentId}`, { status: "approved" }, ["moderator", "all"]],
  ["GET", "/api/admin/revenue-analytics", undefined, ["analyst", "all"]],
  ["GET", "/api/growth/metrics", undefined, ["analyst", "all"]],
  // the administrator's own settings, keys and webhooks: no key, whatever its scopes
  ["GET", "/api/admin/api-keys", undefined, []],
  ["POST", "/api/admin/api-keys", { label: "Escalated", scopes: ["content:read"] }, []],
  ["GET", "/api/admin/webhooks", undefined, []],
  ["POST", "/api/admin/webhooks", { url: "https://example.com/hook", events: ["article.published"] }, []],
  ["GET", "/api/admin/settings", undefined, []],
  ["GET", "/api/admin/system-status", undefined, []],
  ["POST", "/api/admin/newsletter/send", undefined, []],
];

test("REST: each key reaches exactly what its scopes allow (200), everything else is a 403 with a JSON message", async () => {
  for (const [method, url, body, allowed] of matrix()) {
    for (const who of Object.keys(keys) as (keyof typeof keys)[]) {
      const res = await as(who, method, url, body);
      const expected = allowed.includes(who) ? 200 : 403;
      expect([method, url, who, res.status]).toEqual([method, url, who, expected]);
      if (expected === 403) expect(res.body.message).toMatch(/API key/);
      expect(res.headers.get("cache-control")).toMatch(/private|no-store/);
      expectNoStack(res.text);
    }
  }
});

test("a content:read key sees published content only; articles:write creates, updates and deletes", async () => {
  expect((await as("reader", "GET", `/api/articles/${draft}`)).status).toBe(404);
  expect((await as("reader", "POST", "/api/articles", { title: "Forged", content: "x" })).status).toBe(403);
  const created = await as("writer", "POST", "/api/articles", { title: "Filed by the wire partner", content: "Body", status: "draft" });
  expect(created.status).toBe(201);
  expect((await as("writer", "PUT", `/api/articles/${created.body.id}`, { title: "Refiled" })).body.title).toBe("Refiled");
  expect((await as("reader", "DELETE", `/api/articles/${created.body.id}`)).status).toBe(403);
  expect((await as("writer", "DELETE", `/api/articles/${created.body.id}`)).status).toBe(200);
  expect((await t.api("GET", `/api/articles/${created.body.id}?admin=true`, { cookie })).status).toBe(404);
});

test("refused keyed requests change nothing", async () => {
  const before = await snapshotTables(t.ds);
  const strip = (s: Record<string, unknown[]>) => ({ ...s, api_key: undefined });
  await as("reader", "POST", "/api/articles", { title: "Forged", content: "x" });
  await as("analyst", "PUT", `/api/articles/${published}`, { title: "Forged" });
  await as("all", "POST", "/api/admin/api-keys", { label: "Escalated", scopes: ["content:read"] });
  await as("moderator", "DELETE", `/api/articles/${published}`);
  await t.api("POST", "/api/articles", { headers: bearer("dsk_" + "x".repeat(43)), body: { title: "Forged", content: "x" } });
  expect(strip(await snapshotTables(t.ds))).toEqual(strip(before));
});

test("tRPC over HTTP: the same boundaries, in tRPC's error envelope", async () => {
  const q = (path: string, input: unknown) => `/api/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input))}`;
  const call = (who: keyof typeof keys, method: string, url: string, body?: unknown) => t.api(method, url, { headers: bearer(keys[who].key), body });
  expect((await call("reader", "GET", q("articles.list", { limit: 2 }))).status).toBe(200);
  const refused = await call("reader", "POST", "/api/trpc/articles.create", { title: "Forged", content: "x" });
  expect(refused.status).toBe(403);
  expect(refused.body.error.data.code).toBe("FORBIDDEN");
  expect((await call("writer", "POST", "/api/trpc/articles.update", { id: draft, excerpt: "Via tRPC" })).status).toBe(200);
  expect((await call("moderator", "GET", q("commentsAdmin.list", {}))).status).toBe(200);
  expect((await call("analyst", "GET", "/api/trpc/analytics.growth")).status).toBe(200);
  for (const path of ["partnerAdmin.listKeys", "partnerAdmin.listWebhooks", "settings.get", "admin.systemStatus"]) {
    const res = await call("all", "GET", `/api/trpc/${path}`);
    expect([path, res.status]).toEqual([path, 403]);
  }
  const wrong = await t.api("GET", q("articles.list", {}), { headers: bearer("dsk_" + "y".repeat(43)) });
  expect(wrong.status).toBe(401);
  expect(wrong.body.error.data.code).toBe("UNAUTHORIZED");
});

test("a caller built with a key's principal is held to the same scopes", async () => {
  const principal = (await t.services.apiKeys.authenticate(keys.reader.key))!;
  const caller = createCaller(createContextInner({ services: t.services, apiKey: principal }));
  await expect(caller.articles.list({ limit: 1, offset: 0 })).resolves.toHaveLength(1);
  await expect(caller.articles.create({ title: "Forged", content: "x" })).rejects.toMatchObject({ code: "FORBIDDEN" });
  await expect(caller.partnerAdmin.listKeys()).rejects.toMatchObject({ code: "FORBIDDEN" });
  await expect(caller.articles.byId({ id: draft, admin: "true" })).rejects.toMatchObject({ code: "FORBIDDEN" });
});

test("a key never acts as the administrator, even with the administrator's cookie beside it", async () => {
  const res = await t.api("GET", "/api/admin/api-keys", { cookie, headers: bearer(keys.all.key) });
  expect(res.status).toBe(403);
});

test("wrong, malformed, revoked and expired keys are 401 with a JSON message, on every path", async () => {
  const expiring = await createApiKey(t, cookie, ["content:read"], { expiresAt: new Date(Date.now() + 60_000).toISOString() });
  const revoked = await createApiKey(t, cookie, ["content:read"]);
  expect((await t.api("GET", "/api/articles", { headers: bearer(revoked.key) })).status).toBe(200);
  const revoke = await t.api("DELETE", `/api/admin/api-keys/${revoked.id}`, { cookie });
  expect(revoke.body).toMatchObject({ active: false });
  expect(revoke.body.revokedAt).not.toBeNull();
  const realNow = t.services.clock.now.bind(t.services.clock);
  try {
    expect((await t.api("GET", "/api/articles", { headers: bearer(expiring.key) })).status).toBe(200);
    t.services.clock.now = () => new Date(Date.now() + 120_000);
    for (const authorization of [`Bearer ${revoked.key}`, `Bearer ${expiring.key}`, "Bearer dsk_short", `Basic ${Buffer.from("a:b").toString("base64")}`, "Bearer", `Bearer ${keys.reader.key}x`]) {
      for (const url of ["/api/articles", "/api/home", `/api/articles/${published}`]) {
        const res = await t.api("GET", url, { headers: { authorization } });
        expect([authorization, url, res.status]).toEqual([authorization, url, 401]);
        expect(res.body.message).toMatch(/Invalid API key/);
        expect(res.headers.get("www-authenticate")).toMatch(/^Bearer/);
        expect(res.headers.get("x-cache")).toBeNull();
      }
    }
  } finally {
    t.services.clock.now = realNow;
  }
  expect((await t.api("DELETE", "/api/admin/api-keys/999999", { cookie })).status).toBe(404);
});

test("revocation holds at once on another instance sharing the database", async () => {
  const other = await secondInstance(t);
  try {
    const key = await createApiKey(t, cookie, ["content:read"]);
    expect((await other.fetch("/api/articles?limit=1", { headers: bearer(key.key) })).status).toBe(200);
    await t.api("DELETE", `/api/admin/api-keys/${key.id}`, { cookie });
    expect((await other.fetch("/api/articles?limit=1", { headers: bearer(key.key) })).status).toBe(401);
  } finally {
    await other.close();
  }
});

test("a keyed request is never served from, nor stored into, the shared page cache", async () => {
  const url = `/api/articles/${published}`;
  const keyed = await as("reader", "GET", url);
  expect(keyed.status).toBe(200);
  expect(keyed.headers.get("x-cache")).toBeNull();
  expect(keyed.headers.get("cache-control")).toMatch(/private/);
  // the keyed answer was not stored: the first anonymous request renders
  expect((await t.api("GET", url)).headers.get("x-cache")).toBe("MISS");
  expect((await t.api("GET", url)).headers.get("x-cache")).toBe("HIT");
  // and a cached answer is not served to a key (it is checked and counted instead)
  const again = await as("reader", "GET", url);
  expect(again.headers.get("x-cache")).toBeNull();
  expect(again.headers.get("ratelimit-limit")).toBe("600");
});

test("the OpenAPI document declares the bearer scheme and each operation's scope", async () => {
  const doc = (await t.api("GET", "/api/openapi.json")).body;
  expect(doc.components.securitySchemes.apiKey).toMatchObject({ type: "http", scheme: "bearer" });
  const scopes: Record<string, ApiScope | null> = {
    "get /articles": "content:read",
    "post /articles": "articles:write",
    "get /admin/comments": "comments:moderate",
    "get /admin/revenue-analytics": "analytics:read",
    "get /admin/api-keys": null,
    "post /admin/webhooks": null,
  };
  for (const [key, scope] of Object.entries(scopes)) {
    const [method, path] = key.split(" ");
    const op = doc.paths[path][method];
    expect([key, op["x-api-key-scope"]]).toEqual([key, scope]);
    expect([key, op.security?.some((s: any) => "apiKey" in s) ?? false]).toEqual([key, scope !== null]);
  }
  expect(doc.paths["/admin/api-keys"].post.responses["201"]).toBeDefined();
});
