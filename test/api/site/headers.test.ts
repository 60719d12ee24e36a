// Security headers on every answer; Cache-Control public on public GETs, private + Vary: Cookie when the session matters.
import { createArticle } from "../../helpers/factories.js";
import { createTestApp, type TestApp } from "../../helpers/testApp.js";

let t: TestApp;
let cookie: string;
let slug: string;
let id: number;
beforeAll(async () => {
  t = await createTestApp();
  cookie = await t.login();
  const a = await createArticle(t.services);
  slug = a.slug;
  id = a.id;
});
afterAll(() => t.close());

const nonceOf = (csp: string | null) => /'nonce-([^']+)'/.exec(csp ?? "")?.[1];

test("every answer carries CSP with a per-response nonce and frame-ancestors 'none', nosniff and a referrer policy", async () => {
  const nonces = new Set<string>();
  for (const url of ["/api/articles", "/api/openapi.json", "/api/docs", "/api/nope", "/api/admin/status"]) {
    const res = await t.api("GET", url);
    const csp = res.headers.get("content-security-policy");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    const nonce = nonceOf(csp);
    expect(nonce).toMatch(/^[A-Za-z0-9+/=]{16,}$/);
    nonces.add(nonce!);
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(res.headers.get("x-frame-options")).toBe("DENY");
    expect(res.headers.get("x-powered-by")).toBeNull();
  }
  expect(nonces.size).toBe(5);
  // the same URL twice: two nonces
  const [a, b] = await Promise.all([t.api("GET", "/api/home"), t.api("GET", "/api/home")]);
  expect(nonceOf(a.headers.get("content-security-policy"))).not.toBe(nonceOf(b.headers.get("content-security-policy")));
});

test("public GET answers are cacheable by browsers and CDNs (public, max-age)", async () => {
  for (const url of ["/api/articles", `/api/articles/slug/${slug}`, `/api/articles/${id}`, "/api/home", `/api/articles/${id}/comments`, "/api/breaking-news/ticker", "/api/stocks/defense", "/api/business-contacts", "/api/pages", "/api/pages/about"]) {
    const res = await t.api("GET", url);
    expect([url, res.status]).toEqual([url, 200]);
    expect([url, res.headers.get("cache-control")]).toEqual([url, expect.stringMatching(/^public, .*max-age=\d+/)]);
    expect(res.headers.get("cache-control")).toMatch(/s-maxage=\d+/);
  }
});

test("session-dependent answers are private and vary by cookie", async () => {
  const cases: [string, string | undefined][] = [
    ["/api/admin/status", undefined],
    ["/api/admin/status", cookie],
    ["/api/business-contacts", cookie],
    [`/api/articles/${id}?admin=true`, cookie],
    [`/api/articles/${id}?admin=true`, undefined],
    ["/api/admin/articles", cookie],
    ["/api/admin/revenue-analytics", cookie],
  ];
  for (const [url, c] of cases) {
    const res = await t.api("GET", url, { cookie: c });
    expect([url, Boolean(c), res.headers.get("cache-control")]).toEqual([url, Boolean(c), expect.stringContaining("private")]);
    expect([url, res.headers.get("vary")]).toEqual([url, expect.stringMatching(/cookie/i)]);
  }
});

test("state changes are never cached", async () => {
  const res = await t.api("POST", "/api/newsletter/subscribe", { body: { email: "cache@example.com" } });
  expect(res.headers.get("cache-control")).toBe("no-store");
  const put = await t.api("PUT", `/api/articles/${id}`, { body: { title: "Cached?" }, cookie });
  expect(put.headers.get("cache-control")).toMatch(/no-store/);
});

test("tRPC answers carry the same headers", async () => {
  const res = await t.api("GET", "/api/trpc/articles.list?input=%7B%7D");
  expect(res.status).toBe(200);
  expect(res.headers.get("cache-control")).toMatch(/^public, .*max-age=\d+/);
  expect(res.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
  const status = await t.api("GET", "/api/trpc/admin.status", { cookie });
  expect(status.headers.get("cache-control")).toContain("private");
  expect(status.headers.get("vary")).toMatch(/cookie/i);
});

// Last: on MySQL/MariaDB a second test app empties the shared database.
test("the CSP allows the ad network only when AD_CLIENT_ID is set", async () => {
  expect((await t.api("GET", "/api/articles")).headers.get("content-security-policy")).not.toContain("googlesyndication");
  const ads = await createTestApp({ AD_CLIENT_ID: "ca-pub-1234567890" });
  try {
    const csp = (await ads.api("GET", "/api/articles")).headers.get("content-security-policy")!;
    expect(csp).toMatch(/script-src[^;]*https:\/\/pagead2\.googlesyndication\.com/);
  } finally {
    await ads.close();
  }
});
