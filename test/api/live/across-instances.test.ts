// Live blogs across instances: a post made on one instance reaches the open streams of every instance through Redis
// pub/sub (each test run has its own REDIS_PREFIX), in order and without gaps.
import { randomUUID } from "node:crypto";
import { createArticle } from "../../helpers/factories.js";
import { secondInstance } from "../../helpers/partner.js";
import { needs, REDIS_URL } from "../../helpers/services.js";
import { openSse } from "../../helpers/sse.js";
import { createTestApp, type TestApp } from "../../helpers/testApp.js";

const redis = await needs("redis");

redis.describe("with Redis", () => {
  let t: TestApp;
  let other: Awaited<ReturnType<typeof secondInstance>>;
  let admin: string;

  beforeAll(async () => {
    t = await createTestApp({ REDIS_URL, REDIS_PREFIX: `test-live-${randomUUID()}:` });
    other = await secondInstance(t);
    admin = await t.login();
  });
  afterAll(async () => {
    await other?.close();
    await t?.close();
  });

  test("posts made on either instance reach the streams of both, with the same ids", async () => {
    const article = await createArticle(t.services, { title: "Summit live" });
    await t.api("PUT", `/api/articles/${article.id}`, { cookie: admin, body: { liveStatus: "live" } });
    const streams = await Promise.all([openSse(`${t.baseUrl}/api/articles/${article.id}/live`), openSse(`${other.baseUrl}/api/articles/${article.id}/live`)]);
    const started = Date.now();
    await t.api("POST", `/api/articles/${article.id}/live-posts`, { cookie: admin, body: { body: "From instance one" } });
    const viaOther = await other.fetch(`/api/articles/${article.id}/live-posts`, { method: "POST", headers: { cookie: admin, "content-type": "application/json" }, body: JSON.stringify({ body: "From instance two" }) });
    expect(viaOther.status).toBe(201);
    for (const stream of streams) {
      const events = await stream.waitFor(2);
      expect(events.map((e) => [e.id, e.event, JSON.parse(e.data).body])).toEqual([["1", "post", "From instance one"], ["2", "post", "From instance two"]]);
    }
    expect(Date.now() - started).toBeLessThan(2000);
    expect([t.services.liveStreams.openCount(), other.services.liveStreams.openCount()]).toEqual([1, 1]);
    await Promise.all(streams.map((s) => s.close()));
  });

  test("a stream that sees an event skip a number reads the gap from the log, once, and sends everything in order", async () => {
    const article = await createArticle(t.services, { title: "Gap test" });
    await t.api("PUT", `/api/articles/${article.id}`, { cookie: admin, body: { liveStatus: "live" } });
    const stream = await openSse(`${other.baseUrl}/api/articles/${article.id}/live`);
    // Two posts whose events reach the other instance in reverse order (as two instances' messages may cross).
    const first = await t.services.liveRepository.create({ id: article.id, body: "One" });
    const second = await t.services.liveRepository.create({ id: article.id, body: "Two" });
    const eventOf = (c: typeof first.change) => (c.change.type === "live" ? c.change.event : undefined)!;
    other.services.liveStreams.deliver(eventOf(second.change));
    other.services.liveStreams.deliver(eventOf(first.change));
    const events = await stream.waitFor(2);
    expect(events.map((e) => [e.id, JSON.parse(e.data).body])).toEqual([["1", "One"], ["2", "Two"]]);
    await new Promise((r) => setTimeout(r, 200));
    expect(stream.events).toHaveLength(2);
    await stream.close();
  });
});
