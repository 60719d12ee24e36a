// The staff pages in a real browser against the production build: an invitation accepted through its no-JavaScript
// form, a password reset asked for and set through its no-JavaScript forms, the author page (server-rendered, Person
// JSON-LD, paged) and its RSS feed, the byline's link. The pages carry other forms too (the header's search, the
// footer's newsletter): each click names its own form. The forms work too when the site is served over plain http
// under a host name that is not localhost, where the browser sends no Sec-Fetch-Site.
import { jest } from "@jest/globals";
import type { Browser, Page } from "playwright-core";
import { baseUrl, connectBrowser, newPage } from "../browser.js";
import { unique } from "../readerSupport.js";
import { api, linkToken, ownerCookie, startHostProxy } from "../staffSupport.js";

jest.setTimeout(90_000);
let browser: Browser;
beforeAll(async () => {
  browser = await connectBrowser();
});
afterAll(() => browser.close());

/** Submits the page's form that posts to `action` (not the header's search or the footer's newsletter form). */
const submit = (page: Page, action: string, url: RegExp) => Promise.all([page.waitForURL(url), page.click(`form[action="${action}"] button[type=submit]`)]);

test("an invited author accepts without JavaScript, publishes, and has an author page with Person JSON-LD, a feed and a linked byline", async () => {
  const email = `${unique("author")}@example.com`;
  const owner = await ownerCookie();
  expect((await api("POST", "/api/admin/staff/invitations", owner, { email, role: "author" })).status).toBe(201);
  const token = await linkToken(email, "/staff/accept");

  const { context, page } = await newPage(browser, { javaScriptEnabled: false });
  const name = `Avery ${unique("Quinn").slice(-6)}`;
  const accept = await page.goto(`/staff/accept?token=${token}`);
  expect(accept!.headers()["referrer-policy"]).toBe("same-origin");
  await page.fill("input[name=name]", name);
  await page.fill("input[name=password]", "an author's long password");
  await submit(page, "/staff/accept", /\/admin$/);
  const session = (await context.cookies()).find((c) => c.name === "ds_session")!;
  const cookie = `ds_session=${session.value}`;
  const me = await api("GET", "/api/admin/me", cookie);
  expect(me.body).toMatchObject({ email, name, role: "author" });
  await context.close();

  await api("PATCH", "/api/admin/me", cookie, { bio: "Covers naval shipbuilding." });
  const article = (await api("POST", "/api/articles", cookie, { title: `Dry docks ${unique("x")}`, content: "The yards are full.", category: "sea" })).body;
  expect(article).toMatchObject({ status: "published", author: name });
  expect((await api("GET", `/api/articles/${article.id}/author`, cookie)).body).toEqual({ name, slug: me.body.slug });

  const authorPage = await fetch(`${baseUrl()}/author/${me.body.slug}`);
  const html = await authorPage.text();
  expect(authorPage.status).toBe(200);
  expect(html).toContain(name);
  expect(html).toContain("Covers naval shipbuilding.");
  expect(html).toContain(article.title);
  const ld = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)![1]);
  expect(ld).toMatchObject({ "@type": "ProfilePage", mainEntity: { "@type": "Person", name, url: `${baseUrl()}/author/${me.body.slug}` } });

  const articleHtml = await (await fetch(`${baseUrl()}/article/${article.slug}`)).text();
  expect(articleHtml).toContain(`href="/author/${me.body.slug}"`);
  expect(articleHtml).toContain(`"url":"${baseUrl()}/author/${me.body.slug}"`);

  const feed = await fetch(`${baseUrl()}/author/${me.body.slug}/rss.xml`);
  expect(feed.headers.get("content-type")).toMatch(/rss\+xml/);
  expect(await feed.text()).toContain(article.title);
  expect((await fetch(`${baseUrl()}/author/nobody-${unique("x")}`)).status).toBe(404);
  expect((await fetch(`${baseUrl()}/author/nobody-${unique("x")}/rss.xml`)).status).toBe(404);
});

test("the reset pages work without JavaScript: the same answer for anyone, and the mailed link sets a new password", async () => {
  const email = `${unique("reset")}@example.com`;
  const owner = await ownerCookie();
  expect((await api("POST", "/api/admin/staff/invitations", owner, { email, role: "contributor" })).status).toBe(201);
  expect((await api("POST", "/api/staff/accept", "", { token: await linkToken(email, "/staff/accept"), name: "Rae Set", password: "the first long password" })).status).toBe(200);

  const { context, page } = await newPage(browser, { javaScriptEnabled: false });
  for (const address of ["nobody@example.com", email]) {
    await page.goto("/staff/reset");
    await page.fill("input[name=email]", address);
    await submit(page, "/staff/reset-request", /sent=1/);
    expect(await page.textContent("main")).toContain("If that address belongs to a staff member");
  }

  const link = `/staff/reset?token=${await linkToken(email, "/staff/reset")}`;
  const reset = await page.goto(link);
  expect(reset!.headers()["referrer-policy"]).toBe("same-origin");
  await page.fill("input[name=password]", "the second long password");
  await submit(page, "/staff/reset", /done=1/);
  expect(await page.textContent("main")).toContain("Your password is changed");
  // the link works once: the form comes back with the server's message
  await page.goto(link);
  await page.fill("input[name=password]", "a third long password");
  await submit(page, "/staff/reset", /error=/);
  expect(await page.textContent("[role=alert]")).toContain("This reset link is not valid");
  await context.close();

  const signIn = async (password: string) => (await fetch(`${baseUrl()}/api/admin/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email, password }) })).json();
  expect(await signIn("the first long password")).toEqual({ success: false });
  expect(await signIn("the second long password")).toEqual({ success: true });
});

test("over plain http from a host that is not localhost (no Sec-Fetch-Site), the no-JavaScript invitation form still signs in: the page's Referrer-Policy keeps its Origin", async () => {
  const email = `${unique("lan")}@example.com`;
  expect((await api("POST", "/api/admin/staff/invitations", await ownerCookie(), { email, role: "contributor" })).status).toBe(201);
  const token = await linkToken(email, "/staff/accept");
  const proxy = await startHostProxy();
  const context = await browser.newContext({ javaScriptEnabled: false, proxy: { server: proxy.server } });
  try {
    const page = await context.newPage();
    const posts: Promise<Record<string, string>>[] = [];
    page.on("request", (r) => void (r.method() === "POST" && posts.push(r.allHeaders())));
    const accept = await page.goto(`http://newsroom.lan/staff/accept?token=${token}`);
    expect(accept!.headers()["referrer-policy"]).toBe("same-origin");
    await page.fill("input[name=name]", "Lan Contributor");
    await page.fill("input[name=password]", "a contributor's long password");
    await submit(page, "/staff/accept", /newsroom\.lan\/admin$/);
    // what the browser sent: its Origin, and no Sec-Fetch-Site (which decides on https and localhost)
    const sent = await Promise.all(posts);
    expect(sent).toEqual([expect.objectContaining({ origin: "http://newsroom.lan" })]);
    expect(sent[0]["sec-fetch-site"]).toBeUndefined();
    const session = (await context.cookies("http://newsroom.lan")).find((c) => c.name === "ds_session");
    expect((await api("GET", "/api/admin/me", `ds_session=${session!.value}`)).body).toMatchObject({ email, name: "Lan Contributor", role: "contributor" });
  } finally {
    await context.close();
    await proxy.close();
  }
});
