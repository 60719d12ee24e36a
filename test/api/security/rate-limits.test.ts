// Throttles engage at their configured limits: failed logins, comments and newsletter sign-ups.
import { createArticle } from "../../helpers/factories.js";
import { createTestApp, TEST_PASSWORD, type TestApp } from "../../helpers/testApp.js";

let t: TestApp;
const LOGIN = 3;
const COMMENTS = 4;
const NEWSLETTER = 2;
// An app per test: the throttles' counters are the app's state, and no test may start with another's.
beforeEach(async () => {
  t = await createTestApp({ RATE_LIMIT_LOGIN: String(LOGIN), RATE_LIMIT_COMMENTS: String(COMMENTS), RATE_LIMIT_NEWSLETTER: String(NEWSLETTER) });
});
afterEach(() => t.close());

const login = (password: string) => t.api("POST", "/api/admin/login", { body: { password } });

function expectThrottled(res: { status: number; headers: Headers; body: any; text: string }) {
  expect(res.status).toBe(429);
  const retryAfter = Number(res.headers.get("retry-after"));
  expect(retryAfter).toBeGreaterThan(0);
  expect(res.body.message).toMatch(/try again in \d+ (seconds|minutes)/i);
  expect(res.text).not.toMatch(/\bat .*\.ts:\d+/);
}

test("successful logins are not counted", async () => {
  for (let i = 0; i < LOGIN + 3; i++) expect((await login(TEST_PASSWORD)).body).toEqual({ success: true });
});

test(`${LOGIN} failed logins, then 429 with Retry-After — even for the right password`, async () => {
  for (let i = 0; i < LOGIN; i++) {
    const res = await login(`wrong-${i}`);
    expect([i, res.status, res.body]).toEqual([i, 200, { success: false }]);
  }
  expectThrottled(await login("wrong-again"));
  const right = await login(TEST_PASSWORD);
  expectThrottled(right);
  expect(right.headers.get("set-cookie")).toBeNull();
  // tRPC over HTTP is throttled alike
  const trpc = await t.api("POST", "/api/trpc/admin.login", { body: { password: TEST_PASSWORD } });
  expect(trpc.status).toBe(429);
  expect(Number(trpc.headers.get("retry-after"))).toBeGreaterThan(0);
  expect(trpc.body.error.message).toMatch(/try again in/i);
  // another client is not affected
  expect(await (await t.caller(false, "another-client")).admin.login({ password: TEST_PASSWORD })).toEqual({ success: true });
});

test(`comments: ${COMMENTS} per minute per client, then 429`, async () => {
  const article = await createArticle(t.services);
  for (let i = 0; i < COMMENTS; i++) {
    const res = await t.api("POST", `/api/articles/${article.id}/comments`, { body: { authorName: "R", authorEmail: "r@example.com", content: `Point number ${i}` } });
    expect([i, res.status]).toEqual([i, 201]);
  }
  expectThrottled(await t.api("POST", `/api/articles/${article.id}/comments`, { body: { authorName: "R", authorEmail: "r@example.com", content: "One too many" } }));
  const list = await t.api("GET", `/api/articles/${article.id}/comments`);
  expect(list.body).toHaveLength(COMMENTS);
});

test(`newsletter: ${NEWSLETTER} per minute per client, then 429`, async () => {
  for (let i = 0; i < NEWSLETTER; i++) {
    expect((await t.api("POST", "/api/newsletter/subscribe", { body: { email: `limit-${i}@example.com` } })).status).toBe(200);
  }
  expectThrottled(await t.api("POST", "/api/newsletter/subscribe", { body: { email: "limit-x@example.com" } }));
  await expect((await t.caller(false, "127.0.0.1")).newsletter.subscribe({ email: "limit-y@example.com" })).rejects.toMatchObject({ code: "TOO_MANY_REQUESTS" });
});

test("without TRUST_PROXY a forged X-Forwarded-For does not escape the throttle", async () => {
  // This client (127.0.0.1) uses up its failed logins first.
  for (let i = 0; i < LOGIN; i++) await login(`wrong-forwarded-${i}`);
  const res = await t.api("POST", "/api/admin/login", { body: { password: TEST_PASSWORD }, headers: { "x-forwarded-for": "203.0.113.9" } });
  expect(res.status).toBe(429);
});

test("a forged X-Forwarded-For from a client that is not a listed proxy does not choose the address", async () => {
  const proxied = await createTestApp({ TRUST_PROXY: "10.0.0.0/8", RATE_LIMIT_LOGIN: "2" });
  try {
    // the client (127.0.0.1) is not 10.0.0.0/8, so its forwarded addresses are ignored: one counter for all
    for (const ip of ["198.51.100.1", "198.51.100.2"]) expect((await proxied.api("POST", "/api/admin/login", { body: { password: "wrong" }, headers: { "x-forwarded-for": ip } })).status).toBe(200);
    expect((await proxied.api("POST", "/api/admin/login", { body: { password: "wrong" }, headers: { "x-forwarded-for": "198.51.100.3" } })).status).toBe(429);
  } finally {
    await proxied.close();
  }
});

test("behind a proxy (TRUST_PROXY=1) each forwarded client has its own counter", async () => {
  const proxied = await createTestApp({ TRUST_PROXY: "1", RATE_LIMIT_LOGIN: "2" });
  try {
    const from = (ip: string, password: string) => proxied.api("POST", "/api/admin/login", { body: { password }, headers: { "x-forwarded-for": ip } });
    expect((await from("198.51.100.1", "wrong")).status).toBe(200);
    expect((await from("198.51.100.1", "wrong")).status).toBe(200);
    expect((await from("198.51.100.1", TEST_PASSWORD)).status).toBe(429);
    expect((await from("198.51.100.2", TEST_PASSWORD)).body).toEqual({ success: true });
  } finally {
    await proxied.close();
  }
});
