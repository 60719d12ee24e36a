// Issue 22, item 9: a page whose URL carries a secret (preview, unsubscribe, newsletter confirmation, sign-in link,
// staff invitation and reset links) never hands its address to a third party: no ad network or other third party
// in its Content-Security-Policy and a Referrer-Policy that sends its address to no other site (same-origin), with AD_CLIENT_ID set. The rendered HTML of
// each page (no ad script, no ad slot) is checked in a browser in test/e2e/reader/ads.test.ts.
import { SECRET_PATHS, SECRET_REFERRER_POLICY, carriesSecret } from "../../../src/schemas/secretPaths.js";
import { createArticle } from "../../helpers/factories.js";
import { createTestApp, type TestApp } from "../../helpers/testApp.js";

let t: TestApp;
let previewPath: string;
beforeAll(async () => {
  // A stand-in for the server-rendered pages (they need the production build: test/e2e covers their HTML), so
  // every path answers a page, as the site's catch-all does.
  t = await createTestApp({ AD_CLIENT_ID: "ca-pub-1234567890", SITE_URL: "https://news.example.com" }, [(app) => void app.get("/{*splat}", (_req, res) => void res.type("html").send("<!doctype html><title>page</title>"))]);
  const cookie = await t.login();
  const article = await createArticle(t.services, { title: "Embargoed draft", status: "draft" });
  previewPath = new URL((await t.api("POST", `/api/articles/${article.id}/previews`, { cookie })).body.url).pathname;
});
afterAll(() => t.close());

const SECRET_URLS = () => [
  previewPath,
  "/preview/unknown-token",
  "/unsubscribe?token=abc.def",
  "/newsletter/confirm?token=abc.def",
  "/newsletter/click/abc?url=https%3A%2F%2Fexample.com&sig=x",
  "/newsletter/open/abc.gif",
  "/account/verify?token=abc",
  "/staff/accept?token=abc",
  "/staff/reset?token=abc",
  // the routers ignore case, decode the path and collapse slashes: so does the rule
  "/PREVIEW/abc",
  "/%70review/abc",
  "//preview/abc",
  "/unsubscribe/?token=abc",
];

const directive = (csp: string, name: string) => csp.split(";").find((d) => d.startsWith(`${name} `)) ?? "";

test("every secret-bearing URL is answered with Referrer-Policy same-origin and a CSP without any third party", async () => {
  expect(SECRET_REFERRER_POLICY).toBe("same-origin");
  for (const url of SECRET_URLS()) {
    // the answer itself, not where a redirect (the sign-in link, a tracked click) leads
    const res = await fetch(t.baseUrl + url, { redirect: "manual" });
    const csp = res.headers.get("content-security-policy") ?? "";
    expect([url, res.headers.get("referrer-policy")]).toEqual([url, SECRET_REFERRER_POLICY]);
    expect([url, csp.includes("googlesyndication"), csp.includes("doubleclick"), csp.includes("google.com")]).toEqual([url, false, false, false]);
    expect([url, directive(csp, "img-src")]).toEqual([url, "img-src 'self' data:"]);
    expect([url, directive(csp, "frame-src")]).toEqual([url, "frame-src 'none'"]);
    expect([url, directive(csp, "connect-src")]).toEqual([url, "connect-src 'self'"]);
    expect(directive(csp, "script-src")).toMatch(/^script-src 'self' 'nonce-[A-Za-z0-9+/=]+'$/);
  }
  // a one-click unsubscribe POST is a secret-bearing URL too
  const post = await t.api("POST", "/unsubscribe?token=abc.def", { headers: { "content-type": "application/x-www-form-urlencoded" }, body: "List-Unsubscribe=One-Click" });
  expect(post.headers.get("referrer-policy")).toBe(SECRET_REFERRER_POLICY);
});

test("every other page keeps the ad network and its usual referrer policy", async () => {
  for (const url of ["/", "/article/some-story", "/search?q=tank", "/previews", "/unsubscribed", "/newsletter", "/account", "/api/articles"]) {
    const res = await t.api("GET", url);
    const csp = res.headers.get("content-security-policy") ?? "";
    expect([url, res.headers.get("referrer-policy")]).toEqual([url, "strict-origin-when-cross-origin"]);
    expect([url, directive(csp, "script-src").includes("https://pagead2.googlesyndication.com")]).toEqual([url, true]);
    expect([url, directive(csp, "img-src")]).toEqual([url, "img-src 'self' data: https:"]);
  }
});

test("the one list names every page the issue lists, and the rule covers what is below each entry only", () => {
  expect([...SECRET_PATHS].sort()).toEqual(["/account/verify", "/api/previews", "/newsletter/click", "/newsletter/confirm", "/newsletter/open", "/preview", "/staff", "/unsubscribe"]);
  for (const path of ["/preview/x", "/staff/accept", "/staff/reset", "/staff/anything/new", "/Account/Verify", "/newsletter/confirm/", "/%E0%A4"]) {
    expect([path, carriesSecret(path)]).toEqual([path, path !== "/%E0%A4"]);
  }
  for (const path of ["/", "/previews", "/staffing", "/account", "/newsletter", "/article/preview", "/unsubscribed"]) expect([path, carriesSecret(path)]).toEqual([path, false]);
});
