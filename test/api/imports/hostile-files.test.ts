// Files the import must refuse — not WXR, truncated, entity tricks, a 100 MB node — with a clear message, fast,
// and changing nothing; through the importer (the command line's path) and through the upload.
import { readWxr } from "../../../src/services/wordpress/wxrParser.js";
import { importOptionsSchema } from "../../../src/schemas/imports.js";
import { useTestApp } from "../../helpers/testApp.js";
import { expectNoStack, snapshotTables } from "../../helpers/dbSnapshot.js";

const HEAD = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:wp="http://wordpress.org/export/1.2/"><channel><wp:wxr_version>1.2</wp:wxr_version>`;
const ITEM = `<item><title>Hello</title><guid>http://x/?p=1</guid><wp:post_id>1</wp:post_id><wp:post_type>post</wp:post_type><wp:status>publish</wp:status><wp:post_name>hello</wp:post_name><content:encoded><![CDATA[<p>Hi</p>]]></content:encoded></item>`;
const VALID = `${HEAD}${ITEM}</channel></rss>`;

const HOSTILE: [string, string, RegExp][] = [
  ["billion laughs", `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol1 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;"><!ENTITY lol2 "&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;"><!ENTITY lol9 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">]>${HEAD.replace(/^<\?xml[^>]*>/, "")}<item><title>&lol9;</title></item></channel></rss>`, /DOCTYPE/],
  ["an external entity", `<?xml version="1.0"?><!DOCTYPE rss [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>${HEAD.replace(/^<\?xml[^>]*>/, "")}<item><title>&xxe;</title></item></channel></rss>`, /DOCTYPE/],
  ["an entity never declared", `${HEAD}<item><title>&xxe;</title></item></channel></rss>`, /not well-formed XML.*undefined entity/],
  ["a truncated file", VALID.slice(0, VALID.length - 40), /ends before its XML is complete/],
  ["plain RSS", `<?xml version="1.0"?><rss version="2.0"><channel><title>News</title><item><title>x</title></item></channel></rss>`, /not a WordPress export/],
  ["an HTML page", `<!doctype html><html><body>hello</body></html>`, /not well-formed XML/],
  ["JSON", `{"posts": []}`, /not well-formed XML|not XML/],
  ["an empty body", ``, /empty|not XML/],
  ["deep nesting", `${HEAD}${"<a>".repeat(200)}${"</a>".repeat(200)}</channel></rss>`, /nested more than/],
];

/** A WXR file whose one post body is `mb` megabytes, produced a megabyte at a time; counts what was pulled. */
function hugeNode(mb: number) {
  const state = { pulled: 0 };
  async function* read() {
    yield `${HEAD}<item><title>Huge</title><content:encoded><![CDATA[`;
    const megabyte = "a".repeat(1024 * 1024);
    for (let i = 0; i < mb; i++) {
      state.pulled += megabyte.length;
      yield megabyte;
    }
    yield `]]></content:encoded></item></channel></rss>`;
  }
  return { read, state };
}

const t = useTestApp({}, { signIn: true });

test.each(HOSTILE)("the importer refuses %s with a clear message and writes nothing", async (_name, body, message) => {
  const before = await snapshotTables(t.ds);
  await expect(t.services.wordpress.run({ read: () => [body] }, importOptionsSchema.parse({}))).rejects.toThrow(message);
  expect(await snapshotTables(t.ds)).toEqual(before);
});

test.each(HOSTILE)("the upload refuses %s with 400 and its reason; nothing is stored", async (_name, body, message) => {
  const before = await snapshotTables(t.ds);
  const res = await t.api("POST", "/api/admin/import", { body, cookie: t.cookie, headers: { "content-type": "application/xml" } });
  expect(res.status).toBe(400);
  expect(res.body.message).toMatch(message);
  expectNoStack(res.text);
  expect(await snapshotTables(t.ds)).toEqual(before);
});

test("a 100 MB single node is refused after reading a few MB of it, quickly, writing nothing", async () => {
  const before = await snapshotTables(t.ds);
  const huge = hugeNode(100);
  const started = Date.now();
  await expect(readWxr(huge.read(), () => undefined)).rejects.toThrow(/larger than 4 MB/);
  // The byte count is the real bound (a few MB of 100 read); the time bound only catches a runaway, with room for a
  // loaded CI machine (it took 0.5 s alone, 6.5 s beside five other test runs).
  expect(Date.now() - started).toBeLessThan(15_000);
  expect(huge.state.pulled).toBeLessThan(8 * 1024 * 1024);
  await expect(t.services.wordpress.run({ read: huge.read }, importOptionsSchema.parse({}))).rejects.toThrow(/larger than 4 MB/);
  expect(await snapshotTables(t.ds)).toEqual(before);
});

test("the upload of a 100 MB node is answered 400 before the body is through, and stores nothing", async () => {
  const before = await snapshotTables(t.ds);
  const huge = hugeNode(100);
  const encoder = new TextEncoder();
  const iterator = huge.read();
  const body = new ReadableStream({
    async pull(controller) {
      const next = await iterator.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value));
    },
  });
  const started = Date.now();
  const res = await fetch(`${t.baseUrl}/api/admin/import`, { method: "POST", body, headers: { cookie: t.cookie, "content-type": "application/xml" }, duplex: "half" } as RequestInit);
  expect(res.status).toBe(400);
  expect((await res.json()).message).toMatch(/larger than 4 MB/);
  expect(Date.now() - started).toBeLessThan(15_000);
  expect(huge.state.pulled).toBeLessThan(60 * 1024 * 1024);
  expect(await snapshotTables(t.ds)).toEqual(before);
});

test("the upload is refused without a session (401), from another site (403), as a form (415)", async () => {
  const before = await snapshotTables(t.ds);
  expect((await t.api("POST", "/api/admin/import", { body: VALID, headers: { "content-type": "application/xml" } })).status).toBe(401);
  expect((await t.api("POST", "/api/admin/import", { body: VALID, cookie: "ds_session=forged", headers: { "content-type": "application/xml" } })).status).toBe(401);
  const foreign = await t.api("POST", "/api/admin/import", { body: VALID, cookie: t.cookie, headers: { "content-type": "application/xml", origin: "https://evil.example" } });
  expect(foreign.status).toBe(403);
  expect((await t.api("POST", "/api/admin/import", { body: VALID, cookie: t.cookie, headers: { "content-type": "application/xml", "sec-fetch-site": "cross-site" } })).status).toBe(403);
  for (const type of ["application/x-www-form-urlencoded", "multipart/form-data; boundary=x", "text/plain"]) {
    expect((await t.api("POST", "/api/admin/import", { body: VALID, cookie: t.cookie, headers: { "content-type": type } })).status).toBe(415);
  }
  expect((await t.api("POST", "/api/admin/import?map=x%3Dnowhere", { body: VALID, cookie: t.cookie, headers: { "content-type": "application/xml" } })).status).toBe(400);
  expect((await t.api("GET", "/api/admin/export")).status).toBe(401);
  expect(await snapshotTables(t.ds)).toEqual(before);
});

test("a valid upload from our own page with review=true waits for its mapping; start runs it once", async () => {
  const res = await t.api("POST", "/api/admin/import?review=true", { body: VALID, cookie: t.cookie, headers: { "content-type": "application/xml", origin: t.config.siteUrl, "sec-fetch-site": "same-origin" } });
  expect(res.status).toBe(202);
  const ready = await t.api("GET", `/api/admin/import/${res.body.id}`, { cookie: t.cookie });
  expect(ready.body).toMatchObject({ status: "ready", analysis: { counts: { posts: 1 } } });
  const start = await t.api("POST", `/api/admin/import/${res.body.id}/start`, { cookie: t.cookie, body: { defaultCategory: "sea" } });
  expect(start.status).toBe(200);
  expect((await t.api("POST", `/api/admin/import/${res.body.id}/start`, { cookie: t.cookie, body: {} })).status).toBe(400);
  await t.services.importRunner.tick();
  const done = await t.api("GET", `/api/admin/import/${res.body.id}`, { cookie: t.cookie });
  expect(done.body).toMatchObject({ status: "done", counts: { posts: { created: 1 } } });
  expect((await t.api("GET", "/api/articles/slug/hello")).body.category).toBe("sea");
  expect(Number((await t.ds.query("SELECT COUNT(*) AS n FROM import_chunk"))[0].n)).toBe(0);
});
