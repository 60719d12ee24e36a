// Staff accounts: invitations and password resets mailed through a real SMTP server, sign-in by address, the
// owner's password login, sessions listed and revoked (across two app instances), suspension and API keys.
import http from "node:http";
import { createApiKey, createStaff, STAFF_PASSWORD } from "../../helpers/factories.js";
import { bearer, secondInstance } from "../../helpers/partner.js";
import { signIn, staffSession } from "../../helpers/staff.js";
import { startSmtpServer, type SmtpServer } from "../../helpers/smtpServer.js";
import { createTestApp, TEST_PASSWORD, type TestApp } from "../../helpers/testApp.js";
import { StaffToken } from "../../../src/entities/StaffToken.js";
import { SECRET_REFERRER_POLICY } from "../../../src/schemas/secretPaths.js";

let t: TestApp;
let smtp: SmtpServer;
beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({ SMTP_URL: smtp.url, STAFF_2FA_REQUIRED: "owner" });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const linkIn = async (email: string, path: string) => {
  for (let i = 0; i < 100 && !smtp.to(email).length; i++) await new Promise((r) => setTimeout(r, 20));
  const text = smtp.to(email).at(-1)?.parsed.text ?? "";
  const match = new RegExp(`${path.replace("/", "\\/")}\\?token=([A-Za-z0-9_-]+)`).exec(text);
  if (!match) throw new Error(`no ${path} link mailed to ${email}: ${text}`);
  return match[1];
};
const me = (cookie: string) => t.api("GET", "/api/admin/me", { cookie });

test("the owner's {password} login still works, and {email, password} signs in anyone; a wrong or unknown address is 200 {success:false}", async () => {
  const owner = await me(await t.login());
  expect(owner.body).toMatchObject({ role: "owner", name: `${t.config.siteName} Staff`, twoFactor: false });
  const editor = await createStaff(t, "editor");
  expect((await me(await signIn(t, editor.email!))).body).toMatchObject({ id: editor.id, email: editor.email, role: "editor", twoFactor: false });
  for (const body of [{ email: editor.email, password: "wrong password" }, { email: "nobody@example.com", password: STAFF_PASSWORD }, { email: editor.email, password: TEST_PASSWORD }]) {
    const res = await t.api("POST", "/api/admin/login", { body });
    expect([res.status, res.body, res.headers.get("set-cookie")]).toEqual([200, { success: false }, null]);
  }
});

test("invitation: 201, a mail through SMTP linking /staff/accept; accepting sets name and password and signs in with the role; the link works once", async () => {
  const admin = await staffSession(t, "administrator");
  const res = await t.api("POST", "/api/admin/staff/invitations", { cookie: admin.cookie, body: { email: "New.Writer@Example.com", role: "author" } });
  expect(res.status).toBe(201);
  expect(res.body).toMatchObject({ id: expect.any(Number), email: "new.writer@example.com", role: "author", expiresAt: expect.any(String) });
  expect(Date.parse(res.body.expiresAt) - Date.now()).toBeGreaterThan(6.9 * 86_400_000);
  const token = await linkIn("new.writer@example.com", "/staff/accept");
  expect((await t.api("GET", "/api/admin/staff/invitations", { cookie: admin.cookie })).body.map((i: { email: string }) => i.email)).toContain("new.writer@example.com");

  expect((await t.api("POST", "/api/staff/accept", { body: { token, name: "New Writer", password: "short" } })).status).toBe(400);
  const accepted = await t.api("POST", "/api/staff/accept", { body: { token, name: "New Writer", password: "a fine long password" } });
  expect(accepted.status).toBe(200);
  const cookie = accepted.headers.get("set-cookie")!.split(";")[0];
  expect((await me(cookie)).body).toMatchObject({ email: "new.writer@example.com", name: "New Writer", role: "author", slug: "new-writer" });
  expect((await t.api("POST", "/api/staff/accept", { body: { token, name: "Again", password: "a fine long password" } })).status).toBe(400);
  expect(await signIn(t, "new.writer@example.com", "a fine long password")).toMatch(/^ds_session=/);
  // the page itself carries the secret: its address is never sent to another site
  const page = await fetch(`${t.baseUrl}/staff/accept?token=${token}`);
  expect(page.headers.get("referrer-policy")).toBe(SECRET_REFERRER_POLICY);
});

test("an invitation can be revoked, and an address that is staff already is a 409; only staff:manage invites", async () => {
  const admin = await staffSession(t, "administrator");
  const res = await t.api("POST", "/api/admin/staff/invitations", { cookie: admin.cookie, body: { email: "revoked@example.com", role: "editor" } });
  const token = await linkIn("revoked@example.com", "/staff/accept");
  expect((await t.api("DELETE", `/api/admin/staff/invitations/${res.body.id}`, { cookie: admin.cookie })).status).toBe(200);
  expect((await t.api("POST", "/api/staff/accept", { body: { token, name: "Too Late", password: "a fine long password" } })).status).toBe(400);
  expect((await t.api("POST", "/api/admin/staff/invitations", { cookie: admin.cookie, body: { email: admin.staff.email, role: "editor" } })).status).toBe(409);
  expect((await t.api("POST", "/api/admin/staff/invitations", { cookie: admin.cookie, body: { email: "x@example.com", role: "owner" } })).status).toBe(400);
  const editor = await staffSession(t, "editor");
  expect((await t.api("POST", "/api/admin/staff/invitations", { cookie: editor.cookie, body: { email: "y@example.com", role: "editor" } })).status).toBe(403);
  // an expired invitation is refused
  const expiring = await t.api("POST", "/api/admin/staff/invitations", { cookie: admin.cookie, body: { email: "expired@example.com", role: "author" } });
  const expiredToken = await linkIn("expired@example.com", "/staff/accept");
  await t.ds.getRepository(StaffToken).update({ id: expiring.body.id }, { expiresAt: new Date(Date.now() - 1000) });
  expect((await t.api("POST", "/api/staff/accept", { body: { token: expiredToken, name: "Late", password: "a fine long password" } })).status).toBe(400);
});

test("password reset: 202 for any address (a mail only for staff); the link sets a new password once and ends every session", async () => {
  const { staff, cookie } = await staffSession(t, "contributor");
  const unknown = await t.api("POST", "/api/staff/password-reset", { body: { email: "not-staff@example.com" } });
  const known = await t.api("POST", "/api/staff/password-reset", { body: { email: staff.email } });
  expect([unknown.status, known.status]).toEqual([202, 202]);
  expect(unknown.body).toEqual(known.body);
  const token = await linkIn(staff.email!, "/staff/reset");
  expect(smtp.to("not-staff@example.com")).toHaveLength(0);
  expect((await t.api("POST", "/api/staff/password-reset/confirm", { body: { token, password: "the new long password" } })).body).toEqual({ success: true });
  expect((await me(cookie)).status).toBe(401);
  expect((await t.api("POST", "/api/staff/password-reset/confirm", { body: { token, password: "yet another password" } })).status).toBe(400);
  expect(await signIn(t, staff.email!, "the new long password")).toMatch(/^ds_session=/);
});

/**
 * One request as a browser makes it to a site served over plain http from a host that is not localhost
 * (http://newsroom.lan): the Host it addresses, and no Sec-Fetch-Site (browsers send that to https and localhost only).
 */
function fromNewsroomLan(method: string, path: string, headers: Record<string, string> = {}, body?: string) {
  const { port } = new URL(t.baseUrl);
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders }>((resolve, reject) => {
    const req = http.request({ host: "127.0.0.1", port, method, path, headers: { host: "newsroom.lan", ...headers } }, (res) => {
      res.resume();
      res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers }));
    });
    req.on("error", reject);
    req.end(body);
  });
}

/**
 * The Origin a browser sends with a page's form post to its own origin over plain http (Fetch, "serialize a request
 * origin"): `null` when the page's Referrer-Policy is no-referrer, else the page's origin.
 */
const formPostOrigin = (referrerPolicy: string | string[] | undefined) => (referrerPolicy === "no-referrer" ? "null" : "http://newsroom.lan");

test("the no-JavaScript staff forms work over plain http from a host that is not localhost: their pages' Referrer-Policy keeps the form post's Origin", async () => {
  const post = async (page: string, action: string, fields: Record<string, string>) => {
    const { headers } = await fromNewsroomLan("GET", page);
    expect([page, headers["referrer-policy"]]).toEqual([page, SECRET_REFERRER_POLICY]);
    const origin = formPostOrigin(headers["referrer-policy"]);
    return fromNewsroomLan("POST", action, { origin, "content-type": "application/x-www-form-urlencoded" }, new URLSearchParams(fields).toString());
  };
  const admin = await staffSession(t, "administrator");
  await t.api("POST", "/api/admin/staff/invitations", { cookie: admin.cookie, body: { email: "lan.writer@example.com", role: "contributor" } });
  const invitation = await linkIn("lan.writer@example.com", "/staff/accept");
  const accepted = await post(`/staff/accept?token=${invitation}`, "/staff/accept", { token: invitation, name: "Lan Writer", password: "a fine long password" });
  expect([accepted.status, accepted.headers.location]).toEqual([303, "/admin"]);
  expect(accepted.headers["set-cookie"]?.[0]).toMatch(/^ds_session=/);

  const asked = await post("/staff/reset", "/staff/reset-request", { email: "lan.writer@example.com" });
  expect([asked.status, asked.headers.location]).toEqual([303, "/staff/reset?sent=1"]);
  const reset = await linkIn("lan.writer@example.com", "/staff/reset");
  const done = await post(`/staff/reset?token=${reset}`, "/staff/reset", { token: reset, password: "the lan's new password" });
  expect([done.status, done.headers.location]).toEqual([303, "/staff/reset?done=1"]);
  expect(await signIn(t, "lan.writer@example.com", "the lan's new password")).toMatch(/^ds_session=/);

  // what the same form post carried from a no-referrer page: refused as cross-site, as it should be
  const fromNoReferrer = await fromNewsroomLan("POST", "/staff/reset-request", { origin: formPostOrigin("no-referrer"), "content-type": "application/x-www-form-urlencoded" }, "email=lan.writer%40example.com");
  expect(fromNoReferrer.status).toBe(403);
});

test("sessions: listed, revoked by id; a password change or a suspension ends them at once on another instance too", async () => {
  const other = await secondInstance(t);
  try {
    const { staff, cookie } = await staffSession(t, "editor");
    const second = await signIn(t, staff.email!);
    const onOther = (c: string) => other.fetch("/api/admin/me", { headers: { cookie: c } }).then((r) => r.status);
    expect(await onOther(second)).toBe(200);

    const list = (await t.api("GET", "/api/admin/me/sessions", { cookie })).body;
    expect(list).toHaveLength(2);
    expect(list.filter((s: { current: boolean }) => s.current)).toHaveLength(1);
    const secondId = list.find((s: { current: boolean }) => !s.current).id;
    expect((await t.api("DELETE", `/api/admin/me/sessions/${secondId}`, { cookie })).status).toBe(200);
    expect(await onOther(second)).toBe(401);

    const third = await signIn(t, staff.email!);
    const changed = await t.api("POST", "/api/admin/me/password", { cookie, body: { current: STAFF_PASSWORD, password: "a changed long password" } });
    expect(changed.body).toEqual({ success: true });
    expect(await onOther(third)).toBe(401);
    expect(await onOther(cookie)).toBe(200); // the session that changed it stays

    const admin = await staffSession(t, "administrator");
    expect((await t.api("PATCH", `/api/admin/staff/${staff.id}`, { cookie: admin.cookie, body: { status: "suspended" } })).body).toMatchObject({ status: "suspended" });
    expect(await onOther(cookie)).toBe(401);
    expect((await t.api("POST", "/api/admin/login", { body: { email: staff.email, password: "a changed long password" } })).body).toEqual({ success: false });
  } finally {
    await other.close();
  }
});

test("API keys belong to their creator: scopes capped by the role, and a suspended or deleted owner's keys stop at once", async () => {
  const author = await staffSession(t, "author");
  expect((await t.api("POST", "/api/admin/api-keys", { cookie: author.cookie, body: { label: "too much", scopes: ["articles:write"] } })).status).toBe(403);
  const own = await createApiKey(t, author.cookie, ["content:read"]);
  expect((await t.api("GET", "/api/articles", { headers: bearer(own.key) })).status).toBe(200);
  const editor = await staffSession(t, "editor");
  const writer = await createApiKey(t, editor.cookie, ["articles:write"]);
  expect((await t.api("GET", "/api/admin/articles", { headers: bearer(writer.key) })).status).toBe(200);
  // others' keys are not listed to an author; an administrator sees every key
  expect((await t.api("GET", "/api/admin/api-keys", { cookie: author.cookie })).body.map((k: { id: number }) => k.id)).toEqual([own.id]);
  const admin = await staffSession(t, "administrator");
  expect((await t.api("GET", "/api/admin/api-keys", { cookie: admin.cookie })).body.map((k: { id: number }) => k.id)).toEqual(expect.arrayContaining([own.id, writer.id]));
  // demoted: the key keeps only what the role allows
  await t.api("PATCH", `/api/admin/staff/${editor.staff.id}`, { cookie: admin.cookie, body: { role: "author" } });
  expect((await t.api("GET", "/api/admin/articles", { headers: bearer(writer.key) })).status).toBe(403);
  await t.api("PATCH", `/api/admin/staff/${author.staff.id}`, { cookie: admin.cookie, body: { status: "suspended" } });
  expect((await t.api("GET", "/api/articles", { headers: bearer(own.key) })).status).toBe(401);
  expect((await t.api("DELETE", `/api/admin/staff/${editor.staff.id}`, { cookie: admin.cookie })).body).toMatchObject({ success: true });
  expect((await t.api("GET", "/api/articles", { headers: bearer(writer.key) })).status).toBe(401);
});

test("only the owner touches the owner's account and transfers ownership; nobody changes or deletes themselves", async () => {
  const admin = await staffSession(t, "administrator");
  const owner = await t.services.auth.owner();
  expect((await t.api("PATCH", `/api/admin/staff/${owner.id}`, { cookie: admin.cookie, body: { status: "suspended" } })).status).toBe(403);
  expect((await t.api("DELETE", `/api/admin/staff/${owner.id}`, { cookie: admin.cookie })).status).toBe(403);
  expect((await t.api("PATCH", `/api/admin/staff/${admin.staff.id}`, { cookie: admin.cookie, body: { role: "owner" } })).status).toBe(403);
  const ownerCookie = await t.login();
  expect((await t.api("PATCH", `/api/admin/staff/${owner.id}`, { cookie: ownerCookie, body: { role: "editor" } })).status).toBe(403);
  const heir = await createStaff(t, "administrator");
  expect((await t.api("PATCH", `/api/admin/staff/${heir.id}`, { cookie: ownerCookie, body: { role: "owner" } })).body).toMatchObject({ role: "owner" });
  expect((await me(ownerCookie)).body.role).toBe("administrator");
  // and back, so the owner's password login of the other tests stays the owner's
  expect((await t.api("PATCH", `/api/admin/staff/${owner.id}`, { cookie: await signIn(t, heir.email!), body: { role: "owner" } })).body).toMatchObject({ role: "owner" });
});

test("deleting a staff member reassigns their articles (to the one deleting, or to reassignTo)", async () => {
  const admin = await staffSession(t, "administrator");
  const leaving = await createStaff(t, "author");
  const heir = await createStaff(t, "editor");
  const article = await t.services.articles.create({ title: "Left behind", content: "Body", status: "draft" }, leaving);
  const res = await t.api("DELETE", `/api/admin/staff/${leaving.id}?reassignTo=${heir.id}`, { cookie: admin.cookie });
  expect(res.body).toEqual({ success: true, reassignedTo: heir.id, articles: 1 });
  expect((await t.services.articles.findAnyById(article.id)).authorId).toBe(heir.id);
  expect((await t.api("GET", "/api/admin/staff", { cookie: admin.cookie })).body.map((s: { id: number }) => s.id)).not.toContain(leaving.id);
});
