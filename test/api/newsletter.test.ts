import fs from "node:fs";
import path from "node:path";
import { createTestApp, type TestApp } from "../helpers/testApp.js";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_NEWSLETTER: "1000" });
});
afterAll(() => t.close());

const outbox = () => path.join(t.config.dataDir, "outbox");
const mails = () => (fs.existsSync(outbox()) ? fs.readdirSync(outbox()).sort().map((f) => fs.readFileSync(path.join(outbox(), f), "utf8")) : []);
/** The unsubscribe token from the newest mail to the address. */
function tokenFromMail(email: string): string {
  const mail = mails().filter((m) => m.includes(`To: ${email}`)).at(-1);
  expect(mail).toBeDefined();
  const match = /\/unsubscribe\?token=([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+)/.exec(mail!.replace(/=\r?\n/g, ""));
  expect(match).not.toBeNull();
  return match![1];
}

test("subscribing writes a confirmation mail with a one-click unsubscribe link to DATA_DIR/outbox", async () => {
  const res = await t.api("POST", "/api/newsletter/subscribe", { body: { email: "Reader.One@Example.com" } });
  expect(res.status).toBe(200);
  const mail = mails().find((m) => m.includes("To: reader.one@example.com"))!;
  expect(mail).toContain("Subject: You're subscribed to the Defense Sentinel daily briefing");
  expect(mail).toMatch(/List-Unsubscribe:\s+<http:\/\/localhost:\d+\/unsubscribe\?token=/);
  // A repeat subscription sends nothing new.
  const count = mails().length;
  await t.api("POST", "/api/newsletter/subscribe", { body: { email: "reader.one@example.com" } });
  expect(mails().length).toBe(count);
});

test("the signed link shows the masked address, then unsubscribes (idempotent); the stats follow", async () => {
  await t.api("POST", "/api/newsletter/subscribe", { body: { email: "two@example.com" } });
  const token = tokenFromMail("two@example.com");
  const cookie = await t.login();
  const before = (await t.api("GET", "/api/newsletter/stats", { cookie })).body;

  const lookup = await t.api("GET", `/api/newsletter/unsubscribe?token=${token}`);
  expect(lookup.status).toBe(200);
  expect(lookup.body).toEqual({ email: "t***@example.com", status: "active" });
  expect(lookup.headers.get("cache-control")).toContain("no-store");

  const done = await t.api("POST", "/api/newsletter/unsubscribe", { body: { token } });
  expect(done.status).toBe(200);
  expect(done.body).toEqual({ email: "t***@example.com", status: "unsubscribed" });
  expect((await t.api("POST", "/api/newsletter/unsubscribe", { body: { token } })).body.status).toBe("unsubscribed");

  const after = (await t.api("GET", "/api/newsletter/stats", { cookie })).body;
  expect(after.activeSubscribers).toBe(before.activeSubscribers - 1);
  expect(after.totalSubscribers).toBe(before.totalSubscribers);
  const [row] = await t.ds.query("SELECT status, unsubscribedAt FROM newsletter_subscriber WHERE email = 'two@example.com'");
  expect(row.status).toBe("unsubscribed");
  expect(row.unsubscribedAt).not.toBeNull();

  // Subscribing again reactivates the address and sends a new link.
  await t.api("POST", "/api/newsletter/subscribe", { body: { email: "two@example.com" } });
  expect((await t.api("GET", `/api/newsletter/unsubscribe?token=${token}`)).body.status).toBe("active");
});

test("a forged or altered token is a 400 and changes nothing; an unknown address is a 404", async () => {
  await t.api("POST", "/api/newsletter/subscribe", { body: { email: "three@example.com" } });
  const token = tokenFromMail("three@example.com");
  const [payload, signature] = token.split(".");
  const other = Buffer.from("one@example.com").toString("base64url");
  for (const bad of [`${other}.${signature}`, `${payload}.${signature.slice(0, -2)}xx`, payload, "....", "%00"]) {
    const res = await t.api("POST", "/api/newsletter/unsubscribe", { body: { token: bad } });
    expect(res.status).toBe(400);
    expect(res.body.message).toBeTruthy();
  }
  expect((await t.api("POST", "/api/newsletter/unsubscribe", { body: {} })).status).toBe(400);
  const [row] = await t.ds.query("SELECT status FROM newsletter_subscriber WHERE email = 'three@example.com'");
  expect(row.status).toBe("active");
  const unknown = await t.services.newsletter.unsubscribeToken("nobody@example.com");
  expect((await t.api("GET", `/api/newsletter/unsubscribe?token=${unknown}`)).status).toBe(404);
});

test("the newsletter stats are admin-only", async () => {
  expect((await t.api("GET", "/api/newsletter/stats")).status).toBe(401);
});
