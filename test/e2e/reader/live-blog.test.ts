// Issue 26 in a real browser: a live blog's open page receives new, edited and deleted updates within 2 s without a
// reload; a reader scrolled down gets "N new updates" instead of a jump; the page is server-rendered (first 20 updates,
// "Load earlier updates" as a plain link, key events as links) with LiveBlogPosting JSON-LD; the editor publishes.
import type { Browser, Page } from "playwright-core";
import { adminApi, baseUrl, connectBrowser, loginAsAdmin, newPage, uniqueTitle } from "../browser.js";

let browser: Browser;
let api: Awaited<ReturnType<typeof adminApi>>["api"];
beforeAll(async () => {
  browser = await connectBrowser();
  ({ api } = await adminApi());
});
afterAll(() => browser.close());

const unique = uniqueTitle;

async function liveBlog(title: string) {
  const article = (await api("POST", "/articles", { title, content: "Forces are moving.\n\nMore follows.", category: "sea" })).body;
  expect((await api("PUT", `/articles/${article.id}`, { liveStatus: "live" })).status).toBe(200);
  return article as { id: number; slug: string };
}

/** Opens the page and waits until its live island has opened the stream. */
async function openLivePage(page: Page, slug: string) {
  const streamOpened = page.waitForRequest((req) => /\/api\/articles\/\d+\/live\?lastEventId=/.test(req.url()), { timeout: 20_000 });
  await page.goto(`/article/${slug}`);
  // The island (and its stream) waits for idle time; a first interaction releases it at once.
  await page.mouse.move(5, 5);
  await streamOpened;
}

/** Milliseconds until `check` holds (polled every 25 ms), failing past `limit`. */
async function within(limit: number, check: () => Promise<boolean>) {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > limit) throw new Error(`not within ${limit} ms`);
    await new Promise((r) => setTimeout(r, 25));
  }
  return Date.now() - started;
}

test("posting, editing and deleting reach an open page within 2 s, without a reload", async () => {
  const article = await liveBlog(unique("Live strait transit"));
  await api("POST", `/articles/${article.id}/live-posts`, { body: "First update before the page opened.", isKeyEvent: true, title: "Group enters the strait" });
  const { page, consoleErrors } = await newPage(browser);
  await openLivePage(page, article.slug);
  await expect(page.locator(".article-header .badge-live").count()).resolves.toBe(1);
  let navigations = 0;
  page.on("framenavigated", () => navigations++);

  const posted = (await api("POST", `/articles/${article.id}/live-posts`, { body: "Second update: **destroyers** follow." })).body;
  const post = page.locator(`#post-${posted.id}`);
  const postMs = await within(2000, () => post.isVisible());
  await expect(post.locator("strong").innerText()).resolves.toBe("destroyers");

  await api("PUT", `/articles/${article.id}/live-posts/${posted.id}`, { body: "Second update, corrected: frigates follow.", isKeyEvent: true, title: "Frigates follow" });
  const editMs = await within(2000, async () => (await post.innerText()).includes("corrected"));
  await within(2000, async () => (await page.locator(".live-key-events li").count()) === 2);

  await api("DELETE", `/articles/${article.id}/live-posts/${posted.id}`);
  const deleteMs = await within(2000, async () => (await post.count()) === 0);
  expect(navigations).toBe(0);
  expect(consoleErrors).toEqual([]);
  expect(Math.max(postMs, editMs, deleteMs)).toBeLessThan(2000);

  await api("PUT", `/articles/${article.id}`, { liveStatus: "ended" });
  await within(2000, async () => (await page.locator("#live-updates-title").innerText()) === "Updates");
  await page.context().close();
});

test("a reader scrolled down sees 'N new updates' instead of a jump", async () => {
  const article = await liveBlog(unique("Live summit"));
  const long = Array.from({ length: 6 }, (_, i) => `Paragraph ${i} of a long update. `.repeat(12)).join("\n\n");
  for (let i = 0; i < 4; i++) await api("POST", `/articles/${article.id}/live-posts`, { body: long });
  const { page } = await newPage(browser, { viewport: { width: 390, height: 700 } });
  await openLivePage(page, article.slug);
  const reading = page.locator(".live-posts > li").last();
  await reading.scrollIntoViewIfNeeded();
  const topOf = () => reading.evaluate((el) => el.getBoundingClientRect().top);
  const readingTop = await topOf();
  const posted = (await api("POST", `/articles/${article.id}/live-posts`, { body: "Leaders arrive." })).body;
  const button = page.getByRole("button", { name: "1 new update" });
  await within(2000, () => button.isVisible());
  await expect(page.locator(`#post-${posted.id}`).count()).resolves.toBe(0);
  // What the reader is reading stays where it was.
  expect(Math.abs((await topOf()) - readingTop)).toBeLessThan(2);
  await button.click();
  await page.locator(`#post-${posted.id}`).waitFor();
  await page.context().close();
});

test("server-rendered without code: 20 updates, Load earlier updates as a link, key events, LIVE badges and LiveBlogPosting JSON-LD", async () => {
  const title = unique("Live exercise");
  const article = await liveBlog(title);
  const ids: number[] = [];
  for (let i = 1; i <= 23; i++) ids.push((await api("POST", `/articles/${article.id}/live-posts`, { body: `Update number ${i}.`, isKeyEvent: i === 2, title: i === 2 ? "Second key moment" : undefined })).body.id);
  const { page, context } = await newPage(browser, { javaScriptEnabled: false });
  await page.goto(`/article/${article.slug}`);
  await expect(page.locator(".live-posts > li").count()).resolves.toBe(20);
  await expect(page.locator(".live-posts > li").first().innerText()).resolves.toContain("Update number 23.");
  await page.getByRole("link", { name: "Load earlier updates" }).click();
  await page.waitForURL(/before=/);
  await expect(page.locator(".live-posts > li").allInnerTexts()).resolves.toEqual([expect.stringContaining("Update number 3."), expect.stringContaining("Update number 2."), expect.stringContaining("Update number 1.")]);
  await page.getByRole("link", { name: "Second key moment" }).click();
  await page.locator(`#post-${ids[1]}`).waitFor();

  const html = await (await fetch(`${baseUrl()}/article/${article.slug}`)).text();
  const ld = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)![1]);
  expect(ld).toMatchObject({ "@context": "https://schema.org", "@type": "LiveBlogPosting", headline: title, coverageStartTime: expect.any(String) });
  expect(ld.coverageEndTime).toBeUndefined();
  expect(ld.liveBlogUpdate).toHaveLength(20);
  expect(ld.liveBlogUpdate[0]).toMatchObject({ "@type": "BlogPosting", headline: title, articleBody: "Update number 23.", url: expect.stringContaining(`#post-${ids[22]}`), datePublished: expect.any(String) });
  await page.goto("/");
  const card = page.locator(".card", { hasText: title });
  await expect(card.locator(".badge-live").count()).resolves.toBe(1);
  await context.close();
});

test("the editor starts a live blog, publishes an update and ends it", async () => {
  const title = unique("Editor live");
  const article = (await api("POST", "/articles", { title, content: "Body." })).body;
  const { page, context } = await newPage(browser);
  await loginAsAdmin(context);
  await page.goto(`/editor/${article.id}`);
  await page.getByRole("button", { name: "Start live blog" }).click();
  await page.locator('textarea[name="liveBody"]').fill("Published from the *editor*.");
  await page.getByRole("button", { name: "Publish update" }).click();
  await page.locator(".admin-live-posts li", { hasText: "Published from the editor." }).waitFor();
  const posts = (await api("GET", `/articles/${article.id}/live-posts`)).body;
  expect(posts[0].bodyHtml).toContain("<em>editor</em>");
  await page.getByRole("button", { name: "End live blog" }).click();
  await page.getByRole("button", { name: "Reopen live blog" }).waitFor();
  expect((await api("GET", `/articles/${article.id}`)).body.liveStatus).toBe("ended");
  await context.close();
});
