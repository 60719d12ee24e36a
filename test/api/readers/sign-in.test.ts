// Reader sign-in by mailed link over HTTP: the same 202 for every address, a link page that changes nothing
// on GET or HEAD (mail scanners) and whose button POSTs from our own origin only, single use, and limits that
// let no other client silence a reader's own request while no address gets more than a few mails a day.
import fs from "node:fs";
import path from "node:path";
import { SIGN_IN_MAILS_PER_ADDRESS, SIGN_IN_MAILS_PER_CLIENT_AND_ADDRESS } from "../../../src/services/premium/readerAccounts.js";
import { pressSignInButton, signInLinkFromOutbox, signInReader } from "../../helpers/readerSignIn.js";
import { createTestApp, type TestApp } from "../../helpers/testApp.js";

let t: TestApp;
let n = 0;
const uniq = (p: string) => `${p}-${Date.now().toString(36)}-${++n}`;
beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: "1", RATE_LIMIT_SIGN_IN: "6" });
});
afterAll(() => t.close());

/** A client of its own (TRUST_PROXY=1 takes the address from X-Forwarded-For). */
const client = (i = ++n) => ({ "x-forwarded-for": `203.0.${Math.floor(i / 250) % 250}.${(i % 250) + 1}` });
const ask = (email: string, headers: Record<string, string> = client()) => t.api("POST", "/api/account/sign-in", { body: { email }, headers });
/** The sign-in mails in the outbox for an address, oldest first. */
function mailsTo(email: string): string[] {
  const outbox = path.join(t.config.dataDir, "outbox");
  if (!fs.existsSync(outbox)) return [];
  return fs
    .readdirSync(outbox)
    .sort()
    .map((f) => fs.readFileSync(path.join(outbox, f), "utf8").replace(/=\r?\n/g, "").replace(/=3D/g, "="))
    .filter((raw) => raw.includes(`To: ${email}`));
}
const tokenOf = (mail: string) => /\/account\/verify\?token=([\w-]+)/.exec(mail)![1];
const linkRows = async (email: string) => Number((await t.ds.query("SELECT COUNT(*) AS n FROM reader_sign_in WHERE email = ?", [email]))[0].n);
const accountOf = async (cookie: string) => (await t.api("GET", "/api/account", { cookie })).status;

test("202 and the same answer for any address; opening the link (GET, HEAD) changes nothing; the button's POST signs in once", async () => {
  const email = `${uniq("reader")}@example.com`;
  const res = await ask(email);
  expect(res.status).toBe(202);
  const known = await ask(email);
  expect(known.status).toBe(202);
  expect(known.body).toEqual(res.body);
  const link = signInLinkFromOutbox(t.config.dataDir, email)!;
  expect(link).toMatch(/\/account\/verify\?token=[\w-]+$/);
  expect(mailsTo(email)[0]).toContain("The link works once, within the next 15 minutes.");
  // A mail scanner fetches the link: no session, the link stays valid, no account appears.
  const linkPath = new URL(link).pathname + new URL(link).search;
  for (const method of ["HEAD", "GET", "HEAD"]) {
    const scanned = await fetch(t.baseUrl + linkPath, { method, redirect: "manual" });
    expect([method, scanned.headers.get("set-cookie")]).toEqual([method, null]);
    expect(scanned.status).not.toBe(303);
  }
  expect(await linkRows(email)).toBe(1);
  expect(await t.ds.query("SELECT id FROM reader WHERE email = ?", [email])).toEqual([]);

  const opened = await pressSignInButton(t.baseUrl, link);
  expect(opened.status).toBe(303);
  expect(opened.headers.get("location")).toBe("/account");
  expect(opened.headers.get("cache-control")).toBe("no-store");
  const setCookie = opened.headers.get("set-cookie")!;
  expect(setCookie).toMatch(/^reader_session=[\w-]+; Max-Age=2592000; Path=\/; HttpOnly; SameSite=Lax$/);
  const cookie = setCookie.split(";")[0];
  const account = await t.api("GET", "/api/account", { cookie });
  expect(account.status).toBe(200);
  expect(account.headers.get("cache-control")).toContain("private");
  expect(account.body).toEqual({ email, plan: null, status: "free", renewsAt: null, member: false });
  // The link works once: pressed again it says so; a second press from the browser just signed in lands on the account.
  const again = await pressSignInButton(t.baseUrl, link);
  expect(again.headers.get("location")).toBe("/account?signin=expired");
  expect(again.headers.get("set-cookie")).toBeNull();
  expect((await pressSignInButton(t.baseUrl, link, { cookie })).headers.get("location")).toBe("/account");
});

test("a POST from another site is refused (login CSRF) and leaves the link valid", async () => {
  const email = `${uniq("csrf")}@example.com`;
  await ask(email);
  const link = signInLinkFromOutbox(t.config.dataDir, email)!;
  const foreign: Record<string, string>[] = [{ origin: "https://evil.example" }, { origin: "null" }, { origin: t.baseUrl, "sec-fetch-site": "cross-site" }];
  for (const headers of foreign) {
    const res = await pressSignInButton(t.baseUrl, link, headers);
    expect([headers, res.status, res.headers.get("set-cookie")]).toEqual([headers, 403, null]);
    expect(await res.text()).toContain("Requests from other sites cannot change anything here.");
  }
  expect(await linkRows(email)).toBe(1);
  const ours = await pressSignInButton(t.baseUrl, link, { "sec-fetch-site": "same-origin" });
  expect(ours.status).toBe(303);
  expect(await accountOf(ours.headers.get("set-cookie")!.split(";")[0])).toBe(200);
});

test("an expired, altered or missing token signs nobody in and lands on the page that says so", async () => {
  const email = `${uniq("late")}@example.com`;
  await ask(email);
  const link = new URL(signInLinkFromOutbox(t.config.dataDir, email)!);
  await t.ds.query("UPDATE reader_sign_in SET expiresAt = ? WHERE email = ?", ["2000-01-01 00:00:00.000", email]);
  const token = link.searchParams.get("token")!;
  for (const body of [`token=${token}`, `token=${token}x`, "", "token=", `token=${"a".repeat(500)}`, `token=${token}&token=${token}`, "token[a]=b"]) {
    const res = await fetch(`${t.baseUrl}/account/verify`, { method: "POST", redirect: "manual", headers: { "content-type": "application/x-www-form-urlencoded", origin: t.baseUrl }, body });
    expect([body.slice(0, 40), res.status, res.headers.get("location"), res.headers.get("set-cookie")]).toEqual([body.slice(0, 40), 303, "/account?signin=expired", null]);
  }
  const huge = await fetch(`${t.baseUrl}/account/verify`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: `token=${"a".repeat(10_000)}` });
  expect(huge.status).toBe(413);
  expect(await t.ds.query("SELECT id FROM reader WHERE email = ?", [email])).toEqual([]);
});

test("expired sessions and links are pruned; an expired session signs nobody in", async () => {
  const email = `${uniq("old")}@example.com`;
  const cookie = await signInReader(t, email, client());
  await ask(email);
  await t.ds.query("UPDATE reader_session SET expiresAt = ?", ["2000-01-01 00:00:00.000"]);
  await t.ds.query("UPDATE reader_sign_in SET expiresAt = ? WHERE email = ?", ["2000-01-01 00:00:00.000", email]);
  expect(await accountOf(cookie)).toBe(401);
  await t.services.readers.pruneExpired();
  expect(await t.ds.query("SELECT tokenHash FROM reader_session")).toEqual([]);
  expect(await linkRows(email)).toBe(0);
});

test("bad input is a 400 and stores nothing; no account without a session: 401 on every door", async () => {
  for (const body of [{}, { email: "" }, { email: "not-an-address" }, { email: "a".repeat(300) + "@x.com" }]) {
    expect((await t.api("POST", "/api/account/sign-in", { body, headers: client() })).status).toBe(400);
  }
  expect((await t.api("GET", "/api/account")).status).toBe(401);
  expect((await t.api("GET", "/api/account", { cookie: "reader_session=forged" })).status).toBe(401);
  expect((await t.api("DELETE", "/api/account")).status).toBe(401);
  expect((await t.api("POST", "/api/account/billing-portal")).status).toBe(401);
  await expect((await t.caller()).account.me()).rejects.toMatchObject({ code: "UNAUTHORIZED" });
  // The administrator's session is not a reader's.
  expect((await t.api("GET", "/api/account", { cookie: await t.login() })).status).toBe(401);
});

test("a fresh link is mailed again rather than multiplied; signing in spends every link of the address", async () => {
  const email = `${uniq("again")}@example.com`;
  const me = client();
  await ask(email, me);
  await ask(email, me);
  const [first, second] = mailsTo(email);
  expect(tokenOf(second)).toBe(tokenOf(first));
  expect(await linkRows(email)).toBe(1);
  // With less than 10 of its 15 minutes left, the next request mints a new link.
  await t.ds.query("UPDATE reader_sign_in SET expiresAt = ? WHERE email = ?", [new Date(Date.now() + 9 * 60_000).toISOString().replace("T", " ").replace("Z", ""), email]);
  await ask(email, client());
  const third = mailsTo(email)[2];
  expect(tokenOf(third)).not.toBe(tokenOf(first));
  expect(third).toContain("within the next 15 minutes");
  expect(await linkRows(email)).toBe(2);
  // Only hashes are stored: no row holds a token.
  const stored = JSON.stringify(await t.ds.query("SELECT * FROM reader_sign_in WHERE email = ?", [email]));
  for (const token of [tokenOf(first), tokenOf(third)]) expect(stored).not.toContain(token);
  const signedIn = await pressSignInButton(t.baseUrl, `${t.baseUrl}/account/verify?token=${tokenOf(third)}`);
  expect(signedIn.status).toBe(303);
  expect(signedIn.headers.get("location")).toBe("/account");
  expect(await linkRows(email)).toBe(0);
  expect((await pressSignInButton(t.baseUrl, `${t.baseUrl}/account/verify?token=${tokenOf(first)}`)).headers.get("location")).toBe("/account?signin=expired");
});

test("another client's requests cannot silence a reader's own, and no address gets more than its mails a day", async () => {
  expect([SIGN_IN_MAILS_PER_CLIENT_AND_ADDRESS, SIGN_IN_MAILS_PER_ADDRESS]).toEqual([3, 10]);
  const victim = `${uniq("victim")}@example.com`;
  // The attacker spends its minute's requests (6, then 429) on the victim's address: 3 of them mail.
  const attacker = { "x-forwarded-for": "198.51.100.66" };
  const statuses: number[] = [];
  for (let i = 0; i < 8; i++) statuses.push((await ask(victim, attacker)).status);
  expect(statuses).toEqual([202, 202, 202, 202, 202, 202, 429, 429]);
  const beforeVictim = mailsTo(victim).length;
  // The victim's own request still gets a mail, with a link that works.
  expect((await ask(victim, client())).status).toBe(202);
  const mails = mailsTo(victim);
  expect(mails).toHaveLength(beforeVictim + 1);
  const opened = await pressSignInButton(t.baseUrl, `${t.baseUrl}/account/verify?token=${tokenOf(mails.at(-1)!)}`);
  expect(await accountOf(opened.headers.get("set-cookie")!.split(";")[0])).toBe(200);
  expect(beforeVictim).toBe(SIGN_IN_MAILS_PER_CLIENT_AND_ADDRESS);

  // Many clients together: the address gets at most SIGN_IN_MAILS_PER_ADDRESS mails a day, and every answer is the same 202.
  const bombed = `${uniq("bombed")}@example.com`;
  const answers = new Set<string>();
  for (let i = 0; i < 3 * SIGN_IN_MAILS_PER_ADDRESS; i++) {
    const res = await ask(bombed, client());
    answers.add(`${res.status} ${res.text}`);
  }
  expect([...answers]).toEqual([`202 ${JSON.stringify((await ask(`${uniq("other")}@example.com`)).body)}`]);
  expect(mailsTo(bombed)).toHaveLength(SIGN_IN_MAILS_PER_ADDRESS);
});
