// Finding 2: one request cannot hold the server: tRPC batches are capped, and static pages are read
// from HTML stored at save time (no markdown rendering per read).
import { SitePage } from "../../../src/entities/SitePage.js";
import { useTestApp } from "../../helpers/testApp.js";
import { createTRPCClient } from "@trpc/client";
import type { AppRouter } from "../../../src/trpc/router.js";
import { batchLink } from "../../../web/trpc.js";

const t = useTestApp({}, { signIn: true });

test("a GET batch of 300 pages.list is refused with 400 and a message before any procedure runs", async () => {
  const paths = Array.from({ length: 300 }, () => "pages.list").join(",");
  const res = await t.api("GET", `/api/trpc/${paths}?batch=1`);
  expect(res.status).toBe(400);
  expect(res.body.error.message).toMatch(/at most 10/);
  // the URL-encoded comma counts too
  const encoded = await t.api("GET", `/api/trpc/${Array.from({ length: 11 }, () => "pages.list").join("%2C")}?batch=1`);
  expect(encoded.status).toBe(400);
});

test("a batch of 10 still works", async () => {
  const res = await t.api("GET", `/api/trpc/${Array.from({ length: 10 }, () => "pages.list").join(",")}?batch=1`);
  expect(res.status).toBe(200);
  expect(res.body).toHaveLength(10);
});

test("the app's tRPC link (reader pages and admin screens) splits 20 calls at once into batches the server takes", async () => {
  // the admin screens' bulk delete of a page of articles: 20 deletes at once were one batch, refused whole
  const client = createTRPCClient<AppRouter>({ links: [batchLink(t.baseUrl)] });
  const lists = await Promise.all(Array.from({ length: 20 }, () => client.pages.list.query()));
  expect(lists).toHaveLength(20);
});

test("a saved page stores its rendered HTML, and reads serve the stored HTML", async () => {
  const saved = await t.api("PUT", "/api/pages/about", { cookie: t.cookie, body: { title: "About us", content: "Hello **world**" } });
  expect(saved.status).toBe(200);
  const row = await t.ds.getRepository(SitePage).findOneByOrFail({ id: "about" });
  expect(row.contentHtml).toContain("<strong>world</strong>");
  // reads take the stored HTML as it is: proof that nothing re-renders the markdown
  await t.ds.getRepository(SitePage).update({ id: "about" }, { contentHtml: "<p>stored</p>" });
  expect((await t.api("GET", "/api/pages/about")).body.contentHtml).toBe("<p>stored</p>");
});

test("the migration fills the HTML of pages saved before it", async () => {
  // Undo the migrations down to and including the one that added the column.
  for (;;) {
    const [last] = await t.ds.query("SELECT name FROM migrations ORDER BY id DESC LIMIT 1");
    await t.ds.undoLastMigration({ transaction: "each" });
    if (String(last.name).startsWith("SitePageHtml")) break;
  }
  await t.ds.query("DELETE FROM site_page");
  await t.ds.query("INSERT INTO site_page (id, title, content) VALUES (?, ?, ?)", ["careers", "Careers", "Join *us*"]);
  await t.ds.runMigrations({ transaction: "each" });
  const row = await t.ds.getRepository(SitePage).findOneByOrFail({ id: "careers" });
  expect(row.contentHtml).toContain("<em>us</em>");
});

test("the guard reads procedure names as tRPC does: a percent-encoded admin.login is still refused in a batch, before any guess is checked", async () => {
  const guesses = { 0: { password: "guess-one" }, 1: { password: "guess-two" } };
  for (const names of ["admin%2Elogin,admin%2Elogin", "admin%2elogin,pages.list", "%61dmin.login%2Cadmin.login", "pages.list,%61%64%6d%69%6e%2e%6c%6f%67%69%6e"]) {
    const res = await t.api("POST", `/api/trpc/${names}?batch=1`, { body: guesses });
    expect([names, res.status, res.body.error?.message]).toEqual([names, 400, "admin.login cannot be batched: send it as a request of its own"]);
  }
  // eleven encoded names are a batch of eleven
  const eleven = await t.api("GET", `/api/trpc/${Array.from({ length: 11 }, () => "pages%2Elist").join("%2C")}?batch=1`);
  expect(eleven.status).toBe(400);
  expect(eleven.body.error.message).toMatch(/at most 10/);
  // a name that is not valid percent-encoding is a 400 with a message, not a 500
  const malformed = await t.api("GET", "/api/trpc/pages.list%E0%A4?batch=1");
  expect(malformed.status).toBe(400);
  expect(malformed.body.error.message).toMatch(/percent-encoding/);
  // a single encoded login still reaches the procedure (and is a wrong password there)
  const single = await t.api("POST", "/api/trpc/admin%2Elogin", { body: { password: "guess-three" } });
  expect(single.status).toBe(200);
  expect(single.body.result.data).toMatchObject({ success: false });
});
