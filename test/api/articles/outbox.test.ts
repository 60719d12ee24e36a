// Commands in transactions, with an outbox (issue 24): an article save writes the article, its revision and the
// change in one transaction, so a failure in the middle leaves nothing behind; a change a listener could not take
// (the webhook store, the cache) stays in the outbox and the runner delivers it again, so a partner hears of every
// change once. The failures are real: a table the step writes to is taken away for a moment.
import { OutboxEvent } from "../../../src/entities/OutboxEvent.js";
import { WebhookDelivery } from "../../../src/entities/WebhookDelivery.js";
import { createArticle } from "../../helpers/factories.js";
import { createTestApp, type TestApp } from "../../helpers/testApp.js";

let t: TestApp;
let cookie: string;
let now: number;
beforeAll(async () => {
  t = await createTestApp({ OUTBOUND_ALLOW_LOCAL: "true" });
  cookie = await t.login();
});
beforeEach(() => {
  now = Date.now();
  t.services.clock.now = () => new Date(now);
});
afterAll(() => t.close());

const outbox = () => t.ds.getRepository(OutboxEvent).find();
const revisionsOf = async (id: number) => (await t.api("GET", `/api/articles/${id}/revisions`, { cookie })).body as unknown[];

/** Runs `work` while `table` is renamed away (a write to it fails as on a broken disk or a lost connection). */
async function without<T>(table: string, work: () => Promise<T>): Promise<T> {
  const rename = (from: string, to: string) => t.ds.query(t.ds.options.type === "better-sqlite3" ? `ALTER TABLE ${from} RENAME TO ${to}` : `RENAME TABLE ${from} TO ${to}`);
  await rename(table, `${table}_away`);
  try {
    return await work();
  } finally {
    await rename(`${table}_away`, table);
  }
}

test("a save whose revision cannot be written changes nothing: not the article, not its revisions, no event", async () => {
  const article = await createArticle(t.services, { title: "Corvette programme", content: "First text." });
  const before = await revisionsOf(article.id);
  const res = await without("article_revision", () => t.api("PUT", `/api/articles/${article.id}`, { cookie, body: { title: "Corvette programme cut", content: "Second text." } }));
  expect(res.status).toBe(500);
  expect(res.text).not.toMatch(/at .*\.ts|QueryFailedError|article_revision/);
  const after = await t.api("GET", `/api/articles/${article.id}`, { cookie });
  expect(after.body).toMatchObject({ title: "Corvette programme", content: "First text." });
  expect(await revisionsOf(article.id)).toHaveLength(before.length);
  expect(await outbox()).toHaveLength(0);
});

test("a change the webhook store could not take stays in the outbox; the runner delivers it, and the partner gets it once", async () => {
  const hook = await t.api("POST", "/api/admin/webhooks", { cookie, body: { url: "http://127.0.0.1:9/hooks", events: ["article.updated"] } });
  expect(hook.status).toBe(201);
  const article = await createArticle(t.services, { title: "Tanker drones" });
  const saved = await without("webhook_delivery", () => t.api("PUT", `/api/articles/${article.id}`, { cookie, body: { title: "Tanker drones delayed" } }));
  // The save itself succeeded and is visible at once; only the partner's copy waits.
  expect(saved.status).toBe(200);
  expect((await t.api("GET", `/api/articles/${article.id}`)).body.title).toBe("Tanker drones delayed");
  const waiting = await outbox();
  expect(waiting).toHaveLength(1);
  expect(waiting[0].lastError).toBeTruthy();
  expect(await t.ds.getRepository(WebhookDelivery).countBy({ endpointId: hook.body.id })).toBe(0);

  // Not due yet (backoff), then due: delivered, and the outbox is empty.
  expect(await t.services.outboxRunner.tick()).toBe(0);
  now += 60_000;
  expect(await t.services.outboxRunner.tick()).toBe(1);
  expect(await outbox()).toHaveLength(0);
  const stored = await t.ds.getRepository(WebhookDelivery).findBy({ endpointId: hook.body.id });
  expect(stored).toHaveLength(1);
  expect(JSON.parse(stored[0].payload)).toMatchObject({ type: "article.updated", data: { id: article.id, title: "Tanker drones delayed" } });
});

test("a listener that fails once gets the change again; the others, which had it, store nothing twice", async () => {
  const hook = await t.api("POST", "/api/admin/webhooks", { cookie, body: { url: "http://127.0.0.1:9/hooks2", events: ["article.updated"] } });
  const article = await createArticle(t.services, { title: "Radar upgrade" });
  const heard: string[] = [];
  let failures = 1;
  const off = t.services.events.on((change) => {
    if (change.type !== "article") return;
    heard.push(change.after?.slug ?? "");
    if (failures-- > 0) throw new Error("listener down");
  });
  try {
    await t.api("PUT", `/api/articles/${article.id}`, { cookie, body: { title: "Radar upgrade approved" } });
    expect(await outbox()).toHaveLength(1);
    now += 60_000;
    expect(await t.services.outboxRunner.tick()).toBe(1);
    expect(heard).toHaveLength(2);
    expect(await outbox()).toHaveLength(0);
    // The webhook listener had it the first time; the redelivery is the same event (its outbox id), stored once.
    expect(await t.ds.getRepository(WebhookDelivery).countBy({ endpointId: hook.body.id })).toBe(1);
  } finally {
    off();
  }
});

test("a writer that stops between its commit and the delivery leaves the change to the runner", async () => {
  const article = await createArticle(t.services, { title: "Submarine refit" });
  // What a process that dies right after the commit leaves: the stored change, undelivered.
  const stored = await t.services.transaction((manager) => t.services.events.record(manager, { type: "article", before: null, after: { id: article.id, slug: article.slug, category: article.category, isBreaking: false, status: "published", publishedAt: new Date(article.publishedAt!) } }));
  expect((await outbox()).map((o) => o.id)).toEqual([stored.id]);
  const heard: number[] = [];
  const off = t.services.events.on((change) => void (change.type === "article" && heard.push(change.after!.id)));
  try {
    // Within the grace period the writer may still be delivering it: the runner leaves it alone.
    expect(await t.services.outboxRunner.tick()).toBe(0);
    now += 31_000;
    expect(await t.services.outboxRunner.tick()).toBe(1);
    expect(heard).toEqual([article.id]);
    expect(await outbox()).toHaveLength(0);
  } finally {
    off();
  }
});
