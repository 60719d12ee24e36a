import { useTestApp } from "../../helpers/testApp.js";
import { createArticle } from "../../helpers/factories.js";

const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36";
const OTHER_BROWSER = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1";

const t = useTestApp();
beforeEach(async () => {
  t.services.audience.rateLimit = 240;
  t.services.audience.resetThrottle();
  await t.services.audience.flush(); // nothing a previous test left in the buffer
  for (const table of ["audience_event", "audience_page_day", "audience_visitor_day"]) await t.ds.query(`DELETE FROM ${table}`);
});

const beacon = (body: unknown, userAgent = BROWSER) => t.api("POST", "/api/events", { body, headers: { "user-agent": userAgent } });
const count = async (table: string) => Number((await t.ds.query(`SELECT COUNT(*) n FROM ${table}`))[0].n);
const pageDays = () => t.ds.query("SELECT * FROM audience_page_day ORDER BY path");

test("records a page view sent like the beacon (JSON blob) and rolls it up per day", async () => {
  const article = await createArticle(t.services);
  const res = await fetch(`${t.baseUrl}/api/events`, {
    method: "POST",
    headers: { "content-type": "application/json", "user-agent": BROWSER },
    body: new Blob([JSON.stringify({ type: "pageview", path: `/article/${article.slug}?utm=x#top`, articleId: article.id, referrer: "https://www.google.com/search?q=secret+terms" })], { type: "application/json" }),
  });
  expect(res.status).toBe(200);
  expect(await res.json()).toEqual({ recorded: true });
  await t.services.audience.flush();
  const [event] = await t.ds.query("SELECT * FROM audience_event");
  expect(event).toMatchObject({ type: "pageview", path: `/article/${article.slug}`, articleId: article.id, referrerDomain: "google.com", network: null });
  // No IP address, user agent or full referrer anywhere in the stored row.
  const stored = JSON.stringify(event);
  expect(stored).not.toContain("127.0.0.1");
  expect(stored).not.toContain("Chrome");
  expect(stored).not.toContain("secret");
  expect(event.visitorHash).toMatch(/^[0-9a-f]{32}$/);
  expect(await pageDays()).toEqual([expect.objectContaining({ path: `/article/${article.slug}`, articleId: article.id, views: 1, searchViews: 1, socialViews: 0, entries: 1, engagedEntries: 0 })]);
});

test("does not count known bots", async () => {
  const res = await beacon({ type: "pageview", path: "/" }, "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)");
  expect(res.status).toBe(200);
  expect(res.body).toEqual({ recorded: false });
  const noAgent = await t.api("POST", "/api/events", { body: { type: "pageview", path: "/" }, headers: { "user-agent": "" } });
  expect(noAgent.body).toEqual({ recorded: false });
  await t.services.audience.flush();
  expect(await count("audience_event")).toBe(0);
});

test("records share clicks with their network", async () => {
  const article = await createArticle(t.services);
  expect((await beacon({ type: "share", network: "linkedin", path: `/article/${article.slug}`, articleId: article.id })).body).toEqual({ recorded: true });
  await t.services.audience.flush();
  const [event] = await t.ds.query("SELECT type, network, referrerDomain FROM audience_event");
  expect(event).toEqual({ type: "share", network: "linkedin", referrerDomain: null });
  expect(await pageDays()).toEqual([expect.objectContaining({ views: 0, shares: 1, entries: 0 })]);
});

test("bad input is a 400 and stores nothing; non-JSON is a 415", async () => {
  for (const body of [
    { type: "pageview", path: "https://evil.example/x" },
    { type: "pageview", path: "//evil.example/x" },
    { type: "share", path: "/article/x" },
    { type: "share", path: "/article/x", network: "myspace" },
    { type: "click", path: "/" },
    { type: "pageview", path: "/", articleId: -3 },
    { path: "/" },
  ]) {
    const res = await beacon(body);
    expect(res.status).toBe(400);
    expect(typeof res.body.message).toBe("string");
  }
  const text = await t.api("POST", "/api/events", { body: "type=pageview", headers: { "content-type": "text/plain", "user-agent": BROWSER } });
  expect(text.status).toBe(415);
  await t.services.audience.flush();
  expect(await count("audience_event")).toBe(0);
});

test("counts unique visitors per day, landing pages and bounces; our own site is not a referrer", async () => {
  const { config } = t.services;
  await beacon({ type: "pageview", path: "/", referrer: "https://t.co/abc" });
  await beacon({ type: "pageview", path: "/category/sea", referrer: `${config.siteUrl}/` });
  await beacon({ type: "pageview", path: "/category/sea" }, OTHER_BROWSER);
  await t.services.audience.flush();
  const rows = await pageDays();
  expect(rows).toEqual([
    expect.objectContaining({ path: "/", views: 1, socialViews: 1, entries: 1, engagedEntries: 1 }),
    expect.objectContaining({ path: "/category/sea", views: 2, socialViews: 0, entries: 1, engagedEntries: 0 }),
  ]);
  const referrers = await t.ds.query("SELECT referrerDomain FROM audience_event ORDER BY id");
  expect(referrers.map((r: { referrerDomain: string | null }) => r.referrerDomain)).toEqual(["t.co", null, null]);
  expect(await count("audience_visitor_day")).toBe(2);
});

test("a second view in a later batch turns the visit from a bounce into an engaged visit", async () => {
  await beacon({ type: "pageview", path: "/about" });
  await t.services.audience.flush();
  expect(await pageDays()).toEqual([expect.objectContaining({ path: "/about", entries: 1, engagedEntries: 0 })]);
  await beacon({ type: "pageview", path: "/careers" });
  await beacon({ type: "pageview", path: "/search" });
  await t.services.audience.flush();
  expect(await pageDays()).toEqual([
    expect.objectContaining({ path: "/about", views: 1, entries: 1, engagedEntries: 1 }),
    expect.objectContaining({ path: "/careers", views: 1, entries: 0 }),
    expect.objectContaining({ path: "/search", views: 1, entries: 0 }),
  ]);
});

test("the visitor hash changes from one day to the next (daily salt)", async () => {
  const client = { address: "203.0.113.9", userAgent: BROWSER };
  const day1 = await t.services.audience.visitorHash(client, "2026-01-01");
  expect(await t.services.audience.visitorHash(client, "2026-01-01")).toBe(day1);
  expect(await t.services.audience.visitorHash(client, "2026-01-02")).not.toBe(day1);
  expect(await t.services.audience.visitorHash({ ...client, address: "203.0.113.10" }, "2026-01-01")).not.toBe(day1);
});

test("rate-limits a client that sends too many events", async () => {
  t.services.audience.rateLimit = 3;
  for (let i = 0; i < 3; i++) expect((await beacon({ type: "pageview", path: `/r${i}` })).status).toBe(200);
  const limited = await beacon({ type: "pageview", path: "/r4" });
  expect(limited.status).toBe(429);
  expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
});

test("the endpoint is documented in the OpenAPI document", async () => {
  const doc = (await t.api("GET", "/api/openapi.json")).body;
  expect(doc.paths["/events"].post.description).toContain("sendBeacon");
});

test("the article is taken from the path, not from the articleId the client sends", async () => {
  const real = await createArticle(t.services);
  const other = await createArticle(t.services);
  await beacon({ type: "pageview", path: `/article/${real.slug}`, articleId: other.id });
  await beacon({ type: "pageview", path: "/category/land", articleId: other.id });
  await beacon({ type: "share", network: "x", path: `/article/${real.slug}/`, articleId: other.id });
  await t.services.audience.flush();
  const events = await t.ds.query("SELECT path, articleId FROM audience_event ORDER BY id");
  expect(events.map((e: { articleId: number | null }) => e.articleId)).toEqual([real.id, null, real.id]);
  const rows = await pageDays();
  expect(rows.find((r: { path: string }) => r.path === `/article/${real.slug}`).articleId).toBe(real.id);
});

test("a failed batch does not stop later batches from being written", async () => {
  const audience = t.services.audience;
  // A row the database refuses (visitorHash is NOT NULL): its batch is rolled back and reported.
  audience.enqueue([{ ...(await audience.buildRow({ type: "pageview", path: "/ok" }, { address: "192.0.2.1", userAgent: BROWSER }, new Date())), visitorHash: null as unknown as string }]);
  await expect(audience.flush()).rejects.toThrow();
  await beacon({ type: "pageview", path: "/legal" });
  await audience.flush();
  expect(await t.ds.query("SELECT path FROM audience_event")).toEqual([{ path: "/legal" }]);
});
