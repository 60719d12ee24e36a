// Double opt-in without SMTP (mail in DATA_DIR/outbox): sign-up, confirmation link, the same answer
// whatever the address's state, and the signed unsubscribe link.
import fs from "node:fs";
import path from "node:path";
import { useTestApp } from "../../helpers/testApp.js";

const t = useTestApp({ RATE_LIMIT_NEWSLETTER: "1000" }, { signIn: true });

const outbox = () => path.join(t.config.dataDir, "outbox");
const mails = () => (fs.existsSync(outbox()) ? fs.readdirSync(outbox()).sort().map((f) => decodeQuotedPrintable(fs.readFileSync(path.join(outbox(), f), "utf8"))) : []);
const decodeQuotedPrintable = (raw: string) => raw.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, hex) => String.fromCharCode(parseInt(hex, 16)));
const mailsTo = (email: string) => mails().filter((m) => m.includes(`To: ${email}`));
/** The token of the newest link of the given path in a mail to the address. */
function tokenFromMail(email: string, linkPath: string): string {
  const mail = mailsTo(email).at(-1);
  expect(mail).toBeDefined();
  const match = new RegExp(`${linkPath.replace(/\//g, "\\/")}\\?token=([A-Za-z0-9_.-]+)`).exec(mail!);
  expect(match).not.toBeNull();
  return match![1];
}
const subscribe = (email: string) => t.api("POST", "/api/newsletter/subscribe", { body: { email } });
const status = async (email: string) => (await t.ds.query("SELECT status FROM newsletter_subscriber WHERE email = ?", [email]))[0]?.status;
const advance = (ms: number) => {
  const now = t.services.clock.now().getTime() + ms;
  t.services.clock.now = () => new Date(now);
};

test("a sign-up stores a pending address and mails a confirmation link; the button's POST makes it active", async () => {
  const res = await subscribe("Reader.One@Example.com");
  expect(res.status).toBe(200);
  expect(res.body).toEqual({ success: true, message: "Check your inbox to confirm your subscription" });
  expect(await status("reader.one@example.com")).toBe("pending");
  const mail = mailsTo("reader.one@example.com")[0];
  expect(mail).toContain("Subject: Confirm your subscription to the Defense Sentinel daily briefing");
  const token = tokenFromMail("reader.one@example.com", "/newsletter/confirm");
  // Opening the link (a GET of the page) changes nothing: only the page's button POSTs.
  expect(await status("reader.one@example.com")).toBe("pending");
  const confirmed = await t.api("POST", "/api/newsletter/confirm", { body: { token } });
  expect(confirmed.status).toBe(200);
  expect(confirmed.body).toEqual({ email: "r***@example.com", status: "active" });
  expect(await status("reader.one@example.com")).toBe("active");
  // Idempotent, and through tRPC too.
  expect((await (await t.caller()).newsletter.confirm({ token })).status).toBe("active");
});

test("the answer is identical whatever the address's state; a confirmed address gets no second mail within a day", async () => {
  await subscribe("known@example.com");
  await t.services.newsletter.confirm(tokenFromMail("known@example.com", "/newsletter/confirm"));
  await subscribe("gone@example.com");
  await t.services.newsletter.confirm(tokenFromMail("gone@example.com", "/newsletter/confirm"));
  await t.services.newsletter.unsubscribe(await t.services.newsletter.unsubscribeToken("gone@example.com"));
  await subscribe("waiting@example.com");

  const answers = [];
  for (const email of ["brand-new@example.com", "known@example.com", "gone@example.com", "waiting@example.com"]) {
    const res = await subscribe(email);
    answers.push({ status: res.status, body: res.text, cache: res.headers.get("cache-control") });
  }
  expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);

  // Each address had its sign-up mail minutes ago: the repeats mailed nothing new.
  const notices = () => mailsTo("known@example.com").filter((m) => m.includes("already subscribed"));
  expect(notices()).toHaveLength(0);
  expect(mailsTo("gone@example.com")).toHaveLength(1);
  // A day later the active address is told (once a day) that it is subscribed; the unsubscribed one gets a new confirmation link.
  advance(25 * 60 * 60_000);
  await subscribe("known@example.com");
  await subscribe("known@example.com");
  expect(notices()).toHaveLength(1);
  expect(notices()[0]).toContain("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
  await subscribe("gone@example.com");
  expect(mailsTo("gone@example.com")).toHaveLength(2);
  // It stays unsubscribed until it confirms.
  expect(await status("gone@example.com")).toBe("unsubscribed");
  await t.services.newsletter.confirm(tokenFromMail("gone@example.com", "/newsletter/confirm"));
  expect(await status("gone@example.com")).toBe("active");
});

test("a confirmation link is refused when altered, forged or older than 7 days, and changes nothing", async () => {
  await subscribe("late@example.com");
  const token = tokenFromMail("late@example.com", "/newsletter/confirm");
  const [payload, expires, signature] = token.split(".");
  const other = Buffer.from("known@example.com").toString("base64url");
  for (const bad of [`${other}.${expires}.${signature}`, `${payload}.${Number(expires) + 86_400}.${signature}`, `${payload}.${expires}`, "x", "....", `${payload}.${expires}.${signature}.x`]) {
    const res = await t.api("POST", "/api/newsletter/confirm", { body: { token: bad } });
    expect([bad, res.status]).toEqual([bad, 400]);
    expect(res.body.message).toBe("This confirmation link is not valid");
  }
  expect((await t.api("POST", "/api/newsletter/confirm", { body: {} })).status).toBe(400);
  advance(7 * 24 * 60 * 60_000 + 60_000);
  const expired = await t.api("POST", "/api/newsletter/confirm", { body: { token } });
  expect(expired.status).toBe(400);
  expect(expired.body.message).toContain("expired");
  expect(await status("late@example.com")).toBe("pending");
});

test("an old confirmation link does not re-subscribe after a one-click unsubscribe: a link confirms one pending sign-up, once", async () => {
  const email = "once@example.com";
  await subscribe(email);
  const first = tokenFromMail(email, "/newsletter/confirm");
  expect((await t.api("POST", "/api/newsletter/confirm", { body: { token: first } })).status).toBe(200);
  const oneClick = async () => {
    const url = `/unsubscribe?token=${await t.services.newsletter.unsubscribeToken(email)}`;
    const res = await t.api("POST", url, { body: "List-Unsubscribe=One-Click", headers: { "content-type": "application/x-www-form-urlencoded" } });
    expect(res.status).toBe(200);
    expect(await status(email)).toBe("unsubscribed");
  };
  await oneClick();
  const replayed = await t.api("POST", "/api/newsletter/confirm", { body: { token: first } });
  expect(replayed.status).toBe(400);
  expect(replayed.body.message).toBe("This confirmation link was already used: sign up again to get a new one");
  await expect((await t.caller()).newsletter.confirm({ token: first })).rejects.toMatchObject({ code: "BAD_REQUEST" });
  expect(await status(email)).toBe("unsubscribed");
  // A new sign-up mails a new link, and that one subscribes the address again, once.
  advance(11 * 60_000);
  await subscribe(email);
  const second = tokenFromMail(email, "/newsletter/confirm");
  expect(second).not.toBe(first);
  expect((await t.api("POST", "/api/newsletter/confirm", { body: { token: first } })).status).toBe(400);
  expect((await t.api("POST", "/api/newsletter/confirm", { body: { token: second } })).body).toEqual({ email: "o***@example.com", status: "active" });
  advance(60_000);
  await oneClick();
  for (const token of [first, second]) expect((await t.api("POST", "/api/newsletter/confirm", { body: { token } })).status).toBe(400);
  expect(await status(email)).toBe("unsubscribed");
});

test("the signed unsubscribe link shows the masked address, then unsubscribes (idempotent); the stats follow", async () => {
  await subscribe("two@example.com");
  await t.services.newsletter.confirm(tokenFromMail("two@example.com", "/newsletter/confirm"));
  const token = await t.services.newsletter.unsubscribeToken("two@example.com");
  const before = (await t.api("GET", "/api/newsletter/stats", { cookie: t.cookie })).body;

  const lookup = await t.api("GET", `/api/newsletter/unsubscribe?token=${token}`);
  expect(lookup.status).toBe(200);
  expect(lookup.body).toEqual({ email: "t***@example.com", status: "active" });
  expect(lookup.headers.get("cache-control")).toContain("no-store");

  const done = await t.api("POST", "/api/newsletter/unsubscribe", { body: { token } });
  expect(done.status).toBe(200);
  expect(done.body).toEqual({ email: "t***@example.com", status: "unsubscribed" });
  expect((await t.api("POST", "/api/newsletter/unsubscribe", { body: { token } })).body.status).toBe("unsubscribed");

  const after = (await t.api("GET", "/api/newsletter/stats", { cookie: t.cookie })).body;
  expect(after.activeSubscribers).toBe(before.activeSubscribers - 1);
  expect(after.totalSubscribers).toBe(before.totalSubscribers);
  const [row] = await t.ds.query("SELECT status, unsubscribedAt FROM newsletter_subscriber WHERE email = 'two@example.com'");
  expect(row.status).toBe("unsubscribed");
  expect(row.unsubscribedAt).not.toBeNull();
});

test("a forged or altered unsubscribe token is a 400 and changes nothing; an unknown address is a 404", async () => {
  await subscribe("three@example.com");
  await t.services.newsletter.confirm(tokenFromMail("three@example.com", "/newsletter/confirm"));
  const token = await t.services.newsletter.unsubscribeToken("three@example.com");
  const [payload, signature] = token.split(".");
  const other = Buffer.from("known@example.com").toString("base64url");
  for (const bad of [`${other}.${signature}`, `${payload}.${signature.slice(0, -2)}xx`, payload, "....", "%00"]) {
    const res = await t.api("POST", "/api/newsletter/unsubscribe", { body: { token: bad } });
    expect(res.status).toBe(400);
    expect(res.body.message).toBeTruthy();
  }
  expect((await t.api("POST", "/api/newsletter/unsubscribe", { body: {} })).status).toBe(400);
  expect(await status("three@example.com")).toBe("active");
  const unknown = await t.services.newsletter.unsubscribeToken("nobody@example.com");
  expect((await t.api("GET", `/api/newsletter/unsubscribe?token=${unknown}`)).status).toBe(404);
});

test("the newsletter stats are admin-only", async () => {
  expect((await t.api("GET", "/api/newsletter/stats")).status).toBe(401);
});
