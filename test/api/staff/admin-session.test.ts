// Administrator session: status, login, logout; the cookie's attributes; server-side 24-hour sessions.
import { AdminSession } from "../../../src/entities/AdminSession.js";
import { Setting } from "../../../src/entities/Setting.js";
import { StaffMember } from "../../../src/entities/StaffMember.js";
import { TEST_PASSWORD, createTestApp, useTestApp } from "../../helpers/testApp.js";

const t = useTestApp();

const login = (password: unknown) => t.api("POST", "/api/admin/login", { body: { password } });
const status = (cookie?: string) => t.api("GET", "/api/admin/status", { cookie });
const sessions = () => t.ds.getRepository(AdminSession).count();

test("status without a session is {authenticated:false}, private and varying by cookie", async () => {
  const res = await status();
  expect(res.status).toBe(200);
  expect(res.body).toEqual({ authenticated: false });
  expect(res.headers.get("cache-control")).toContain("private");
  expect(res.headers.get("vary")).toMatch(/cookie/i);
  expect((await status("ds_session=forged-token")).body).toEqual({ authenticated: false });
});

test("a wrong password answers 200 {success:false} and sets no cookie", async () => {
  const before = await sessions();
  const res = await login("not the password");
  expect(res.status).toBe(200);
  expect(res.body).toEqual({ success: false });
  expect(res.headers.get("set-cookie")).toBeNull();
  expect(await sessions()).toBe(before);
});

test("login sets an HttpOnly, SameSite=Lax, 24-hour cookie backed by a stored session; status then says authenticated", async () => {
  const res = await login(TEST_PASSWORD);
  expect(res.status).toBe(200);
  expect(res.body).toEqual({ success: true });
  const setCookie = res.headers.get("set-cookie")!;
  expect(setCookie).toMatch(/^ds_session=[A-Za-z0-9_-]{30,};/);
  expect(setCookie).toMatch(/HttpOnly/i);
  expect(setCookie).toMatch(/SameSite=Lax/i);
  expect(setCookie).toMatch(/Max-Age=86400/);
  expect(setCookie).toMatch(/Path=\//);
  expect(setCookie).not.toMatch(/Secure/i); // SITE_URL is http here
  const cookie = setCookie.split(";")[0];
  const token = cookie.split("=")[1];
  const rows = await t.ds.getRepository(AdminSession).find();
  // only a hash of the token is stored
  expect(rows.some((r) => r.tokenHash === token)).toBe(false);
  const newest = rows.sort((a, b) => +new Date(b.expiresAt) - +new Date(a.expiresAt))[0];
  expect(Math.abs(new Date(newest.expiresAt).getTime() - (Date.now() + 86_400_000))).toBeLessThan(10_000);
  expect((await status(cookie)).body).toEqual({ authenticated: true });
  // the password is stored only as a slow hash
  const stored = await t.ds.getRepository(Setting).find();
  expect(JSON.stringify(stored)).not.toContain(TEST_PASSWORD);
  // the owner's hash lives on the owner's staff account (issue 25), never in clear
  const owner = await t.ds.getRepository(StaffMember).findOneByOrFail({ role: "owner" });
  expect(owner.passwordHash).toMatch(/^scrypt\$/);
});

test("logout deletes the session: the old cookie is refused afterwards, the cookie is cleared", async () => {
  const cookie = await t.login();
  const before = await sessions();
  const res = await t.api("POST", "/api/admin/logout", { cookie });
  expect(res.status).toBe(200);
  expect(res.body).toEqual({ success: true });
  expect(res.headers.get("set-cookie")).toMatch(/ds_session=;.*Max-Age=0/);
  expect(await sessions()).toBe(before - 1);
  expect((await status(cookie)).body).toEqual({ authenticated: false });
  expect((await t.api("GET", "/api/admin/articles", { cookie })).status).toBe(401);
  // logging out without a session is harmless
  expect((await t.api("POST", "/api/admin/logout")).body).toEqual({ success: true });
});

test("an expired session is refused", async () => {
  const cookie = await t.login();
  expect((await t.api("GET", "/api/admin/articles", { cookie })).status).toBe(200);
  await t.ds.getRepository(AdminSession).createQueryBuilder().update().set({ expiresAt: new Date(Date.now() - 1000) }).execute();
  expect((await status(cookie)).body).toEqual({ authenticated: false });
  const res = await t.api("GET", "/api/admin/articles", { cookie });
  expect(res.status).toBe(401);
  expect(res.body.message).toBe("Authentication required");
});

test("login and status through tRPC over HTTP and through a caller", async () => {
  const res = await t.api("POST", "/api/trpc/admin.login", { body: { password: TEST_PASSWORD } });
  expect(res.status).toBe(200);
  expect(res.body.result.data).toEqual({ success: true });
  const cookie = res.headers.get("set-cookie")!.split(";")[0];
  const viaTrpc = await t.api("GET", "/api/trpc/admin.status", { cookie });
  expect(viaTrpc.body.result.data).toEqual({ authenticated: true });
  expect((await (await t.caller(true)).admin.status()).authenticated).toBe(true);
  expect((await (await t.caller()).admin.status()).authenticated).toBe(false);
  expect(await (await t.caller(false, "wrong-client")).admin.login({ password: "nope" })).toEqual({ success: false });
});

test("logout through a caller deletes its session", async () => {
  const admin = await t.caller(true);
  expect((await admin.admin.status()).authenticated).toBe(true);
  const before = await sessions();
  expect(await admin.admin.logout()).toEqual({ success: true });
  expect(await sessions()).toBe(before - 1);
});

test("system status: the facts of the dashboard panel, admin-only", async () => {
  const cookie = await t.login();
  const res = await t.api("GET", "/api/admin/system-status", { cookie });
  expect(res.status).toBe(200);
  expect(res.body).toMatchObject({
    database: { kind: process.env.DATABASE_URL ? expect.stringMatching(/mysql|mariadb/) : "sqlite", reachable: true, latencyMs: expect.any(Number) },
    articles: { published: 0, scheduled: 0, drafts: 0, archived: 0 },
    pendingComments: 0,
    activeSubscribers: 0,
    premiumRequests: 0,
  });
  expect(await (await t.caller(true)).admin.systemStatus()).toMatchObject({ database: { reachable: true } });
  expect((await t.api("GET", "/api/admin/system-status")).status).toBe(401);
});

// Last: on MySQL/MariaDB a second test app empties the shared database.
test("the cookie is Secure when SITE_URL is https", async () => {
  const secure = await createTestApp({ SITE_URL: "https://news.example.com" });
  try {
    const res = await secure.api("POST", "/api/admin/login", { body: { password: TEST_PASSWORD } });
    expect(res.headers.get("set-cookie")).toMatch(/Secure/);
  } finally {
    await secure.close();
  }
});
