// The OpenAPI document validates, documents every operation, and the docs page is served locally.
import SwaggerParser from "@apidevtools/swagger-parser";
import { generateOpenApiDocument } from "trpc-to-openapi";
import { appRouter } from "../../../src/trpc/router.js";
import { createTestApp, type TestApp } from "../../helpers/testApp.js";

let t: TestApp;
let doc: any;
beforeAll(async () => {
  t = await createTestApp();
  const res = await t.api("GET", "/api/openapi.json");
  expect(res.status).toBe(200);
  doc = res.body;
});
afterAll(() => t.close());

const METHODS = ["get", "post", "put", "patch", "delete"];
const operations = () =>
  Object.entries(doc.paths as Record<string, Record<string, any>>).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => METHODS.includes(method))
      .map(([method, op]) => ({ path, method, op })),
  );

test("validates with swagger-parser", async () => {
  await expect(SwaggerParser.validate(structuredClone(doc))).resolves.toBeTruthy();
  expect(doc.openapi).toMatch(/^3\./);
});

test("documents every REST procedure of the router, each with a summary", () => {
  const documented = new Set(operations().map(({ path, method }) => `${method} ${path}`));
  // What trpc-to-openapi derives from the router on its own: the served document leaves none of it out.
  const derived = generateOpenApiDocument(appRouter, { title: "router", version: "0", baseUrl: "/api" });
  const routes = Object.entries(derived.paths ?? {}).flatMap(([path, item]) => METHODS.filter((m) => m in (item as object)).map((m) => `${m} ${path}`));
  expect(routes.length).toBeGreaterThan(30);
  for (const route of routes) expect([route, documented.has(route)]).toEqual([route, true]);
  for (const { path, method, op } of operations()) expect([method, path, typeof op.summary === "string" && op.summary.length > 5]).toEqual([method, path, true]);
});

test("every documented REST path is there", () => {
  const expected = [
    "get /articles", "post /articles", "get /articles/slug/{slug}", "get /articles/{id}", "put /articles/{id}", "delete /articles/{id}",
    "get /articles/{articleId}/comments", "post /articles/{articleId}/comments", "get /breaking-news/ticker", "get /stocks/defense",
    "get /business-contacts", "post /business-contacts", "put /business-contacts/{id}", "delete /business-contacts/{id}",
    "post /newsletter/subscribe", "get /admin/status", "post /admin/login", "post /admin/logout", "get /pages", "put /pages/{pageId}",
    "get /pages/{page}", "get /admin/revenue-analytics", "get /admin/seo-analytics", "get /newsletter/stats", "get /admin/monetization-insights",
    "get /growth/metrics", "get /revenue/dashboard", "get /home", "get /admin/articles", "post /premium/subscribe", "post /pages/{pageId}/reset",
  ];
  const documented = operations().map(({ path, method }) => `${method} ${path}`);
  for (const e of expected) expect([e, documented.includes(e)]).toEqual([e, true]);
});

test("public operations carry no security; admin operations require the session cookie", () => {
  const publicOps = new Set([
    "get /articles", "get /articles/slug/{slug}", "get /articles/{id}", "get /home", "get /articles/{articleId}/comments", "post /articles/{articleId}/comments",
    "get /breaking-news/ticker", "get /stocks/defense", "get /business-contacts", "get /pages", "get /pages/{page}", "post /newsletter/subscribe",
    "post /premium/subscribe", "get /admin/status", "post /admin/login", "post /admin/logout",
  ]);
  expect(doc.components.securitySchemes.sessionCookie).toEqual({ type: "apiKey", in: "cookie", name: "ds_session" });
  const secured = new Set(
    operations()
      .filter(({ op }) => Array.isArray(op.security) && op.security.some((s: any) => "sessionCookie" in s))
      .map(({ path, method }) => `${method} ${path}`),
  );
  for (const key of publicOps) expect([key, secured.has(key)]).toEqual([key, false]);
  // The converse: an operation without the session cookie is one a reader, a partner's key or Stripe may call.
  const openToAll = new Set([
    ...publicOps, "get /article-cards", "get /search", "get /search/suggest", "post /events", "post /stripe/webhook", "post /newsletter/confirm", "get /newsletter/unsubscribe", "post /newsletter/unsubscribe",
    "get /previews/{token}", "get /account", "delete /account", "post /account/sign-in", "post /account/sign-out", "post /account/billing-portal",
    "get /push/public-key", "post /push/subscriptions", "delete /push/subscriptions", "post /push/clicks",
    // issue 25: the doors used before signing in (an invitation, a password reset) and the public author pages
    "post /staff/accept", "post /staff/password-reset", "post /staff/password-reset/confirm", "get /authors/{slug}", "get /articles/{id}/author",
    "get /articles/{id}/live-posts", "get /articles/{id}/live-highlights", "get /articles/{id}/live",
  ]);
  for (const { path, method } of operations()) {
    const key = `${method} ${path}`;
    if (!secured.has(key)) expect([key, openToAll.has(key)]).toEqual([key, true]);
  }
  for (const key of ["post /articles", "put /articles/{id}", "delete /business-contacts/{id}", "put /pages/{pageId}", "get /admin/revenue-analytics", "get /admin/articles"]) {
    expect([key, secured.has(key)]).toEqual([key, true]);
  }
});

test("analytics answers describe every numeric field (its unit) and every top-level scalar field", () => {
  const analytics = ["/admin/revenue-analytics", "/admin/seo-analytics", "/newsletter/stats", "/admin/monetization-insights", "/growth/metrics", "/revenue/dashboard"];
  const resolve = (schema: any) => (schema?.$ref ? schema.$ref.split("/").slice(1).reduce((acc: any, key: string) => acc[key], doc) : schema);
  const isNumeric = (s: any) => [s.type].flat().some((x: string) => x === "number" || x === "integer");
  // A number's unit may sit on the number or on the object grouping numbers of one unit.
  function check(schema: any, where: string, topLevel: boolean, groupDescribed = false) {
    schema = resolve(schema);
    for (const [key, raw] of Object.entries<any>(schema?.properties ?? {})) {
      if (key === "series") continue; // the series carry their unit as data
      const prop = resolve(raw);
      const at = `${where}.${key}`;
      if ((topLevel && !prop.properties && !prop.items) || (isNumeric(prop) && !groupDescribed)) expect([at, typeof prop.description]).toEqual([at, "string"]);
      if (prop.properties) check(prop, at, false, typeof prop.description === "string");
      if (prop.items) check(prop.items, `${at}[]`, false);
    }
  }
  for (const path of analytics) {
    const schema = doc.paths[path].get.responses["200"].content["application/json"].schema;
    expect(Object.keys(resolve(schema).properties ?? {}).length).toBeGreaterThan(0);
    check(schema, path, true);
  }
});

test("input fields carry descriptions where the contract needs them (article defaults, list filters)", () => {
  const params = doc.paths["/articles"].get.parameters as any[];
  for (const name of ["category", "q", "breaking", "limit", "offset"]) {
    const p = params.find((x) => x.name === name);
    expect([name, typeof (p.description ?? p.schema?.description)]).toEqual([name, "string"]);
  }
  const body = doc.paths["/articles"].post.requestBody.content["application/json"].schema;
  for (const name of ["slug", "excerpt", "category", "author", "status", "contentTier", "publishedAt"]) {
    expect([name, typeof body.properties[name].description]).toEqual([name, "string"]);
  }
  const byId = doc.paths["/articles/{id}"].get.parameters.find((x: any) => x.name === "admin");
  expect(byId.description ?? byId.schema?.description).toContain("session");
});

test("/api/docs serves HTML whose assets come from /api/docs/assets (no CDN), under a nonce CSP", async () => {
  const res = await t.api("GET", "/api/docs");
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toMatch(/text\/html/);
  const srcs = [...res.text.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]);
  expect(srcs.length).toBeGreaterThanOrEqual(2);
  for (const src of srcs) expect(src).toMatch(/^\/api\/docs\/assets\//);
  expect(res.text).not.toMatch(/https?:\/\/(?!localhost)/);
  const nonce = /<script nonce="([^"]+)">/.exec(res.text)?.[1];
  expect(nonce).toBeTruthy();
  expect(res.headers.get("content-security-policy")).toContain(`'nonce-${nonce}'`);
  for (const src of srcs) {
    const asset = await fetch(t.baseUrl + src);
    expect([src, asset.status]).toEqual([src, 200]);
    expect((await asset.arrayBuffer()).byteLength).toBeGreaterThan(1000);
  }
  expect(res.text).toContain("/api/openapi.json");
});

test("unknown /api paths answer a JSON 404", async () => {
  for (const [method, url] of [["GET", "/api/nope"], ["GET", "/api/articles/1/nope"], ["DELETE", "/api/pages"], ["PATCH", "/api/articles/1"], ["GET", "/api/trpc/no.such"]]) {
    const res = await t.api(method, url, method === "PATCH" ? { body: {} } : {});
    expect([method, url, res.status]).toEqual([method, url, 404]);
    expect(res.headers.get("content-type")).toMatch(/application\/json/);
    expect(res.body?.message ?? res.body?.error?.message).toBeTruthy();
  }
});
