// Issue 24, item 7: a create answers 201 with a Location over REST, and the OpenAPI document says so. The list of
// creates comes from the router (a procedure whose meta names `created`), so a new create cannot be missed.
import { createECDH, randomBytes } from "node:crypto";
import { appRouter } from "../../../src/trpc/router.js";
import { createdPaths } from "../../../src/http/created.js";
import { createArticle } from "../../helpers/factories.js";
import { useTestApp } from "../../helpers/testApp.js";

const t = useTestApp({ OUTBOUND_ALLOW_LOCAL: "true" }, { signIn: true });

const CREATED = createdPaths(appRouter);
/** One REST call per create, in an order that needs nothing else (the webhook last: later creates would notify it). */
const CASES: Record<string, () => Promise<{ url: string; body: unknown }>> = {
  "articles.create": async () => ({ url: "/api/articles", body: { title: "Frigate order signed", content: "Six ships." } }),
  "contacts.create": async () => ({ url: "/api/business-contacts", body: { label: "Syndication Desk", email: "syndication@example.com" } }),
  "comments.create": async () => ({ url: `/api/articles/${(await createArticle(t.services)).id}/comments`, body: { authorName: "Ann", authorEmail: "ann@example.com", content: "A sound point." } }),
  "previews.create": async () => ({ url: `/api/articles/${(await createArticle(t.services, { status: "draft" })).id}/previews`, body: undefined }),
  "partnerAdmin.createKey": async () => ({ url: "/api/admin/api-keys", body: { label: "Aggregator", scopes: ["content:read"] } }),
  "importAdmin.createRedirect": async () => ({ url: "/api/admin/redirects", body: { source: "/2019/05/old-post/", target: "/article/new-post" } }),
  "staff.invite": async () => ({ url: "/api/admin/staff/invitations", body: { email: "invited.writer@example.com", role: "contributor" } }),
  "live.create": async () => {
    const article = await createArticle(t.services, { title: "Summit opens in Brussels" });
    expect((await t.api("PUT", `/api/articles/${article.id}`, { cookie: t.cookie, body: { liveStatus: "live" } })).status).toBe(200);
    return { url: `/api/articles/${article.id}/live-posts`, body: { body: "Leaders arrive at the venue." } };
  },
  "partnerAdmin.createWebhook": async () => ({ url: "/api/admin/webhooks", body: { url: "http://127.0.0.1:9/hook", events: ["article.published"] } }),
  "push.subscribe": async () => ({
    url: "/api/push/subscriptions",
    body: { endpoint: "http://127.0.0.1:9/push/creates", keys: { p256dh: createECDH("prime256v1").generateKeys().toString("base64url"), auth: randomBytes(16).toString("base64url") }, topics: ["breaking"] },
  }),
};

test("the creates are the router's: every procedure named create… declares its Location, and each has a case here", () => {
  const procedures = Object.keys(appRouter._def.procedures as object);
  for (const name of procedures.filter((n) => /\.create/.test(n))) expect([name, CREATED.has(name)]).toEqual([name, true]);
  expect(Object.keys(CASES).sort()).toEqual([...CREATED.keys()].sort());
});

test.each(Object.keys(CASES))("%s answers 201 with the new resource's Location", async (name) => {
  const { url, body } = await CASES[name]();
  const res = await t.api("POST", url, { cookie: t.cookie, body });
  expect([res.status, res.text.slice(0, 200)]).toEqual([201, expect.any(String)]);
  const expected = `/api${CREATED.get(name)!.replace(/\{(\w+)\}/g, (_all, field: string) => encodeURIComponent(String(res.body[field])))}`;
  expect(res.headers.get("location")).toBe(expected);
});

test("a refused create is no 201 and carries no Location", async () => {
  const res = await t.api("POST", "/api/admin/api-keys", { cookie: t.cookie, body: { label: "" } });
  expect(res.status).toBe(400);
  expect(res.headers.get("location")).toBeNull();
});

test("tRPC keeps its 200: the status code is REST's", async () => {
  const res = await t.api("POST", "/api/trpc/partnerAdmin.createKey", { cookie: t.cookie, body: { label: "Tips desk", scopes: ["content:read"] } });
  expect(res.status).toBe(200);
});

test("the OpenAPI document gives each create a 201 with a Location header, and no 200", async () => {
  const doc = (await t.api("GET", "/api/openapi.json")).body;
  const procedures = appRouter._def.procedures as unknown as Record<string, { _def: { meta?: { openapi?: { method: string; path: string } } } }>;
  for (const name of CREATED.keys()) {
    const { method, path } = procedures[name]._def.meta!.openapi!;
    const responses = doc.paths[path][method.toLowerCase()].responses;
    expect([name, Object.keys(responses).filter((code) => code.startsWith("2"))]).toEqual([name, ["201"]]);
    expect(responses["201"].headers.Location.schema).toEqual({ type: "string" });
  }
  expect(doc.paths["/admin/images"].post.responses["201"].headers.Location).toBeDefined();
});
