// Webhooks: signed deliveries a receiver written from the public description can verify, stored before
// the first attempt, retried with backoff against a receiver that fails then succeeds, in order per
// endpoint, resumed by a restarted instance, disabled after 24 hours of failures, redelivered on demand.
import { createHmac, timingSafeEqual } from "node:crypto";
import type http from "node:http";
import { Article } from "../../../src/entities/Article.js";
import { WebhookDelivery } from "../../../src/entities/WebhookDelivery.js";
import { createArticle, createSubscriber, createWebhook } from "../../helpers/factories.js";
import { createServices } from "../../../src/services/index.js";
import { WebhookDispatcher } from "../../../src/services/webhookDispatcher.js";
import { WebhookService } from "../../../src/services/webhooks.js";
import { WEBHOOK_EVENTS } from "../../../src/schemas/partner.js";
import { startFakeServer } from "../../helpers/fakeServer.js";
import { createTestApp, type TestApp } from "../../helpers/testApp.js";

interface Received {
  headers: http.IncomingHttpHeaders;
  raw: string;
  body: { id: string; type: string; createdAt: string; data: any };
  verified: boolean;
}

/** A partner's receiver: checks Webhook-Signature (t=…,v1=HMAC-SHA256 of "<t>.<raw body>") with the secret. */
async function startReceiver(answer: (n: number) => number = () => 200) {
  const received: Received[] = [];
  let secret = "";
  let calls = 0;
  const server = await startFakeServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString("utf8");
    const parts = Object.fromEntries(String(req.headers["webhook-signature"]).split(",").map((p) => p.split("=") as [string, string]));
    const expected = createHmac("sha256", secret).update(`${parts.t}.${raw}`).digest();
    const given = Buffer.from(parts.v1 ?? "", "hex");
    const fresh = Math.abs(Date.now() / 1000 - Number(parts.t)) < 300;
    const verified = given.length === expected.length && timingSafeEqual(given, expected) && fresh;
    const status = answer(++calls);
    if (status < 300) received.push({ headers: req.headers, raw, body: JSON.parse(raw), verified });
    res.statusCode = status;
    res.end(status < 300 ? "thanks" : "receiver is down");
  });
  return { ...server, received, setSecret: (s: string) => (secret = s), calls: () => calls };
}

let t: TestApp;
let cookie: string;
let now: number;
beforeAll(async () => {
  // OUTBOUND_ALLOW_LOCAL alone lets webhooks reach the plain-http receivers these tests start (product-decisions)
  t = await createTestApp({ OUTBOUND_ALLOW_LOCAL: "true", WEBHOOK_RETRY_BASE_SECONDS: "10" });
  cookie = await t.login();
});
beforeEach(() => {
  now = Date.now();
  t.services.clock.now = () => new Date(now);
});
afterAll(() => t.close());

const register = (url: string, events: string[]) => createWebhook(t, cookie, url, events);
const deliveries = async (id: number) => (await t.api("GET", `/api/admin/webhooks/${id}/deliveries`, { cookie })).body as any[];
const tick = () => t.services.webhookDispatcher.tick();

test("a published article is delivered signed: {id, type, createdAt, data}, Webhook-Id, a signature the receiver verifies", async () => {
  const receiver = await startReceiver();
  try {
    const hook = await register(`${receiver.url}/hooks`, ["article.published", "article.updated", "article.unpublished", "article.deleted"]);
    expect(hook.secret).toMatch(/^whsec_/);
    receiver.setSecret(hook.secret);
    const list = await t.api("GET", "/api/admin/webhooks", { cookie });
    expect(list.text).not.toContain(hook.secret);
    const article = await createArticle(t.services, { title: "Frigate contract signed" });
    // stored before the first attempt
    expect(await t.ds.getRepository(WebhookDelivery).countBy({ endpointId: hook.id, status: "pending" })).toBe(1);
    await tick();
    expect(receiver.received).toHaveLength(1);
    const [got] = receiver.received;
    expect(got.verified).toBe(true);
    expect(got.body).toMatchObject({ type: "article.published", data: { id: article.id, slug: article.slug, title: "Frigate contract signed" } });
    expect(got.body.data.url).toMatch(new RegExp(`/article/${article.slug}$`));
    expect(got.headers["webhook-id"]).toBe(got.body.id);
    expect(got.headers["content-type"]).toBe("application/json");
    // a forged body fails the receiver's check
    const forged = createHmac("sha256", "whsec_wrong").update(`1.${got.raw}`).digest("hex");
    expect(forged).not.toBe(/v1=([0-9a-f]+)/.exec(String(got.headers["webhook-signature"]))![1]);
    // update, unpublish, delete
    await t.services.articles.update({ id: article.id, title: "Frigate contract signed, six ships" });
    await t.services.articles.update({ id: article.id, status: "draft" });
    await t.services.articles.update({ id: article.id, status: "published" });
    await t.services.articles.delete(article.id);
    await tick();
    expect(receiver.received.map((r) => r.body.type)).toEqual(["article.published", "article.updated", "article.unpublished", "article.published", "article.deleted"]);
    expect(receiver.received.every((r) => r.verified)).toBe(true);
    const log = await deliveries(hook.id);
    expect(log[0]).toMatchObject({ status: "delivered", attempts: 1, lastStatusCode: 200, lastResponse: "thanks", type: "article.deleted" });
    expect(log[0].lastDurationMs).toBeGreaterThanOrEqual(0);
    await t.api("DELETE", `/api/admin/webhooks/${hook.id}`, { cookie });
  } finally {
    await receiver.close();
  }
});

test("a receiver that fails twice then succeeds gets the event on the third attempt, after growing waits; later events wait their turn", async () => {
  const receiver = await startReceiver((n) => (n <= 2 ? 503 : 200));
  try {
    const hook = await register(receiver.url, ["article.published"]);
    receiver.setSecret(hook.secret);
    const first = await createArticle(t.services, { title: "First in line" });
    const second = await createArticle(t.services, { title: "Second in line" });
    await tick();
    expect(receiver.calls()).toBe(1);
    let [, head] = await deliveries(hook.id);
    expect(head).toMatchObject({ status: "pending", attempts: 1, lastStatusCode: 503, lastResponse: "receiver is down" });
    expect(Date.parse(head.nextAttemptAt) - now).toBe(10_000);
    // not due yet: nothing is sent, and the second event does not overtake the first
    await tick();
    expect(receiver.calls()).toBe(1);
    now += 10_000;
    await tick();
    [, head] = await deliveries(hook.id);
    expect(head).toMatchObject({ attempts: 2, status: "pending" });
    expect(Date.parse(head.nextAttemptAt) - now).toBe(20_000);
    now += 20_000;
    await tick();
    expect(receiver.received.map((r) => r.body.data.id)).toEqual([first.id, second.id]);
    const log = await deliveries(hook.id);
    expect(log.map((d) => [d.status, d.attempts])).toEqual([["delivered", 1], ["delivered", 3]]);
    expect((await t.api("GET", "/api/admin/webhooks", { cookie })).body.find((w: any) => w.id === hook.id)).toMatchObject({ enabled: true, failingSince: null, pending: 0 });
    await t.api("DELETE", `/api/admin/webhooks/${hook.id}`, { cookie });
  } finally {
    await receiver.close();
  }
});

test("a restart in the middle of retrying loses nothing: another instance sends what is stored", async () => {
  let up = false;
  const receiver = await startReceiver(() => (up ? 200 : 500));
  try {
    const hook = await register(receiver.url, ["article.published"]);
    receiver.setSecret(hook.secret);
    const article = await createArticle(t.services, { title: "Survives a restart" });
    await tick();
    expect(receiver.received).toHaveLength(0);
    // the first process is gone; a new one starts on the same database
    const restarted = createServices(t.ds, t.config);
    try {
      restarted.clock.now = () => new Date(now);
      up = true;
      now += 10_000;
      expect(await restarted.webhookDispatcher.tick()).toBe(1);
      expect(receiver.received.map((r) => [r.body.type, r.body.data.id, r.verified])).toEqual([["article.published", article.id, true]]);
    } finally {
      await restarted.close();
    }
    await t.api("DELETE", `/api/admin/webhooks/${hook.id}`, { cookie });
  } finally {
    await receiver.close();
  }
});

test("an endpoint failing for 24 hours is disabled with the reason; re-enabled, it resumes; Redeliver sends an event again", async () => {
  let up = false;
  const receiver = await startReceiver(() => (up ? 200 : 500));
  try {
    const hook = await register(receiver.url, ["article.published"]);
    receiver.setSecret(hook.secret);
    await createArticle(t.services, { title: "Never acknowledged" });
    const start = now;
    // retry whenever due, for a day
    while (now - start < 24 * 3600_000 + 3600_000) {
      await tick();
      const [head] = await deliveries(hook.id);
      if (head.status !== "pending") break;
      now = Date.parse(head.nextAttemptAt);
    }
    const endpoint = (await t.api("GET", "/api/admin/webhooks", { cookie })).body.find((w: any) => w.id === hook.id);
    expect(endpoint.enabled).toBe(false);
    expect(endpoint.disabledReason).toMatch(/failed for 24 hours.*HTTP 500/);
    expect(Date.parse(endpoint.disabledAt) - start).toBeGreaterThanOrEqual(24 * 3600_000);
    const [failed] = await deliveries(hook.id);
    expect(failed.status).toBe("failed");
    expect(failed.attempts).toBeGreaterThan(10);
    // disabled: new events are not stored for it, nothing is sent
    await createArticle(t.services, { title: "While disabled" });
    await tick();
    expect(receiver.calls()).toBe(failed.attempts);
    // the administrator fixes the receiver, re-enables and redelivers
    up = true;
    expect((await t.api("PUT", `/api/admin/webhooks/${hook.id}`, { cookie, body: { enabled: true } })).body).toMatchObject({ enabled: true, disabledReason: null });
    const redo = await t.api("POST", `/api/admin/webhooks/${hook.id}/deliveries/${failed.id}/redeliver`, { cookie });
    expect(redo.status).toBe(200);
    await tick();
    expect(receiver.received).toHaveLength(1);
    expect(receiver.received[0].body.data.title).toBe("Never acknowledged");
    // redelivering a delivered event sends the same event id again
    await t.api("POST", `/api/admin/webhooks/${hook.id}/deliveries/${failed.id}/redeliver`, { cookie });
    await tick();
    expect(receiver.received.map((r) => r.body.id)).toEqual([receiver.received[0].body.id, receiver.received[0].body.id]);
    expect(receiver.received.every((r) => r.verified)).toBe(true);
    expect((await t.api("POST", `/api/admin/webhooks/${hook.id}/deliveries/999999/redeliver`, { cookie })).status).toBe(404);
    await t.api("DELETE", `/api/admin/webhooks/${hook.id}`, { cookie });
  } finally {
    await receiver.close();
  }
});

test("a scheduled article fires article.published when it goes live, once even when several instances announce it", async () => {
  const receiver = await startReceiver();
  try {
    // articles published (and announced) long ago are not announced again to a new endpoint
    await createArticle(t.services, { title: "Published last week" });
    await t.ds.getRepository(Article).createQueryBuilder().update().set({ publishedAt: new Date(Date.now() - 7 * 86_400_000) }).where("id > 0").execute();
    const hook = await register(receiver.url, ["article.published"]);
    receiver.setSecret(hook.secret);
    // another instance is running too: both timers announce the article when its time comes
    const other = createServices(t.ds, t.config);
    const announced: number[] = [];
    other.events.on((change) => (change.type === "article" && !change.before ? void announced.push(change.after!.id) : undefined));
    try {
      const article = await createArticle(t.services, { title: "Embargoed until noon", publishedAt: new Date(Date.now() + 400).toISOString() });
      await tick();
      expect(receiver.received).toHaveLength(0);
      await new Promise((r) => setTimeout(r, 500));
      await t.services.scheduledPublishing.fire();
      await other.scheduledPublishing.fire();
      expect(announced).toEqual([article.id]);
      await tick();
      expect(receiver.received.map((r) => [r.body.type, r.body.data.id])).toEqual([["article.published", article.id]]);
    } finally {
      await other.close();
    }
    await t.api("DELETE", `/api/admin/webhooks/${hook.id}`, { cookie });
  } finally {
    await receiver.close();
  }
});

test("comments and confirmed subscribers reach the endpoints subscribed to them, and only those", async () => {
  const receiver = await startReceiver();
  const articlesOnly = await startReceiver();
  try {
    const hook = await register(receiver.url, ["comment.created", "comment.approved", "subscriber.confirmed"]);
    receiver.setSecret(hook.secret);
    const other = await register(articlesOnly.url, ["article.deleted"]);
    articlesOnly.setSecret(other.secret);
    const article = await createArticle(t.services, { title: "Open for comments" });
    const comment = await t.services.commentService.post({ articleId: article.id, authorName: "Ann", authorEmail: "ann@example.com", content: "Where will they be based?" });
    await t.api("PUT", `/api/admin/comments/${comment.id}`, { cookie, body: { status: "approved" } });
    await createSubscriber(t.services, "reader@example.com");
    await tick();
    expect(receiver.received.map((r) => r.body.type)).toEqual(["comment.created", "comment.approved", "subscriber.confirmed"]);
    expect(receiver.received[0].body.data).toMatchObject({ id: comment.id, articleId: article.id, authorName: "Ann" });
    expect(receiver.received[0].raw).not.toContain("ann@example.com");
    expect(articlesOnly.calls()).toBe(0);
    for (const id of [hook.id, other.id]) await t.api("DELETE", `/api/admin/webhooks/${id}`, { cookie });
  } finally {
    await receiver.close();
    await articlesOnly.close();
  }
});

test("no event type carries an e-mail address; subscriber.confirmed names the subscriber by a stable opaque id", async () => {
  const receiver = await startReceiver();
  try {
    const hook = await register(receiver.url, [...WEBHOOK_EVENTS]);
    receiver.setSecret(hook.secret);
    const article = await createArticle(t.services, { title: "Every event once" });
    await t.services.articles.update({ id: article.id, title: "Every event once, updated", liveStatus: "live" });
    await t.services.live.post({ id: article.id, body: "A live update." });
    const comment = await t.services.commentService.post({ articleId: article.id, authorName: "Bo", authorEmail: "bo.commenter@example.com", content: "A question." });
    await t.api("PUT", `/api/admin/comments/${comment.id}`, { cookie, body: { status: "approved" } });
    await t.services.articles.update({ id: article.id, status: "draft" });
    await t.services.articles.delete(article.id);
    const newsletter = t.services.newsletter;
    const confirm = (email: string) => createSubscriber(t.services, email);
    await confirm("first.subscriber@example.com");
    await confirm("second.subscriber@example.com");
    // the first one leaves and signs up again later: the same id as before
    await newsletter.unsubscribe(await newsletter.unsubscribeToken("first.subscriber@example.com"));
    now += 11 * 60_000;
    await confirm("first.subscriber@example.com");
    await tick();
    expect(new Set(receiver.received.map((r) => r.body.type))).toEqual(new Set(WEBHOOK_EVENTS));
    for (const r of receiver.received) expect([r.body.type, /[\w.+-]+@[\w-]+\.[\w.]+/.exec(r.raw)?.[0] ?? null]).toEqual([r.body.type, null]);
    const confirmed = receiver.received.filter((r) => r.body.type === "subscriber.confirmed").map((r) => r.body.data);
    expect(confirmed).toHaveLength(3);
    for (const data of confirmed) expect(Object.keys(data).sort()).toEqual(["confirmedAt", "subscriberId"]);
    expect(confirmed[0].subscriberId).toMatch(/^sub_[\w-]{32}$/);
    expect(confirmed[1].subscriberId).not.toBe(confirmed[0].subscriberId);
    expect(confirmed[2].subscriberId).toBe(confirmed[0].subscriberId);
    await t.api("DELETE", `/api/admin/webhooks/${hook.id}`, { cookie });
  } finally {
    await receiver.close();
  }
});

test("registration: https only unless OUTBOUND_ALLOW_LOCAL; bad input is a 400 that stores nothing; private addresses are refused when sending", async () => {
  const before = (await t.api("GET", "/api/admin/webhooks", { cookie })).body.length;
  for (const body of [{ url: "ftp://example.com", events: ["article.published"] }, { url: "https://example.com", events: [] }, { url: "https://example.com", events: ["article.exploded"] }, { url: "not a url", events: ["article.published"] }]) {
    const res = await t.api("POST", "/api/admin/webhooks", { cookie, body });
    expect([body.url, res.status]).toEqual([body.url, 400]);
  }
  expect((await t.api("GET", "/api/admin/webhooks", { cookie })).body).toHaveLength(before);
  // the same instance without OUTBOUND_ALLOW_LOCAL, as in production
  const strictConfig = { ...t.config, outboundAllowLocal: false };
  const strict = new WebhookService(t.services.repos.webhooks, strictConfig, t.services.clock);
  await expect(strict.create({ url: "http://example.com/hook", events: ["article.published"] })).rejects.toThrow(/https/);
  // an https URL that points at this machine is refused when sending (no private addresses)
  const hook = await strict.create({ url: "https://127.0.0.1:9/hook", events: ["article.published"] });
  await createArticle(t.services, { title: "Goes nowhere private" });
  await new WebhookDispatcher(t.services.repos.webhooks, t.services.repos.leases, strictConfig, t.services.clock, strict).tick();
  const [delivery] = await deliveries(hook.id);
  expect(delivery).toMatchObject({ status: "pending", attempts: 1, lastStatusCode: null });
  expect(delivery.lastResponse).toMatch(/private or local address/);
  // without a session every door is shut
  expect((await t.api("GET", "/api/admin/webhooks")).status).toBe(401);
  expect((await t.api("POST", `/api/admin/webhooks/${hook.id}/deliveries/${delivery.id}/redeliver`)).status).toBe(401);
  await t.api("DELETE", `/api/admin/webhooks/${hook.id}`, { cookie });
});

test("delivered events older than 30 days leave the log; failed and waiting ones stay", async () => {
  const hook = await register("http://127.0.0.1:9/never", ["article.published"]);
  const repo = t.ds.getRepository(WebhookDelivery);
  const old = new Date(now - 31 * 86_400_000);
  const row = (eventId: string, status: string) => ({ endpointId: hook.id, eventId, type: "article.published", payload: "{}", status, attempts: 1, createdAt: old, nextAttemptAt: null });
  await repo.insert([row("00000000-0000-0000-0000-000000000001", "delivered"), row("00000000-0000-0000-0000-000000000002", "failed"), row("00000000-0000-0000-0000-000000000003", "pending")]);
  await repo.insert({ ...row("00000000-0000-0000-0000-000000000004", "delivered"), createdAt: new Date(now - 86_400_000) });
  await t.services.webhooks.prune();
  expect((await repo.find({ where: { endpointId: hook.id }, order: { id: "ASC" } })).map((d) => d.eventId.slice(-1))).toEqual(["2", "3", "4"]);
  await t.api("DELETE", `/api/admin/webhooks/${hook.id}`, { cookie });
});
