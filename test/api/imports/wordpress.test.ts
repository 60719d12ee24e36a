// The WordPress import on WordPress's own theme unit test export: what comes over is counted from the XML here,
// independently (fast-xml-parser, not the importer's reader), every published post is readable, every old
// permalink answers 301 to it, a re-import changes nothing and a dry run writes nothing.
import fs from "node:fs";
import path from "node:path";
import { XMLParser } from "fast-xml-parser";
import { slugify } from "../../../src/schemas/slug.js";
import { STATIC_PAGE_IDS } from "../../../src/schemas/pages.js";
import { importOptionsSchema } from "../../../src/schemas/imports.js";
import { createTestApp, type TestApp } from "../../helpers/testApp.js";
import { snapshotTables } from "../../helpers/dbSnapshot.js";

const SAMPLE = path.resolve(import.meta.dirname, "../../fixtures/wordpress-theme-unit-test.wxr.xml");
const xml = fs.readFileSync(SAMPLE, "utf8");

type Item = Record<string, any>;
const list = <T>(v: T | T[] | undefined): T[] => (v === undefined ? [] : Array.isArray(v) ? v : [v]);
const channel = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "@", parseTagValue: false, processEntities: true, htmlEntities: true }).parse(xml).rss.channel;
const items: Item[] = list(channel.item);
const text = (v: unknown): string => (v === undefined || v === null ? "" : typeof v === "object" ? text((v as Item)["#text"]) : String(v as string | number));
const ofType = (type: string) => items.filter((i) => text(i["wp:post_type"]) === type);
const posts = ofType("post");
const pages = ofType("page");
const decode = (s: string) => decodeURIComponent(s);
/** Published, not password-protected, dated in the past: what a reader can open. */
const readable = posts.filter((p) => ["publish", "future"].includes(text(p["wp:status"])) && !text(p["wp:post_password"]) && new Date(text(p["wp:post_date_gmt"]).replace(" ", "T") + "Z") <= new Date());
const slugOf = (p: Item) => slugify(decode(text(p["wp:post_name"])));
const readerComments = (p: Item) => list(p["wp:comment"]).filter((c: Item) => !["pingback", "trackback"].includes(text(c["wp:comment_type"])));

/** The content tables: the job rows, the runner's lease and the audit log's line saying who ran the import (issue 25)
 *  are the import's own bookkeeping. */
const withoutJobs = (snapshot: Record<string, unknown[]>) => ({ ...snapshot, import_job: [], job_lease: [], audit_entry: [] });

let t: TestApp;
let cookie: string;

async function upload(body: string, query = "", headers: Record<string, string> = {}) {
  return fetch(`${t.baseUrl}/api/admin/import${query}`, { method: "POST", body, headers: { cookie, "content-type": "application/xml", ...headers } });
}

async function finished(id: string) {
  for (let i = 0; i < 300; i++) {
    const res = await t.api("GET", `/api/admin/import/${id}`, { cookie });
    if (["done", "failed", "cancelled"].includes(res.body.status)) return res.body;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error("the import did not finish");
}

beforeAll(async () => {
  t = await createTestApp();
  cookie = await t.login();
}, 60_000);
afterAll(() => t.close());

test("the sample has what the tests below rely on", () => {
  expect(posts.length).toBeGreaterThan(50);
  expect(readable.length).toBeGreaterThan(40);
  expect(posts.some((p) => text(p["wp:post_password"]))).toBe(true);
  expect(posts.some((p) => text(p["wp:is_sticky"]) === "1")).toBe(true);
});

test("a dry run through the API reports the whole import and writes nothing", async () => {
  const before = await snapshotTables(t.ds);
  const res = await upload(xml, "?dryRun=true");
  expect(res.status).toBe(202);
  const job = await finished((await res.json()).id);
  expect(job).toMatchObject({ status: "done", dryRun: true });
  expect(job.counts.posts).toMatchObject({ inFile: posts.length, created: posts.length, updated: 0 });
  const after = await snapshotTables(t.ds);
  // Only the job's own row (its report) and the runner's lease exist: no article, comment, page, redirect or map entry.
  expect(after.import_job).toHaveLength(1);
  expect(withoutJobs(after)).toEqual(withoutJobs(before));
}, 60_000);

test("the import brings over every kind, counted from the file itself", async () => {
  const res = await upload(xml, "?map=" + encodeURIComponent("block=air,*=security"));
  expect(res.status).toBe(202);
  expect(res.headers.get("location")).toMatch(/^\/api\/admin\/import\/[0-9a-f-]{36}$/);
  const job = await finished((await res.json()).id);
  expect(job.status).toBe("done");
  const ourPages = pages.filter((p) => (STATIC_PAGE_IDS as readonly string[]).includes(slugify(decode(text(p["wp:post_name"])))));
  const postComments = posts.flatMap(readerComments);
  expect(job.counts).toMatchObject({
    posts: { inFile: posts.length, created: posts.length, updated: 0, unchanged: 0, skipped: 0 },
    pages: { inFile: pages.length, created: ourPages.length, skipped: pages.length - ourPages.length },
    comments: { inFile: items.reduce((n, i) => n + list(i["wp:comment"]).length, 0), created: postComments.length },
    attachments: ofType("attachment").length,
    categories: list(channel["wp:category"]).length,
    tags: list(channel["wp:tag"]).length,
    authors: list(channel["wp:author"]).length,
  });
  expect(job.counts.comments.created + job.counts.comments.skipped).toBe(job.counts.comments.inFile);
  // Every skipped page is named in the problems, and so is the password-protected post.
  for (const p of pages.filter((q) => !ourPages.includes(q))) expect(job.problems.some((x: { item: string }) => x.item.startsWith(`page ${text(p["wp:post_id"])} `))).toBe(true);
  expect(job.problems.some((x: { message: string }) => /password-protected/.test(x.message))).toBe(true);
  expect(job.keptHtml.find((k: { slug: string }) => k.slug === "markup-html-tags-and-formatting").elements).toEqual(expect.arrayContaining(["dl", "sub", "sup", "kbd"]));
}, 120_000);

test("every readable post is published at /api/articles/slug/{slug} with its title, byline, category and comments", async () => {
  const authors = new Map(list(channel["wp:author"]).map((a: Item) => [text(a["wp:author_login"]), text(a["wp:author_display_name"])]));
  for (const p of readable) {
    const res = await t.api("GET", `/api/articles/slug/${slugOf(p)}`);
    expect([slugOf(p), res.status]).toEqual([slugOf(p), 200]);
    // A login the file's author list lacks (the sample has two typos) stays the byline as written.
    expect(res.body.author).toBe(authors.get(text(p["dc:creator"])) ?? text(p["dc:creator"]));
    const approved = readerComments(p).filter((c: Item) => text(c["wp:comment_approved"]) === "1");
    const comments = await t.api("GET", `/api/articles/${res.body.id}/comments`);
    expect([slugOf(p), comments.body.length]).toEqual([slugOf(p), approved.length]);
    // Comment e-mail addresses never leave the server.
    expect(comments.text).not.toMatch(/@example\.(org|com)/);
  }
  const blocks = await t.api("GET", "/api/articles/slug/block-category-common");
  expect(blocks.body.category).toBe("air");
  expect((await t.api("GET", "/api/articles/slug/template-password-protected")).status).toBe(404);
  const tags = await t.api("GET", "/api/articles/slug/edge-case-many-tags");
  expect(tags.body.content).toMatch(/\*Tags: .*8BIT.*\*$/s);
  // A tag is found by search.
  expect((await t.api("GET", "/api/articles?q=8BIT")).body.map((a: { slug: string }) => a.slug)).toContain("edge-case-many-tags");
}, 60_000);

test("every old permalink of a readable post answers 301 to its article; feeds and categories go to ours", async () => {
  const go = async (address: string) => {
    const res = await fetch(t.baseUrl + address, { redirect: "manual" });
    return { status: res.status, location: res.headers.get("location") };
  };
  let checked = 0;
  for (const p of readable) {
    const target = `/article/${slugOf(p)}`;
    const name = text(p["wp:post_name"]);
    const [y, m, d] = text(p["wp:post_date"]).slice(0, 10).split("-");
    const categories = list(p.category).filter((c: Item) => c["@domain"] === "category").map((c: Item) => c["@nicename"]);
    const old = [`/?p=${text(p["wp:post_id"])}`, `/${y}/${m}/${d}/${name}/`, `/${y}/${m}/${name}/`, `/${name}/`, ...categories.map((c: string) => `/category/${c}/${name}/`), new URL(text(p.link)).pathname];
    for (const address of old) {
      expect([address, await go(address)]).toEqual([address, { status: 301, location: target }]);
      checked++;
    }
  }
  expect(checked).toBeGreaterThan(250);
  expect(await go("/feed/")).toEqual({ status: 301, location: "/rss.xml" });
  expect(await go("/category/block/feed/")).toEqual({ status: 301, location: "/category/air/rss.xml" });
  expect(await go("/category/uncategorized/")).toEqual({ status: 301, location: "/category/security" });
  expect(await go("/tag/8bit/")).toEqual({ status: 301, location: "/search?q=8BIT" });
  // Percent-encoded (and upper-case) forms of an address are the same address.
  expect(await go("/2013/01/05/TITLE-WITH-SPECIAL-CHARACTERS/")).toEqual({ status: 301, location: "/article/title-with-special-characters" });
  expect(await go("/%32013/01/05/title-with-special-characters/")).toEqual({ status: 301, location: "/article/title-with-special-characters" });
}, 60_000);

test("a re-import of the same file changes nothing and says so", async () => {
  const before = await snapshotTables(t.ds);
  const res = await upload(xml, "?map=" + encodeURIComponent("block=air,*=security"));
  const job = await finished((await res.json()).id);
  expect(job.counts.posts).toMatchObject({ created: 0, updated: 0, unchanged: posts.length });
  expect(job.counts.comments).toMatchObject({ created: 0, updated: 0 });
  expect(job.counts.redirects).toMatchObject({ created: 0, updated: 0 });
  expect(withoutJobs(await snapshotTables(t.ds))).toEqual(withoutJobs(before));
}, 120_000);

test("a changed post is updated in place (keyed by its GUID), never duplicated", async () => {
  const changed = xml.replace("This is a sticky post.", "This sticky post was edited.");
  const job = await finished((await (await upload(changed, "?map=" + encodeURIComponent("block=air,*=security"))).json()).id);
  expect(job.counts.posts).toMatchObject({ created: 0, updated: 1, unchanged: posts.length - 1 });
  const article = await t.api("GET", "/api/articles/slug/template-sticky");
  expect(article.body.content).toContain("This sticky post was edited.");
  expect((await t.api("GET", "/api/articles?q=sticky&limit=100")).body.filter((a: { slug: string }) => a.slug.startsWith("template-sticky"))).toHaveLength(1);
}, 120_000);

test("the command line's dry run (the importer without a job) writes nothing at all", async () => {
  const before = await snapshotTables(t.ds);
  const report = await t.services.wordpress.run({ read: () => fs.createReadStream(SAMPLE) }, importOptionsSchema.parse({ dryRun: true, stickyAsBreaking: true }));
  expect(report.counts.posts.updated).toBeGreaterThan(0);
  expect(await snapshotTables(t.ds)).toEqual(before);
}, 60_000);
