// The reader's first load: what JavaScript a phone downloads before the page is rendered and hydrated (the
// libraries, the site's frame, the page's own chunk), and that hydration happens without a warning. Islands
// (comments, share menu, footer, ticker…) load later, when the browser is idle or they come near the viewport.
import { gzipSync } from "node:zlib";
import { jest } from "@jest/globals";
import type { Browser, Page } from "playwright-core";
import { connectBrowser, newPage, VIEWPORTS } from "./browser.js";
import { captureEvents, createArticle } from "./readerSupport.js";

jest.setTimeout(60_000);
let browser: Browser;
beforeAll(async () => {
  browser = await connectBrowser();
});
afterAll(() => browser.close());

// Gzip (level 9) of the scripts themselves, as the build reports them; Lighthouse counts the response headers too.
const FIRST_LOAD_BUDGET = 100 * 1024;

/** Every script the page requests, with whether it was requested before the load event. */
function watchScripts(page: Page) {
  const scripts: Array<{ url: string; beforeLoad: boolean }> = [];
  let loaded = false;
  page.on("load", () => (loaded = true));
  page.on("request", (r) => r.resourceType() === "script" && scripts.push({ url: r.url(), beforeLoad: !loaded }));
  return scripts;
}

const gzipped = async (url: string) => gzipSync(Buffer.from(await (await fetch(url)).arrayBuffer()), { level: 9 }).length;

/** Console messages that tell of a hydration problem (React reports mismatches as errors; warnings are counted too). */
function watchHydration(page: Page) {
  const messages: string[] = [];
  page.on("console", (m) => {
    // Chromium's own notes about the response headers (a Permissions-Policy feature it does not know) are not the page's.
    if ((m.type() === "error" || m.type() === "warning") && !/^(Failed to load resource|Error with Permissions-Policy header)/.test(m.text())) messages.push(m.text());
  });
  page.on("pageerror", (e) => messages.push(String(e)));
  return messages;
}

test("an article page needs at most 100 KB of gzipped JavaScript to render and hydrate, and hydrates without a warning", async () => {
  const a = await createArticle({ content: "## Background\n\nThe contract covers six frigates.\n\n## Outlook\n\nDeliveries start in 2029." });
  const { page, context } = await newPage(browser, { viewport: VIEWPORTS.phone });
  await captureEvents(context);
  const scripts = watchScripts(page);
  const messages = watchHydration(page);
  await page.goto(`/article/${a.slug}`, { waitUntil: "networkidle" });
  // Hydrated: the header's menu button works.
  await page.getByRole("button", { name: "Open menu" }).click();
  await page.getByRole("button", { name: "Close menu" }).waitFor();

  const first = scripts.filter((s) => s.beforeLoad);
  expect(first.length).toBeGreaterThan(0);
  expect(first.some((s) => /\/assets\/ArticlePage-/.test(s.url))).toBe(true);
  let firstBytes = 0;
  for (const s of first) firstBytes += await gzipped(s.url);
  expect(firstBytes).toBeLessThanOrEqual(FIRST_LOAD_BUDGET);
  // None of the later parts is in what loads first.
  for (const part of ["Comments", "PremiumDialog", "ShareButtons", "AdminApp"]) expect(first.filter((s) => s.url.includes(`/assets/${part}-`))).toEqual([]);
  expect(messages).toEqual([]);
  await context.close();
});

test("islands keep the server's HTML until they hydrate, then work: comments near the viewport, the share menu at idle", async () => {
  const a = await createArticle({ content: "Body.\n\n".repeat(40) });
  const { page, context } = await newPage(browser, { viewport: VIEWPORTS.phone });
  await captureEvents(context);
  const scripts = watchScripts(page);
  const messages = watchHydration(page);
  await page.goto(`/article/${a.slug}`, { waitUntil: "load" });
  // The comment form is in the first HTML, before its code arrives.
  expect(await page.locator(".comment-form").count()).toBe(1);
  await page.waitForLoadState("networkidle");
  expect(scripts.some((s) => s.url.includes("/assets/Comments-"))).toBe(false);
  await page.locator(".comment-form").scrollIntoViewIfNeeded();
  await page.waitForResponse((r) => r.url().includes("/assets/Comments-"));
  await page.locator('.article-tools button[aria-haspopup="menu"]').click();
  await page.getByRole("menu", { name: "Share options" }).waitFor();
  expect(messages).toEqual([]);
  await context.close();
});
