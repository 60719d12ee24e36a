// The reader's first load: what JavaScript a phone downloads before the page is rendered and hydrated (the
// libraries, the site's frame, the page's own chunk), and that hydration happens without a warning. The app's code
// starts loading after the first paint; islands (comments, share menu, footer, ticker…) load later still, when the
// browser is first idle or they come near the viewport.
import { gzipSync } from "node:zlib";
import { jest } from "@jest/globals";
import type { Browser, Page } from "playwright-core";
import { connectBrowser, newPage, VIEWPORTS } from "../browser.js";
import { captureEvents, createArticle } from "../readerSupport.js";

jest.setTimeout(60_000);
let browser: Browser;
beforeAll(async () => {
  browser = await connectBrowser();
});
afterAll(() => browser.close());

// Gzip (level 9) of the scripts themselves, as the build reports them; Lighthouse counts the response headers too.
const FIRST_LOAD_BUDGET = 100 * 1024;

/** Every script the page requests. */
function watchScripts(page: Page) {
  const scripts: Array<{ url: string }> = [];
  page.on("request", (r) => r.resourceType() === "script" && scripts.push({ url: r.url() }));
  return scripts;
}

/** The scripts the page started fetching before the browser was first idle (what islands, ads and beacons wait for). */
async function watchFirstIdle(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { requestIdleCallback: typeof requestIdleCallback; firstIdleAt?: number };
    const original = w.requestIdleCallback.bind(window);
    w.requestIdleCallback = (callback, options) =>
      original((deadline) => {
        w.firstIdleAt ??= performance.now();
        callback(deadline);
      }, options);
  });
  return () =>
    page.evaluate(() => {
      const at = (window as unknown as { firstIdleAt?: number }).firstIdleAt ?? Infinity;
      return performance.getEntriesByType("resource").filter((e) => /\/assets\/.*\.js$/.test(e.name) && e.startTime < at).map((e) => e.name);
    });
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

test("an article page loads at most 100 KB of gzipped JavaScript until it is idle (idle-time islands included), hydrates first, and without a warning", async () => {
  const a = await createArticle({ content: "## Background\n\nThe contract covers six frigates.\n\n## Outlook\n\nDeliveries start in 2029." });
  const { page, context } = await newPage(browser, { viewport: VIEWPORTS.phone });
  await captureEvents(context);
  const scriptsBeforeIdle = await watchFirstIdle(page);
  const scripts = watchScripts(page);
  const messages = watchHydration(page);
  await page.goto(`/article/${a.slug}`, { waitUntil: "networkidle" });
  // Everything the page loaded without an interaction (what Lighthouse counts): the reader's first click releases the rest.
  const loaded = [...new Set(scripts.map((s) => s.url))];
  // Hydrated: the header's menu button works.
  await page.getByRole("button", { name: "Open menu" }).click();
  await page.getByRole("button", { name: "Close menu" }).waitFor();

  let bytes = 0;
  for (const url of loaded) bytes += await gzipped(url);
  expect(bytes).toBeLessThanOrEqual(FIRST_LOAD_BUDGET);
  // Rendering and hydrating need the libraries, the frame and the page's chunk; the islands come after.
  const first = await scriptsBeforeIdle();
  expect(first.some((url) => /\/assets\/framework-/.test(url))).toBe(true);
  expect(first.some((url) => /\/assets\/ArticlePage-/.test(url))).toBe(true);
  expect(loaded.some((url) => /\/assets\/articleParts-/.test(url))).toBe(true);
  for (const part of ["Comments", "articleParts", "siteParts", "AdminApp"]) expect(first.filter((url) => url.includes(`/assets/${part}-`))).toEqual([]);
  expect(messages).toEqual([]);
  await context.close();
});

test("the home page loads without a Content-Security-Policy violation (no library evaluates code from strings)", async () => {
  const { page, context } = await newPage(browser, { viewport: VIEWPORTS.phone });
  await captureEvents(context);
  await page.addInitScript(() => {
    const w = window as unknown as { violations: string[] };
    w.violations = [];
    document.addEventListener("securitypolicyviolation", (e) => w.violations.push(`${e.violatedDirective} ${e.sourceFile}`));
  });
  const scripts = watchScripts(page);
  await page.goto("/", { waitUntil: "networkidle" });
  expect(scripts.some((s) => /\/assets\/HomePage-/.test(s.url))).toBe(true);
  expect(await page.evaluate(() => (window as unknown as { violations: string[] }).violations)).toEqual([]);
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
