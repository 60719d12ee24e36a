// Redis can fail: two instances share a database and Redis (through a TCP proxy), readers load both, and the proxy
// is cut mid-load. No reader request fails: the page cache answers from memory, rate limits count in the insurance
// limiter, /readyz says Redis is degraded (not down); when Redis is back every instance drops its cached answers,
// so a change made during the outage (whose invalidation and message were lost) is what readers see.
// Needs Redis (test/helpers/services.ts: skipped without it, required with CI=true).
import { randomUUID } from "node:crypto";
import type { AddressInfo } from "node:net";
import { Redis } from "ioredis";
import { createApp } from "../../../src/app.js";
import { createDataSource } from "../../../src/dataSource.js";
import { createServices, type Services } from "../../../src/services/index.js";
import { createArticle } from "../../helpers/factories.js";
import { needs, REDIS_URL } from "../../helpers/services.js";
import { startTcpProxy, type TcpProxy } from "../../helpers/tcpProxy.js";
import { createTestApp, type TestApp } from "../../helpers/testApp.js";

const redis = await needs("redis");
const PREFIX = `test-outage-${randomUUID()}:`;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
async function until(check: () => boolean | Promise<boolean>, ms = 15_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("timed out waiting");
    await sleep(50);
  }
}
const titles = (body: Array<{ title: string }>) => body.map((a) => a.title);

redis.describe("a Redis outage under load", () => {
  let proxy: TcpProxy;
  let a: TestApp;
  let servicesB: Services;
  let closeB: () => Promise<void>;
  let baseB: string;

  beforeAll(async () => {
    const target = new URL(REDIS_URL);
    proxy = await startTcpProxy(target.hostname, Number(target.port || 6379));
    const url = new URL(REDIS_URL);
    url.host = `127.0.0.1:${proxy.port}`;
    a = await createTestApp({ REDIS_URL: url.toString(), REDIS_PREFIX: PREFIX, RATE_LIMIT_NEWSLETTER: "3" });
    const ds = createDataSource(a.config);
    await ds.initialize();
    servicesB = createServices(ds, a.config);
    const appB = await createApp(servicesB);
    const serverB = appB.listen(0, "127.0.0.1");
    await new Promise((resolve) => serverB.once("listening", resolve));
    baseB = `http://127.0.0.1:${(serverB.address() as AddressInfo).port}`;
    closeB = async () => {
      await new Promise((resolve) => serverB.close(resolve));
      await servicesB.close();
      await ds.destroy();
    };
    await until(() => a.services.cache.redisState?.() === "up" && servicesB.cache.redisState?.() === "up");
  });

  afterAll(async () => {
    proxy.restore();
    await closeB();
    await a.close();
    await proxy.close();
    const client = new Redis(REDIS_URL);
    const keys = await client.keys(`${PREFIX}*`);
    if (keys.length) await client.del(...keys);
    client.disconnect();
  });

  test("no reader request fails while Redis is cut; it is reported degraded; nothing stale survives its return", async () => {
    const story = await createArticle(a.services, { title: "Before the outage", category: "sea" });
    const readB = async (path: string) => {
      const res = await fetch(baseB + path);
      return { status: res.status, cache: res.headers.get("x-cache"), body: await res.json() };
    };
    expect((await readB("/api/article-cards?category=sea")).cache).toBe("MISS");
    expect((await readB("/api/article-cards?category=sea")).cache).toBe("HIT");

    // Readers on both instances, and newsletter sign-ups (rate-limited through Redis), until told to stop.
    const failures: string[] = [];
    const answered = { total: 0, during: 0, limited: 0 };
    let phase: "before" | "during" | "after" = "before";
    let stop = false;
    const paths = ["/api/article-cards?category=sea", `/api/articles/${story.id}`, "/api/articles?limit=5", "/api/article-cards?category=land", "/api/ticker", `/api/articles/slug/${story.slug}`];
    const load = async (base: string, worker: number) => {
      for (let i = worker; !stop; i++) {
        const path = paths[i % paths.length];
        try {
          const res =
            i % 7 === 0
              ? await fetch(`${base}/api/newsletter/subscribe`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email: `reader${i}@example.com` }) })
              : await fetch(base + path);
          await res.arrayBuffer();
          answered.total++;
          if (phase === "during") answered.during++;
          if (res.status === 429) answered.limited++;
          if (res.status >= 500) failures.push(`${phase} ${path}: ${res.status}`);
        } catch (error) {
          failures.push(`${phase} ${path}: ${(error as Error).message}`);
        }
      }
    };
    const workers = [0, 1, 2].flatMap((w) => [load(a.baseUrl, w), load(baseB, w)]);
    await sleep(500);

    phase = "during";
    proxy.cut();
    await until(() => a.services.cache.redisState?.() === "degraded" && servicesB.cache.redisState?.() === "degraded");
    const ready = await a.api("GET", "/readyz");
    // (On MySQL/MariaDB the answer also names the search engine: issue 27.)
    expect([ready.status, ready.body]).toEqual([200, expect.objectContaining({ status: "ready", redis: "degraded" })]);
    // A change during the outage: its invalidation cannot reach Redis, nor its message instance B.
    const admin = await a.login();
    expect((await a.api("PUT", `/api/articles/${story.id}`, { cookie: admin, body: { title: "Changed during the outage" } })).status).toBe(200);
    expect(titles((await a.api("GET", "/api/article-cards?category=sea")).body)).toEqual(["Changed during the outage"]);
    // The insurance limiter still limits: a fourth sign-up within the minute from one client is refused.
    const signUps = [];
    for (let i = 0; i < 4; i++) signUps.push((await a.api("POST", "/api/newsletter/subscribe", { body: { email: `outage${i}@example.com` } })).status);
    expect(signUps.every((s) => s === 202 || s === 200 || s === 429)).toBe(true);
    expect(signUps).toContain(429);
    // Readers are answered while Redis is away (a busy machine may take a while to get there: counted, not timed).
    await until(() => answered.during > 20);

    phase = "after";
    proxy.restore();
    await until(() => a.services.cache.redisState?.() === "up" && servicesB.cache.redisState?.() === "up");
    await sleep(300);
    stop = true;
    await Promise.all(workers);

    expect(failures).toEqual([]);
    expect(answered.during).toBeGreaterThan(20);
    expect((await a.api("GET", "/readyz")).body).toEqual(expect.objectContaining({ status: "ready", redis: "up" }));
    // Instance B had the old answer in Redis: the drop on reconnect means it never shows it again.
    const after = await readB("/api/article-cards?category=sea");
    expect([after.status, titles(after.body)]).toEqual([200, ["Changed during the outage"]]);
    expect(titles((await a.api("GET", "/api/article-cards?category=sea")).body)).toEqual(["Changed during the outage"]);
    // And invalidation through Redis works again across instances.
    await a.api("PUT", `/api/articles/${story.id}`, { cookie: admin, body: { title: "After the outage" } });
    expect(titles((await readB("/api/article-cards?category=sea")).body)).toEqual(["After the outage"]);
  }, 90_000);
});
