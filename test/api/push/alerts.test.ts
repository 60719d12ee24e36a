// Breaking-news web push against a local push service (OUTBOUND_ALLOW_LOCAL): the test subscribes with its own
// P-256 keys, receives the encrypted message and decrypts it by the RFC (the library's encryption is real), checks
// the VAPID signature, and drives 404/410 removal, retries with backoff, a crash mid-send and the automatic alert.
import { createDataSource } from "../../../src/dataSource.js";
import { PushDelivery } from "../../../src/entities/PushDelivery.js";
import { PushSubscription } from "../../../src/entities/PushSubscription.js";
import { PushRepository } from "../../../src/repositories/pushRepository.js";
import { createServices, type Services } from "../../../src/services/index.js";
import { PushAlerts } from "../../../src/services/push/alerts.js";
import { metrics } from "../../../src/services/metrics.js";
import { createArticle } from "../../helpers/factories.js";
import { pushBrowser, startPushService, verifyVapid, type PushBrowser, type PushService } from "../../helpers/pushClient.js";
import { staffSession } from "../../helpers/staff.js";
import { createTestApp, type TestApp } from "../../helpers/testApp.js";

let t: TestApp;
let service: PushService;
let cookie: string;
let articleId: number;
let articleSlug: string;
const others: { services: Services; close: () => Promise<void> }[] = [];
let kick: () => void;

beforeAll(async () => {
  service = await startPushService();
  t = await createTestApp({ OUTBOUND_ALLOW_LOCAL: "true", PUSH_CONCURRENCY: "2", PUSH_RETRY_BASE_SECONDS: "30", RATE_LIMIT_PUSH: "20", VAPID_SUBJECT: "mailto:alerts@example.com" });
  cookie = await t.login();
  kick = t.services.push.onQueued;
  const article = await createArticle(t.services, { title: "Carrier group enters the strait", excerpt: "Three destroyers escort the carrier.", category: "sea" });
  articleId = article.id;
  articleSlug = article.slug;
});
afterAll(async () => {
  for (const o of others) await o.close();
  await t.close();
  await service.close();
});

let browsers = 0;
/** A new browser subscribed through the API (the caller, so the REST rate limit stays free for the tests that check it). */
async function subscribed(topics: string[], path = `/push/b${++browsers}`): Promise<PushBrowser> {
  const browser = pushBrowser(service.url, path);
  const caller = await t.caller(false, `browser-${browsers}`);
  await caller.push.subscribe({ endpoint: browser.endpoint, keys: browser.keys, topics: topics as never });
  return browser;
}

async function reset() {
  for (const table of ["push_delivery", "push_campaign", "push_subscription", "job_lease"]) await t.ds.query(`DELETE FROM ${table}`);
  service.messages.length = 0;
  service.answer(() => ({ status: 201 }));
  t.services.pushSender.onProgress = undefined;
  t.services.clock.now = () => new Date();
  // Tests drive the runner themselves (tick), so that no background pass overlaps theirs.
  t.services.push.onQueued = () => undefined;
}

const send = (body: object) => t.api("POST", "/api/admin/push/send", { cookie, body });
const campaigns = async () => (await t.api("GET", "/api/admin/push/campaigns", { cookie })).body;
const deliveries = () => t.ds.getRepository(PushDelivery).find({ order: { id: "ASC" } });

test("the VAPID key pair is made once and shared: every instance answers the same public key", async () => {
  const first = await t.api("GET", "/api/push/public-key");
  expect(first.status).toBe(200);
  expect(Buffer.from(first.body.publicKey, "base64url")).toHaveLength(65);
  const ds = createDataSource(t.config);
  await ds.initialize();
  const second = createServices(ds, t.config);
  others.push({ services: second, close: () => ds.destroy() });
  expect(await second.push.publicKey()).toEqual(first.body);
});

test("an alert reaches its topic's subscribers encrypted for each browser, signed with VAPID, and a click counts once", async () => {
  await reset();
  const breaking = await subscribed(["breaking", "land"]);
  await subscribed(["sea"]);
  t.services.push.onQueued = kick;
  const sent = await send({ articleId, topic: "breaking", title: "Strait closed", body: "The navy closed the strait to shipping." });
  expect(sent.status).toBe(200);
  expect(sent.body).toEqual({ campaignId: expect.any(Number), recipients: 1 });
  // Sending starts at once, without waiting for the runner's interval.
  for (let i = 0; i < 100 && !service.messages.length; i++) await new Promise((r) => setTimeout(r, 20));
  await t.services.pushRunner.tick();

  expect(service.messages).toHaveLength(1);
  const [message] = service.messages;
  expect(message.path).toBe(new URL(breaking.endpoint).pathname);
  expect(message.headers["content-encoding"]).toBe("aes128gcm");
  expect(message.headers.urgency).toBe("high");
  expect(Number(message.headers.ttl)).toBeGreaterThan(0);
  const { publicKey } = (await t.api("GET", "/api/push/public-key")).body;
  const claims = verifyVapid(message.headers.authorization, publicKey);
  expect(claims).toMatchObject({ aud: service.url, sub: "mailto:alerts@example.com" });
  expect(claims.exp * 1000).toBeGreaterThan(Date.now());

  const payload = JSON.parse(breaking.decrypt(message.body));
  expect(payload).toMatchObject({ title: "Strait closed", body: "The navy closed the strait to shipping.", tag: `alert-${sent.body.campaignId}` });
  expect(payload.url).toBe(`/article/${articleSlug}?utm_source=push&utm_medium=alert&utm_campaign=alert-${sent.body.campaignId}`);

  // The worker reports the click; a second click, or an altered token, is not counted.
  for (const token of [payload.token, payload.token, `${payload.token}x`, "1.abc"]) expect((await t.api("POST", "/api/push/clicks", { body: { token } })).status).toBe(200);
  const [campaign] = await campaigns();
  expect(campaign).toMatchObject({ id: sent.body.campaignId, topic: "breaking", recipients: 1, delivered: 1, failed: 0, pending: 0, clicks: 1, status: "sent", automatic: false });
  // The growth analytics count the last 30 days.
  const growth = await t.api("GET", "/api/growth/metrics", { cookie });
  expect(growth.body.push).toEqual({ subscribers: 2, alerts: 1, delivered: 1, clicks: 1, clickRate: 100 });
});

test("title and body default to the article's; an unpublished article, an unknown topic or an overlong title is refused and records nothing", async () => {
  await reset();
  await subscribed(["sea"]);
  const sent = await send({ articleId, topic: "sea" });
  expect(sent.body.recipients).toBe(1);
  expect((await campaigns())[0]).toMatchObject({ title: "Carrier group enters the strait", body: "Three destroyers escort the carrier." });
  const draft = await createArticle(t.services, { title: "Draft", status: "draft" } as never);
  expect((await send({ articleId: draft.id, topic: "sea" })).status).toBe(404);
  expect((await send({ articleId, topic: "space" })).status).toBe(400);
  expect((await send({ articleId, topic: "sea", title: "x".repeat(121) })).status).toBe(400);
  expect(await campaigns()).toHaveLength(1);
});

test("one request per subscription, PUSH_CONCURRENCY (2) at once", async () => {
  await reset();
  const all = [];
  for (let i = 0; i < 6; i++) all.push(await subscribed(["air"]));
  service.load.delayMs = 100;
  service.load.most = 0;
  try {
    await send({ articleId, topic: "air" });
    await t.services.pushRunner.tick();
  } finally {
    service.load.delayMs = 0;
  }
  expect(service.load.most).toBe(2);
  for (const browser of all) expect(service.count(new URL(browser.endpoint).pathname)).toBe(1);
});

test("the push service's 404 and 410 remove the subscription; other refusals fail without retry", async () => {
  await reset();
  const gone = await subscribed(["breaking"]);
  const notFound = await subscribed(["breaking"]);
  const refused = await subscribed(["breaking"]);
  const ok = await subscribed(["breaking"]);
  const status = { [new URL(gone.endpoint).pathname]: 410, [new URL(notFound.endpoint).pathname]: 404, [new URL(refused.endpoint).pathname]: 400 };
  service.answer((path) => ({ status: status[path] ?? 201 }));
  const counted = async () => Object.fromEntries((await metrics.pushSends.get()).values.map((v) => [v.labels.result, v.value]));
  const before = await counted();
  await send({ articleId, topic: "breaking" });
  await t.services.pushRunner.tick();
  // /metrics counts each outcome (push_sends_total{result}).
  const after = await counted();
  const added = (result: string) => (after[result] ?? 0) - (before[result] ?? 0);
  expect([added("delivered"), added("gone"), added("failed")]).toEqual([1, 2, 1]);
  const left = (await t.ds.getRepository(PushSubscription).find()).map((s) => s.endpoint).sort();
  expect(left).toEqual([refused.endpoint, ok.endpoint].sort());
  expect((await deliveries()).map((d) => d.status)).toEqual(["gone", "gone", "failed", "delivered"]);
  expect((await campaigns())[0]).toMatchObject({ recipients: 4, delivered: 1, failed: 3, pending: 0 });
  // Nothing more is tried later.
  t.services.clock.now = () => new Date(Date.now() + 24 * 3600_000);
  await t.services.pushRunner.tick();
  expect(service.messages).toHaveLength(4);
});

test("429 and 5xx are retried with backoff (a longer Retry-After wins), then delivered; the tries are bounded", async () => {
  await reset();
  const busy = await subscribed(["breaking"]);
  const down = await subscribed(["breaking"]);
  const start = new Date("2026-05-01T12:00:00Z");
  t.services.clock.now = () => start;
  service.answer((path, seen) => (path === new URL(busy.endpoint).pathname ? (seen === 1 ? { status: 429, headers: { "retry-after": "120" } } : { status: 201 }) : { status: 503 }));
  await send({ articleId, topic: "breaking" });
  await t.services.pushRunner.tick();
  let [first, second] = await deliveries();
  expect(first).toMatchObject({ status: "pending", attempts: 1, lastStatusCode: 429 });
  expect(new Date(first.nextAttemptAt).getTime() - start.getTime()).toBe(120_000);
  expect(new Date(second.nextAttemptAt).getTime() - start.getTime()).toBe(30_000);

  // Not due yet: nothing is sent.
  await t.services.pushRunner.tick();
  expect(service.messages).toHaveLength(2);
  t.services.clock.now = () => new Date(start.getTime() + 121_000);
  await t.services.pushRunner.tick();
  [first, second] = await deliveries();
  expect(first).toMatchObject({ status: "delivered", attempts: 2 });
  expect(second).toMatchObject({ status: "pending", attempts: 2 });
  expect(new Date(second.nextAttemptAt).getTime() - (start.getTime() + 121_000)).toBe(60_000);

  // 503 every time: given up after the fifth try, the subscription kept (the service may recover).
  for (let hour = 1; hour <= 6; hour++) {
    t.services.clock.now = () => new Date(start.getTime() + hour * 3600_000);
    await t.services.pushRunner.tick();
  }
  expect((await deliveries())[1]).toMatchObject({ status: "failed", attempts: 5, lastStatusCode: 503 });
  expect(service.count(new URL(down.endpoint).pathname)).toBe(5);
  expect(await t.ds.getRepository(PushSubscription).count()).toBe(2);
  expect(t.services.pushSender.counters).toMatchObject({ attempted: expect.any(Number), retried: expect.any(Number) });
});

test("a crash mid-send resumes on another instance once the dead one's lease expires, without sending anyone the alert twice", async () => {
  await reset();
  const browsersSent = [];
  for (let i = 0; i < 7; i++) browsersSent.push(await subscribed(["breaking"]));
  await send({ articleId, topic: "breaking" });
  // The process dies after its third delivery: nothing after that point runs (no `finally`), so its lease stays
  // taken, and a request under way in its other worker is never settled. A dying instance of its own.
  const ds = createDataSource(t.config);
  await ds.initialize();
  const dying = createServices(ds, t.config);
  others.push({ services: dying, close: () => ds.destroy() });
  let sent = 0;
  let dead = false;
  let died!: () => void;
  const death = new Promise<void>((resolve) => (died = resolve));
  dying.pushSender.onProgress = (stage) => {
    if (!dead && stage === "sent" && ++sent === 3) {
      dead = true;
      died();
    }
    if (dead) return new Promise<void>(() => undefined);
  };
  void dying.pushRunner.tick();
  await death;
  await new Promise((r) => setTimeout(r, 300));
  const afterCrash = service.messages.length;
  expect(afterCrash).toBeGreaterThanOrEqual(3);
  expect(afterCrash).toBeLessThan(7);

  // Another instance: blocked by the dead holder's lease until it expires, then it carries on.
  expect(await t.services.pushRunner.tick()).toBe(0);
  expect(service.messages.length).toBe(afterCrash);
  const later = new Date(Date.now() + 5 * 60_000);
  t.services.clock.now = () => later;
  await t.services.pushRunner.tick();

  for (const browser of browsersSent) expect(service.count(new URL(browser.endpoint).pathname)).toBeLessThanOrEqual(1);
  const rows = await deliveries();
  // A delivery claimed before the crash may have gone out: it is marked failed, never sent again.
  const interrupted = rows.filter((d) => d.status === "failed");
  expect(interrupted.every((d) => /Interrupted/.test(d.lastError ?? ""))).toBe(true);
  expect(rows.map((d) => d.status).filter((s) => s !== "delivered" && s !== "failed")).toEqual([]);
  expect(service.messages.length + interrupted.length).toBe(7);
  expect(service.messages.length).toBeGreaterThan(afterCrash);
  expect((await campaigns())[0]).toMatchObject({ status: "sent", recipients: 7, pending: 0 });
});

test("an error in a pass gives the lease back: another instance carries on at once, nobody alerted twice", async () => {
  await reset();
  for (let i = 0; i < 4; i++) await subscribed(["breaking"]);
  await send({ articleId, topic: "breaking" });
  const ids = (await deliveries()).map((d) => d.id);
  t.services.pushSender.onProgress = (stage, id) => {
    if (stage === "claimed" && id === ids[1]) throw new Error("crash before the request");
  };
  await expect(t.services.pushRunner.tick()).rejects.toThrow(/crash/);
  const ds = createDataSource(t.config);
  await ds.initialize();
  const second = createServices(ds, t.config);
  others.push({ services: second, close: () => ds.destroy() });
  await second.pushRunner.tick();
  expect((await deliveries()).map((d) => d.status)).toEqual(["delivered", "failed", "delivered", "delivered"]);
  expect(service.messages).toHaveLength(3);
});

test("publishing a breaking article sends the breaking-news alert once when the setting is on, and not when it is off", async () => {
  await reset();
  await subscribed(["breaking"]);
  expect((await t.api("GET", "/api/admin/push/settings", { cookie })).body).toEqual({ autoBreaking: false });
  await createArticle(t.services, { title: "Quiet breaking", isBreaking: true });
  expect(await campaigns()).toHaveLength(0);

  expect((await t.api("PUT", "/api/admin/push/settings", { cookie, body: { autoBreaking: true } })).body).toEqual({ autoBreaking: true });
  const draft = await createArticle(t.services, { title: "Missile strike reported", excerpt: "First reports.", isBreaking: true, status: "draft" } as never);
  expect(await campaigns()).toHaveLength(0);
  await t.api("PUT", `/api/articles/${draft.id}`, { cookie, body: { status: "published" } });
  await t.api("PUT", `/api/articles/${draft.id}`, { cookie, body: { excerpt: "Confirmed." } });
  await createArticle(t.services, { title: "Not breaking", isBreaking: false });
  const list = await campaigns();
  expect(list).toHaveLength(1);
  expect(list[0]).toMatchObject({ topic: "breaking", title: "Missile strike reported", articleId: draft.id, automatic: true, recipients: 1 });
});

test("subscriptions: the endpoint follows the outbound rules, keys and topics are checked, the same endpoint updates, DELETE removes", async () => {
  await reset();
  const browser = pushBrowser(service.url, "/push/rest");
  const post = (body: object) => t.api("POST", "/api/push/subscriptions", { body });
  const created = await post({ endpoint: browser.endpoint, keys: browser.keys, topics: ["breaking", "air", "air"] });
  expect(created.status).toBe(201);
  expect((await post({ endpoint: browser.endpoint, keys: browser.keys, topics: ["sea"] })).body).toEqual({ id: created.body.id });
  expect(await t.ds.getRepository(PushSubscription).findOneByOrFail({ id: created.body.id })).toMatchObject({ topics: " sea " });

  for (const bad of [
    { endpoint: "ftp://push.example.com/x", keys: browser.keys, topics: ["sea"] },
    { endpoint: "not a url", keys: browser.keys, topics: ["sea"] },
    { endpoint: `${service.url}/${"x".repeat(1000)}`, keys: browser.keys, topics: ["sea"] },
    { endpoint: `${service.url}/k`, keys: { ...browser.keys, p256dh: "B" + "A".repeat(86) }, topics: ["sea"] },
    { endpoint: `${service.url}/k`, keys: { ...browser.keys, auth: "short" }, topics: ["sea"] },
    { endpoint: `${service.url}/k`, keys: browser.keys, topics: [] },
    { endpoint: `${service.url}/k`, keys: browser.keys, topics: ["weather"] },
    { endpoint: `${service.url}/k`, keys: browser.keys },
  ]) {
    const res = await post(bad);
    expect([res.status, res.body.message]).toEqual([400, expect.any(String)]);
  }
  expect(await t.ds.getRepository(PushSubscription).count()).toBe(1);

  const removed = await t.api("DELETE", "/api/push/subscriptions", { body: { endpoint: browser.endpoint } });
  expect([removed.status, removed.body]).toEqual([200, { removed: true }]);
  expect((await t.api("DELETE", `/api/push/subscriptions?endpoint=${encodeURIComponent(browser.endpoint)}`)).body).toEqual({ removed: false });
  expect((await t.api("DELETE", "/api/push/subscriptions", { body: "{not json" })).status).toBe(400);
  expect(await t.ds.getRepository(PushSubscription).count()).toBe(0);
});

test("without OUTBOUND_ALLOW_LOCAL an endpoint must be https on a public host, without credentials", async () => {
  const strict = new PushAlerts(new PushRepository(t.ds, t.services.transaction), t.services.settings, t.services.articles, t.services.appSecret, { outboundAllowLocal: false }, t.services.clock);
  const keys = pushBrowser(service.url, "/x").keys;
  for (const endpoint of ["http://push.example.com/x", "https://127.0.0.1/x", "https://10.1.2.3/x", "https://[::1]/x", "https://169.254.169.254/latest", "https://user:pw@push.example.com/x"]) {
    await expect(strict.subscribe({ endpoint, keys, topics: ["breaking"] })).rejects.toThrow(/Invalid endpoint/);
  }
  await expect(strict.subscribe({ endpoint: "https://fcm.googleapis.com/fcm/send/abc", keys, topics: ["breaking"] })).resolves.toEqual({ id: expect.any(Number) });
});

test("subscribing is rate-limited per client", async () => {
  const caller = await t.caller(false, "one-busy-client");
  const browser = pushBrowser(service.url, "/push/limited");
  const results = [];
  for (let i = 0; i < 21; i++) results.push(await caller.push.subscribe({ endpoint: browser.endpoint, keys: browser.keys, topics: ["breaking"] }).then(() => "ok", (e: { code?: string }) => e.code));
  expect(results.slice(0, 20).every((r) => r === "ok")).toBe(true);
  expect(results[20]).toBe("TOO_MANY_REQUESTS");
});

test("alerts are editors' work (issue 25): an author is refused, an editor sends, and each send and settings change is in the audit log", async () => {
  await reset();
  await subscribed(["sea"]);
  const author = await staffSession(t, "author");
  const editor = await staffSession(t, "editor");
  for (const [method, path, body] of [["POST", "/api/admin/push/send", { articleId, topic: "sea" }], ["GET", "/api/admin/push/campaigns"], ["GET", "/api/admin/push/settings"], ["PUT", "/api/admin/push/settings", { autoBreaking: false }]] as const) {
    expect([path, (await t.api(method, path, { body, cookie: author.cookie })).status]).toEqual([path, 403]);
  }
  const sent = await t.api("POST", "/api/admin/push/send", { cookie: editor.cookie, body: { articleId, topic: "sea", title: "Strait reopened" } });
  expect(sent.status).toBe(200);
  expect((await t.api("PUT", "/api/admin/push/settings", { cookie: editor.cookie, body: { autoBreaking: false } })).status).toBe(200);
  const entries = (await t.api("GET", `/api/admin/audit?actor=${editor.staff.id}`, { cookie })).body;
  expect(entries.map((e: { action: string }) => e.action)).toEqual(["push.settings", "push.send", "login.success"]);
  expect(entries[1]).toMatchObject({ actorEmail: editor.staff.email, targetType: "article", targetId: String(articleId), summary: expect.stringContaining(`campaign ${sent.body.campaignId}, 1 recipients`) });
  expect(entries[1].summary).toContain("topic=sea");
  // the author's refusals changed nothing and are not logged as sends
  expect((await t.api("GET", `/api/admin/audit?actor=${author.staff.id}&action=push.send`, { cookie })).body).toEqual([]);
});

test("the admin operations need a session; the service worker is served from the root", async () => {
  for (const [method, path, body] of [["POST", "/api/admin/push/send", { articleId, topic: "breaking" }], ["GET", "/api/admin/push/campaigns"], ["GET", "/api/admin/push/settings"], ["PUT", "/api/admin/push/settings", { autoBreaking: true }]] as const) {
    expect((await t.api(method, path, { body })).status).toBe(401);
  }
  const sw = await fetch(`${t.baseUrl}/sw.js`);
  expect(sw.status).toBe(200);
  expect(sw.headers.get("content-type")).toMatch(/javascript/);
  expect(sw.headers.get("cache-control")).toBe("no-cache");
  expect(await sw.text()).toMatch(/notificationclick/);
});
