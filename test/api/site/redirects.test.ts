// The redirect table: the administrator adds and deletes redirects (only to paths on this site), old addresses
// answer 301 before the 404 page, hits are counted, and every change reaches the lookup cache and the page cache.
import type { Express } from "express";
import { sendAnswer, type Answer } from "../../../src/http/answer.js";
import { redirectFor } from "../../../src/http/redirects.js";
import { isWordPressQuery } from "../../../src/lib/redirectPaths.js";
import { createContextInner } from "../../../src/trpc/context.js";
import { createCaller } from "../../../src/trpc/router.js";
import { createTestApp, type TestApp } from "../../helpers/testApp.js";
import { expectNoStack, snapshotTables } from "../../helpers/dbSnapshot.js";

let t: TestApp;
let cookie: string;

/** A home page as the server renders it: WordPress's /?p=… is looked up first (src/ssr/index.ts does the same). */
const home = (app: Express) => {
  const answer = async (url: URL): Promise<Answer | undefined> => {
    if (url.pathname !== "/") return undefined;
    const redirect = isWordPressQuery(url.pathname, url.searchParams) ? await redirectFor(t.services.redirects, url.pathname + url.search) : undefined;
    if (redirect) return redirect;
    // What the home page shows (its procedure call tags the cached answer, as the real page's do).
    const page = await createCaller(createContextInner({ services: t.services })).articles.home();
    return { status: 200, headers: { "content-type": "text/html; charset=utf-8", "cache-control": "public, max-age=60" }, body: Buffer.from(`<p>home: ${page.latest.length} stories</p>`) };
  };
  app.get("/", (req, res, next) => void answer(new URL(req.originalUrl, "http://x")).then((found) => sendAnswer(req, res, found!), next));
  // The page cache renders it directly, as it does the real pages.
  return answer;
};

const go = async (address: string) => {
  const res = await fetch(t.baseUrl + address, { redirect: "manual" });
  return { status: res.status, location: res.headers.get("location"), cache: res.headers.get("x-cache") };
};

beforeAll(async () => {
  t = await createTestApp({}, [home]);
  cookie = await t.login();
});
afterAll(() => t.close());

test("an added redirect is normalised, answers 301 at once, counts its hits, and stops at once when deleted", async () => {
  const created = await t.api("POST", "/api/admin/redirects", { cookie, body: { source: "https://old.example.com/2019/05/Old-Post/", target: "/article/new-post" } });
  expect(created.status).toBe(201);
  expect(created.body).toMatchObject({ source: "/2019/05/old-post", target: "/article/new-post", origin: "admin", hits: 0 });
  for (const address of ["/2019/05/old-post", "/2019/05/old-post/", "/2019//05/OLD-POST/", "/2019/05/old%2Dpost/?utm_source=x"]) {
    expect([address, await go(address)]).toEqual([address, { status: 301, location: "/article/new-post", cache: "BYPASS" }]);
  }
  await t.services.redirects.flushHits();
  const listed = await t.api("GET", "/api/admin/redirects?q=old-post", { cookie });
  expect(listed.body.items).toEqual([expect.objectContaining({ id: created.body.id, hits: 4, lastHitAt: expect.any(String) })]);
  expect((await t.api("POST", "/api/admin/redirects", { cookie, body: { source: "/2019/05/old-post/", target: "/article/other" } })).status).toBe(409);
  expect((await t.api("DELETE", `/api/admin/redirects/${created.body.id}`, { cookie })).status).toBe(200);
  expect((await go("/2019/05/old-post/")).status).toBe(404);
  expect((await t.api("DELETE", `/api/admin/redirects/${created.body.id}`, { cookie })).status).toBe(404);
});

test("no redirect can send a reader to another site: such targets are refused and nothing is stored", async () => {
  const before = await snapshotTables(t.ds);
  const targets = ["//evil.example", "/\\evil.example", "https://evil.example/", "javascript:alert(1)", "evil.example", "/\t/evil.example", "/ok\r\nSet-Cookie: a=b", "", "/" + "a".repeat(400)];
  for (const target of targets) {
    const res = await t.api("POST", "/api/admin/redirects", { cookie, body: { source: "/old", target } });
    expect([target, res.status]).toEqual([target, 400]);
    expectNoStack(res.text);
  }
  for (const source of ["", "/", "not-a-path", "javascript:alert(1)"]) expect([source, (await t.api("POST", "/api/admin/redirects", { cookie, body: { source, target: "/x" } })).status]).toEqual([source, 400]);
  expect(await snapshotTables(t.ds)).toEqual(before);
});

test("WordPress's /?p=123 on the home page: a cached home answer is dropped when its redirect is added, and comes back when it is deleted", async () => {
  expect(await go("/?p=123")).toMatchObject({ status: 200, cache: "MISS" });
  expect(await go("/?p=123")).toMatchObject({ status: 200, cache: "HIT" });
  const created = await t.api("POST", "/api/admin/redirects", { cookie, body: { source: "/?p=123", target: "/article/from-wordpress" } });
  expect(created.body.source).toBe("/?p=123");
  expect(await go("/?p=123")).toEqual({ status: 301, location: "/article/from-wordpress", cache: "BYPASS" });
  // Other query parameters are not WordPress permalinks: the home page as usual.
  expect((await go("/?utm_source=x")).status).toBe(200);
  await t.api("DELETE", `/api/admin/redirects/${created.body.id}`, { cookie });
  expect(await go("/?p=123")).toMatchObject({ status: 200, cache: "MISS" });
});

test("a redirect never shadows an address the site answers", async () => {
  await t.api("POST", "/api/admin/redirects", { cookie, body: { source: "/api/articles", target: "/article/x" } });
  const res = await fetch(`${t.baseUrl}/api/articles`, { redirect: "manual" });
  expect(res.status).toBe(200);
});
