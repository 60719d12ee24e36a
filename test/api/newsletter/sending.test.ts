// The daily briefing through a real local SMTP server: schedule, content, RFC 8058 headers,
// crash-and-resume, retries and bounces, the lease between two instances, opens and clicks.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createDataSource } from "../../../src/dataSource.js";
import { NewsletterDelivery } from "../../../src/entities/NewsletterDelivery.js";
import { NewsletterIssue } from "../../../src/entities/NewsletterIssue.js";
import { NewsletterSubscriber } from "../../../src/entities/NewsletterSubscriber.js";
import { createServices, type Services } from "../../../src/services/index.js";
import { createArticle } from "../../helpers/factories.js";
import { startSmtpServer, type SmtpServer } from "../../helpers/smtpServer.js";
import { createTestApp, type TestApp } from "../../helpers/testApp.js";

let smtp: SmtpServer;
let t: TestApp;
const others: { services: Services; close: () => Promise<void> }[] = [];
const HOUR = 3_600_000;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({ SMTP_URL: smtp.url, SITE_TIMEZONE: "Europe/Berlin", NEWSLETTER_SEND_HOUR: "7", MAIL_RETRY_BASE_SECONDS: "60" });
});
afterAll(async () => {
  for (const o of others) await o.close();
  await t.close();
  await smtp.close();
});

/** Sets the clock of every instance. */
function setNow(iso: string | Date) {
  const at = new Date(iso);
  for (const s of [t.services, ...others.map((o) => o.services)]) s.clock.now = () => at;
}
const advance = (ms: number) => setNow(new Date(t.services.clock.now().getTime() + ms));

/** A second app instance on the same database (its own connection, its own instance id). */
async function secondInstance() {
  const ds = createDataSource(t.config);
  await ds.initialize();
  const services = createServices(ds, t.config);
  services.clock.now = () => t.services.clock.now();
  const instance = { services, close: () => ds.destroy() };
  others.push(instance);
  return services;
}

/** Starts every test from no subscribers, no issues, no mails. */
async function reset(emails: string[]) {
  await t.ds.query("DELETE FROM newsletter_delivery");
  await t.ds.query("DELETE FROM newsletter_issue");
  await t.ds.query("DELETE FROM newsletter_subscriber");
  await t.ds.query("DELETE FROM job_lease");
  smtp.messages.length = 0;
  t.services.newsletterSender.onProgress = undefined;
  const repo = t.ds.getRepository(NewsletterSubscriber);
  for (const email of emails) await repo.save(repo.create({ email, status: "active", confirmedAt: new Date("2026-01-01T00:00:00Z"), unsubscribedAt: null, lastMailedAt: null }));
}
const deliveries = () => t.ds.getRepository(NewsletterDelivery).find({ order: { id: "ASC" } });
const sender = () => t.services.newsletterSender;

let articlesMade = false;
/** Articles around the 07:00 Berlin send time of 2026-03-10 (06:00 UTC). */
async function articles() {
  if (articlesMade) return;
  articlesMade = true;
  await createArticle(t.services, { title: "Navy orders six frigates", excerpt: "The contract covers six hulls and ten years of support.", category: "sea", publishedAt: "2026-03-09T18:00:00.000Z" });
  await createArticle(t.services, { title: "Deep dive: air defence economics", excerpt: "What an interceptor really costs.", category: "analysis", isPremium: true, publishedAt: "2026-03-10T05:00:00.000Z" });
  await createArticle(t.services, { title: "Old news from two days ago", excerpt: "Too old for the briefing.", category: "land", publishedAt: "2026-03-08T12:00:00.000Z" });
  await createArticle(t.services, { title: "After the send time", excerpt: "Goes into tomorrow's briefing.", category: "air", publishedAt: "2026-03-10T06:30:00.000Z" });
}

test("the daily briefing goes out once at NEWSLETTER_SEND_HOUR in SITE_TIMEZONE, with HTML and text parts and RFC 8058 headers", async () => {
  await articles();
  await reset(["ann@example.com", "bob@example.com"]);
  await t.ds.getRepository(NewsletterSubscriber).save({ email: "pending@example.com", status: "pending", confirmedAt: null, unsubscribedAt: null, lastMailedAt: null });

  setNow("2026-03-10T05:59:59Z"); // 06:59:59 in Berlin
  expect(await sender().tick()).toBe(0);
  expect(await t.ds.getRepository(NewsletterIssue).count()).toBe(0);

  setNow("2026-03-10T06:00:00Z"); // 07:00 in Berlin
  expect(await sender().tick()).toBe(2);
  expect(smtp.messages.map((m) => m.to).flat().sort()).toEqual(["ann@example.com", "bob@example.com"]);
  const mail = smtp.to("ann@example.com")[0];
  const p = mail.parsed;
  expect(p.from?.text).toBe('"Defense Sentinel" <newsletter@localhost>');
  expect(p.subject).toBe("Defense Sentinel Daily Briefing: March 10, 2026");
  const text = p.text!;
  expect(text).toContain("Navy orders six frigates");
  expect(text).toContain("The contract covers six hulls and ten years of support.");
  expect(text).toMatch(/http:\/\/localhost:\d+\/article\/[a-z0-9-]+/);
  expect(text).toContain("[Premium] Deep dive: air defence economics");
  expect(text).not.toContain("Old news from two days ago");
  expect(text).not.toContain("After the send time");
  const html = String(p.html);
  expect(html).toContain("Navy orders six frigates");
  expect(html).toContain("Premium");
  expect(html).toMatch(/\/newsletter\/open\/\d+\.[\w-]+\.gif/);
  expect(html).toMatch(/\/newsletter\/click\/\d+\.[\w-]+\?url=/);
  // RFC 8058: an https (here the site's own http) link and a mailto, and the one-click POST marker.
  const listUnsubscribe = /^List-Unsubscribe: ([^\r\n]+)/m.exec(mail.raw.replace(/\r?\n[ \t]+/g, " "))![1];
  expect(listUnsubscribe).toMatch(/^<http:\/\/localhost:\d+\/unsubscribe\?token=[\w-]+\.[\w-]+>, <mailto:newsletter@localhost\?subject=unsubscribe>$/);
  expect(mail.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);
  expect(mail.raw).toMatch(/^Message-ID: <issue-\d+\.delivery-\d+@localhost>\r?$/m);

  // Kept for the report: one real digest as the SMTP server received it.
  fs.writeFileSync(path.join(os.tmpdir(), "ds-newsletter-digest.eml"), mail.raw);

  // A later pass the same day sends nothing more.
  advance(3 * HOUR);
  expect(await sender().tick()).toBe(0);
  expect(smtp.messages).toHaveLength(2);
  const [issue] = await t.ds.getRepository(NewsletterIssue).find();
  expect(issue).toMatchObject({ dailyKey: "2026-03-10", status: "sent", recipients: 2 });

  // The next day carries only what was published since: the one article after 07:00.
  setNow("2026-03-11T06:00:00Z");
  expect(await sender().tick()).toBe(2);
  expect(smtp.to("bob@example.com")[1].parsed.text).toContain("After the send time");
  expect(smtp.to("bob@example.com")[1].parsed.text).not.toContain("Navy orders six frigates");
  // A day without articles: no mail, and the day is recorded as skipped (no issue later that day).
  setNow("2026-03-12T06:00:00Z");
  expect(await sender().tick()).toBe(0);
  await createArticle(t.services, { title: "Published at noon", publishedAt: "2026-03-12T11:00:00.000Z" });
  setNow("2026-03-12T12:00:00Z");
  expect(await sender().tick()).toBe(0);
  expect(smtp.messages).toHaveLength(4);
  expect((await t.ds.getRepository(NewsletterIssue).findOneByOrFail({ dailyKey: "2026-03-12" })).status).toBe("skipped");
});

test("one-click unsubscribe: a POST of List-Unsubscribe=One-Click to the header's link unsubscribes, without a page", async () => {
  await reset(["carol@example.com"]);
  setNow("2026-03-10T05:30:00Z");
  await t.api("POST", "/api/admin/newsletter/send", { cookie: await t.login() });
  await sender().idle();
  const link = /^List-Unsubscribe: <([^>]+)>/m.exec(smtp.to("carol@example.com")[0].raw.replace(/\r?\n\s+/g, " "))![1];
  const url = new URL(link);
  const res = await fetch(`${t.baseUrl}${url.pathname}${url.search}`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: "List-Unsubscribe=One-Click" });
  expect(res.status).toBe(200);
  expect(await res.text()).toContain("c***@example.com is unsubscribed");
  expect((await t.ds.getRepository(NewsletterSubscriber).findOneByOrFail({ email: "carol@example.com" })).status).toBe("unsubscribed");
  // An altered token unsubscribes nobody.
  const forged = await fetch(`${t.baseUrl}/unsubscribe?token=${Buffer.from("dave@example.com").toString("base64url")}.${url.searchParams.get("token")!.split(".")[1]}`, { method: "POST", body: "List-Unsubscribe=One-Click" });
  expect(forged.status).toBe(400);
});

test("a crash mid-send resumes on the next pass without mailing anyone twice", async () => {
  const emails = ["r1@example.com", "r2@example.com", "r3@example.com", "r4@example.com", "r5@example.com"];
  await reset(emails);
  setNow("2026-03-10T05:30:00Z");
  // The process dies after the second mail was sent and the third was claimed, before its SMTP conversation:
  // nothing after that point runs (no `finally`), so its lease stays taken. A dying instance of its own.
  const dying = await secondInstance();
  let claims = 0;
  let died!: () => void;
  const death = new Promise<void>((resolve) => (died = resolve));
  dying.newsletterSender.onProgress = (stage) => {
    if (stage === "claimed" && ++claims === 3) {
      died();
      return new Promise<void>(() => undefined);
    }
  };
  await dying.newsletterSender.sendNow();
  await death;
  // Its pass died: two mails out, one row mid-conversation, two pending.
  expect(smtp.messages).toHaveLength(2);
  expect((await deliveries()).map((d) => d.status)).toEqual(["sent", "sent", "sending", "pending", "pending"]);

  // Meanwhile r5 unsubscribes: the resumed send leaves it out.
  await t.services.newsletter.unsubscribe(await t.services.newsletter.unsubscribeToken("r5@example.com"));
  // Another instance comes up: the crashed holder's lease blocks it until it expires.
  const other = await secondInstance();
  expect(await other.newsletterSender.tick()).toBe(0);
  advance(3 * 60_000);
  expect(await other.newsletterSender.tick()).toBe(1);
  const rows = await deliveries();
  expect(rows.map((d) => d.status)).toEqual(["sent", "sent", "failed", "sent", "cancelled"]);
  expect(rows[2].lastError).toContain("not retried");
  // Every recipient at most once.
  const received = smtp.messages.flatMap((m) => m.to);
  expect(new Set(received).size).toBe(received.length);
  expect(received.sort()).toEqual(["r1@example.com", "r2@example.com", "r4@example.com"]);
  const [issue] = await t.services.newsletterSender.listIssues();
  expect(issue).toMatchObject({ status: "sent", recipients: 5, sent: 3, failed: 1, pending: 0 });
});

test("an error in a pass releases the lease: another instance carries on at once, nobody mailed twice", async () => {
  await reset(["e1@example.com", "e2@example.com", "e3@example.com"]);
  setNow("2026-03-10T05:30:00Z");
  let claims = 0;
  sender().onProgress = (stage) => {
    if (stage === "claimed" && ++claims === 2) throw new Error("a bug in the middle of a pass");
  };
  const logger = t.services.logger;
  const original = logger.error;
  const logged: unknown[] = [];
  logger.error = ((obj: { err?: Error }) => void logged.push(obj?.err?.message)) as typeof logger.error;
  try {
    await sender().sendNow();
    await sender().idle();
  } finally {
    logger.error = original;
  }
  expect(String(logged[0])).toContain("a bug in the middle of a pass");
  expect(smtp.messages).toHaveLength(1);
  // No waiting for the lease to expire: the failed pass gave it back.
  const other = await secondInstance();
  expect(await other.newsletterSender.tick()).toBe(1);
  const received = smtp.messages.flatMap((m) => m.to).sort();
  expect(received).toEqual(["e1@example.com", "e3@example.com"]);
  expect((await deliveries()).map((d) => d.status)).toEqual(["sent", "failed", "sent"]);
});

test("temporary SMTP failures are retried with doubling waits; a permanent one marks the address bouncing", async () => {
  await reset(["ok@example.com", "busy@example.com", "gone@example.com"]);
  smtp.refuse("busy@example.com", 451, "Mailbox busy, try again later", 2);
  smtp.refuse("gone@example.com", 550, "No such user");
  setNow("2026-03-10T05:30:00Z");
  const sent = await t.api("POST", "/api/admin/newsletter/send", { cookie: await t.login() });
  expect(sent.status).toBe(200);
  expect(sent.body).toEqual({ issueId: expect.any(Number), recipients: 3 });
  await sender().idle();
  expect(smtp.messages.flatMap((m) => m.to)).toEqual(["ok@example.com"]);
  let busy = (await deliveries()).find((d) => d.email === "busy@example.com")!;
  expect(busy).toMatchObject({ status: "pending", attempts: 1 });
  expect(new Date(busy.nextAttemptAt).toISOString()).toBe("2026-03-10T05:31:00.000Z");
  const gone = (await deliveries()).find((d) => d.email === "gone@example.com")!;
  expect(gone.status).toBe("bounced");
  expect(gone.lastError).toContain("No such user");
  expect((await t.ds.getRepository(NewsletterSubscriber).findOneByOrFail({ email: "gone@example.com" })).status).toBe("bouncing");

  // Not due yet: nothing is tried.
  advance(59_000);
  await sender().tick();
  expect((await deliveries()).find((d) => d.email === "busy@example.com")!.attempts).toBe(1);
  // Due: refused again, the next wait doubles.
  advance(1_000);
  await sender().tick();
  busy = (await deliveries()).find((d) => d.email === "busy@example.com")!;
  expect(busy).toMatchObject({ status: "pending", attempts: 2 });
  expect(new Date(busy.nextAttemptAt).toISOString()).toBe("2026-03-10T05:33:00.000Z");
  advance(120_000);
  expect(await sender().tick()).toBe(1);
  expect(smtp.to("busy@example.com")).toHaveLength(1);
  const [issue] = (await t.api("GET", "/api/admin/newsletter/issues", { cookie: await t.login() })).body;
  expect(issue).toMatchObject({ recipients: 3, sent: 2, failed: 1, bounced: 1, pending: 0, status: "sent" });
  // A bouncing address is not mailed again.
  expect((await sender().sendNow()).recipients).toBe(2);
});

test("with two app instances on one database only the lease holder sends, and everyone gets one mail", async () => {
  const emails = Array.from({ length: 6 }, (_, i) => `l${i}@example.com`);
  await reset(emails);
  const other = await secondInstance();
  setNow("2026-03-10T05:30:00Z");
  // The first instance holds the lease: the second sends nothing.
  expect(await sender().lease.acquire()).toBe(true);
  const issue = await other.newsletterSender.sendNow();
  await other.newsletterSender.idle();
  expect(await other.newsletterSender.tick()).toBe(0);
  expect(smtp.messages).toHaveLength(0);
  await sender().lease.release();
  // Both try at once: one of them sends everything.
  const counts = await Promise.all([sender().tick(), other.newsletterSender.tick()]);
  expect(counts.reduce((a, b) => a + b, 0)).toBe(6);
  expect(counts).toContain(0);
  expect(smtp.messages.flatMap((m) => m.to).sort()).toEqual(emails);
  expect((await sender().listIssues())[0]).toMatchObject({ id: issue.issueId, sent: 6 });
});

test("opens and clicks move the stats; bots are counted apart; the click redirect refuses foreign URLs", async () => {
  await reset(["o1@example.com", "o2@example.com", "o3@example.com", "o4@example.com"]);
  const cookie = await t.login();
  setNow("2026-03-10T05:30:00Z");
  await sender().sendNow();
  await sender().idle();
  const before = (await t.api("GET", "/api/newsletter/stats", { cookie })).body;
  expect(before).toMatchObject({ openRate: 0, clickRate: 0, lastSent: "2026-03-10T05:30:00.000Z" });

  const html = (email: string) => String(smtp.to(email)[0].parsed.html);
  const pixel = (email: string) => new URL(/src="([^"]+\.gif)"/.exec(html(email))![1].replace(/&amp;|&#38;/g, "&")).pathname;
  const articleLink = (email: string) => {
    const href = [...html(email).matchAll(/href="([^"]+)"/g)].map((m) => m[1].replace(/&amp;|&#38;/g, "&")).find((h) => h.includes("/newsletter/click/") && decodeURIComponent(h).includes("/article/"))!;
    const u = new URL(href);
    return u.pathname + u.search;
  };
  const browser = { "user-agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36" };

  // A link scanner clicks within seconds of delivery, and a bot fetches the pixel: neither counts as a reader.
  advance(2_000);
  expect((await fetch(t.baseUrl + articleLink("o1@example.com"), { redirect: "manual", headers: browser })).status).toBe(302);
  await fetch(t.baseUrl + pixel("o1@example.com"), { headers: { "user-agent": "Barracuda Sentinel (EE)" } });
  await fetch(t.baseUrl + pixel("o1@example.com"), { method: "HEAD", headers: browser });
  expect((await t.api("GET", "/api/newsletter/stats", { cookie })).body.openRate).toBe(0);

  advance(10 * 60_000);
  const open = await fetch(t.baseUrl + pixel("o1@example.com"), { headers: browser });
  expect(open.headers.get("content-type")).toBe("image/gif");
  await fetch(t.baseUrl + pixel("o1@example.com"), { headers: browser }); // the same reader again: still one unique open
  await fetch(t.baseUrl + pixel("o2@example.com"), { headers: browser });
  const click = await fetch(t.baseUrl + articleLink("o3@example.com"), { redirect: "manual", headers: browser });
  expect(click.status).toBe(302);
  expect(click.headers.get("location")).toMatch(/^http:\/\/localhost:\d+\/article\/navy-orders|^http:\/\/localhost:\d+\/article\//);

  const after = (await t.api("GET", "/api/newsletter/stats", { cookie })).body;
  // o1 and o2 opened, o3 clicked (a click implies an open): 3 of 4 delivered; 1 of 4 clicked.
  expect(after.openRate).toBe(75);
  expect(after.clickRate).toBe(25);
  const [issue] = (await t.api("GET", "/api/admin/newsletter/issues", { cookie })).body;
  expect(issue).toMatchObject({ sent: 4, opens: 3, clicks: 1, botOpens: 2, botClicks: 1 });

  // The redirect never leads off the site: a swapped URL, a forged signature, a signed foreign URL.
  const link = new URL(t.baseUrl + articleLink("o4@example.com"));
  const swapped = new URL(link);
  swapped.searchParams.set("url", "https://evil.example/phish");
  const delivery = (await deliveries()).find((d) => d.email === "o4@example.com")!;
  const signedForeign = new URL(link);
  signedForeign.searchParams.set("url", "https://evil.example/phish");
  signedForeign.searchParams.set("sig", await t.services.appSecret.sign("newsletter-click", `${delivery.id}\nhttps://evil.example/phish`));
  const lookalike = new URL(link);
  lookalike.searchParams.set("url", "http://localhost.evil.example/");
  lookalike.searchParams.set("sig", await t.services.appSecret.sign("newsletter-click", `${delivery.id}\nhttp://localhost.evil.example/`));
  const otherDelivery = new URL(link);
  otherDelivery.pathname = otherDelivery.pathname.replace(/\/\d+\./, "/999999.");
  for (const bad of [swapped, signedForeign, lookalike, otherDelivery]) {
    const res = await fetch(bad, { redirect: "manual", headers: browser });
    expect([bad.href, res.status, res.headers.get("location")]).toEqual([bad.href, 400, null]);
  }
  expect((await t.api("GET", "/api/admin/newsletter/issues", { cookie })).body[0]).toMatchObject({ clicks: 1, botClicks: 1 });
});

test("the administrator's send, issues and preview are refused without a session through REST and tRPC", async () => {
  for (const [method, url] of [["POST", "/api/admin/newsletter/send"], ["GET", "/api/admin/newsletter/issues"], ["GET", "/api/admin/newsletter/preview"]] as const) {
    const res = await t.api(method, url);
    expect([url, res.status]).toEqual([url, 401]);
  }
  const anonymous = await t.caller();
  await expect(anonymous.newsletterAdmin.send()).rejects.toMatchObject({ code: "UNAUTHORIZED" });
  await expect(anonymous.newsletterAdmin.issues()).rejects.toMatchObject({ code: "UNAUTHORIZED" });
  await expect(anonymous.newsletterAdmin.preview()).rejects.toMatchObject({ code: "UNAUTHORIZED" });
  await reset([]);
  setNow("2026-03-10T05:30:00Z");
  const preview = await t.api("GET", "/api/admin/newsletter/preview", { cookie: await t.login() });
  expect(preview.status).toBe(200);
  expect(preview.body.articles).toBe(2);
  expect(preview.body.html).toContain("Navy orders six frigates");
  expect(preview.body.text).toContain("[Premium] Deep dive: air defence economics");
  expect(await t.ds.getRepository(NewsletterIssue).count()).toBe(0);
  // Nothing published in the last 24 hours: a clear 409, nothing recorded.
  setNow("2026-04-01T06:30:00Z");
  const none = await t.api("POST", "/api/admin/newsletter/send", { cookie: await t.login() });
  expect(none.status).toBe(409);
  expect(none.body.message).toContain("nothing to send");
  expect(await t.ds.getRepository(NewsletterIssue).count()).toBe(0);
});

test("the send hour follows the site's zone across a daylight-saving change", async () => {
  await reset([]);
  // Europe/Berlin moves from UTC+1 to UTC+2 on 2026-03-29: 07:00 there is 06:00 UTC the day before, 05:00 UTC that day.
  setNow("2026-03-29T04:59:59Z");
  await sender().tick();
  expect(await t.ds.getRepository(NewsletterIssue).count()).toBe(0);
  setNow("2026-03-29T05:00:00Z");
  await sender().tick();
  const issue = await t.ds.getRepository(NewsletterIssue).findOneByOrFail({ dailyKey: "2026-03-29" });
  expect(new Date(issue.windowStart).toISOString()).toBe("2026-03-28T06:00:00.000Z");
  expect(new Date(issue.windowEnd).toISOString()).toBe("2026-03-29T05:00:00.000Z");
});
