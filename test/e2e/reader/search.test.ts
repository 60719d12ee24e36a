// The search readers expect, in Chromium: suggestions in the header as the reader types (keyboard only: arrows,
// Enter, Escape; ARIA combobox), the header search and the search page's options without JavaScript, highlighted
// snippets, pages and "Did you mean …", and a search page that hydrates without a warning (its frame is rendered
// once and its main column per request: the HTML must be what a whole render gives).
import { jest } from "@jest/globals";
import type { Browser, Page } from "playwright-core";
import { connectBrowser, newPage } from "../browser.js";
import { captureEvents, createArticle, openPage, unique } from "../readerSupport.js";

jest.setTimeout(90_000);
let browser: Browser;
beforeAll(async () => {
  browser = await connectBrowser();
});
afterAll(() => browser.close());

/** Letters only, so the search index sees one word. */
const word = (prefix: string) => unique(prefix).replace(/[^a-z]/g, "");

function watchConsole(page: Page) {
  const messages: string[] = [];
  page.on("console", (m) => {
    if ((m.type() === "error" || m.type() === "warning") && !/^(Failed to load resource|Error with Permissions-Policy header)/.test(m.text())) messages.push(m.text());
  });
  page.on("pageerror", (e) => messages.push(String(e)));
  return messages;
}

test("header suggestions with the keyboard: after 2 characters, at most 8 titles, arrows, Escape and Enter open the article", async () => {
  const w = word("convoyzz");
  const created = [];
  for (let i = 0; i < 10; i++) created.push(await createArticle({ title: `${w} escort ${i}`, publishedAt: new Date(Date.now() - (i + 1) * 60_000).toISOString() }));
  const { page, context } = await openPage(browser, "/");
  const input = page.locator("#header-search");
  await expect(input.getAttribute("role")).resolves.toBe("combobox");
  await expect(input.getAttribute("aria-expanded")).resolves.toBe("false");
  await input.focus();
  await page.keyboard.type(w.slice(0, 1));
  // One character: nothing asked, nothing shown.
  await page.waitForTimeout(400);
  await expect(page.locator("#header-search-suggestions li").count()).resolves.toBe(0);
  await page.keyboard.type(w.slice(1));
  const options = page.locator("#header-search-suggestions [role=option]");
  await options.first().waitFor();
  await expect(input.getAttribute("aria-expanded")).resolves.toBe("true");
  await expect(options.allInnerTexts()).resolves.toEqual(Array.from({ length: 8 }, (_, i) => `${w} escort ${i}`));
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("ArrowDown");
  await expect(input.getAttribute("aria-activedescendant")).resolves.toBe("header-search-suggestions-1");
  await expect(options.nth(1).getAttribute("aria-selected")).resolves.toBe("true");
  await page.keyboard.press("ArrowUp");
  await page.keyboard.press("ArrowUp");
  // Wraps to the last.
  await expect(input.getAttribute("aria-activedescendant")).resolves.toBe("header-search-suggestions-7");
  await page.keyboard.press("Escape");
  await expect(input.getAttribute("aria-expanded")).resolves.toBe("false");
  await page.keyboard.press("ArrowDown");
  await expect(input.getAttribute("aria-activedescendant")).resolves.toBe("header-search-suggestions-0");
  await page.keyboard.press("Enter");
  await page.waitForURL(`**/article/${created[0].slug}`);
  await page.locator("h1", { hasText: `${w} escort 0` }).waitFor();
  // Enter without a chosen title still searches.
  await input.focus();
  await page.keyboard.type(w);
  await options.first().waitFor();
  await page.keyboard.press("Enter");
  await page.waitForURL(`**/search?q=${w}`);
  await page.locator(".results-count").waitFor();
  await context.close();
});

test("without JavaScript the header search is a plain form, and the search page's options, pages and did-you-mean are links and forms", async () => {
  const w = word("harbourqq");
  for (let i = 0; i < 22; i++) await createArticle({ title: `${w} number ${i}`, category: i % 2 ? "sea" : "air", excerpt: `Summary of ${w} ${i}.`, publishedAt: new Date(Date.now() - (i + 1) * 3_600_000).toISOString() });
  const { page, context } = await newPage(browser, { javaScriptEnabled: false });
  await captureEvents(context);
  await page.goto("/");
  const input = page.locator("#header-search");
  // No combobox before code runs: a plain search box.
  await expect(input.getAttribute("role")).resolves.toBeNull();
  await input.fill(w);
  await input.press("Enter");
  await page.waitForURL(`**/search?q=${w}`);
  await expect(page.locator(".results-count").innerText()).resolves.toBe(`22 results for “${w}”`);
  await expect(page.locator(".main-col .card").count()).resolves.toBe(20);
  await expect(page.locator(".card-snippet mark").first().innerText()).resolves.toBe(w);
  // Page 2 by a plain link.
  await page.locator(".search-pages a[rel=next]").click();
  await page.waitForURL(/page=2/);
  await expect(page.locator(".main-col .card").count()).resolves.toBe(2);
  // The options: a plain GET form.
  await page.selectOption("select[name=category]", "sea");
  await page.selectOption("select[name=sort]", "newest");
  await page.locator(".search-page-form button[type=submit]").click();
  await page.waitForURL(/category=sea/);
  await expect(page.locator(".results-count").innerText()).resolves.toBe(`11 results for “${w}”`);
  await expect(page.locator(".main-col .card-title").first().innerText()).resolves.toBe(`${w} number 1`);
  // A typo: "Did you mean" links to the search that finds something. Two neighbouring letters swapped in the fixed
  // "harbourqq" part ("hrabourqq…"): the word's unique ending may end in two equal letters, whose swap is no typo.
  const typo = w[0] + w[2] + w[1] + w.slice(3);
  await page.goto(`/search?q=${typo}`);
  await page.locator(".did-you-mean a").click();
  await page.waitForURL(`**/search?q=${w}`);
  await expect(page.locator(".results-count").innerText()).resolves.toBe(`22 results for “${w}”`);
  await context.close();
});

test("the search page hydrates without a warning, and its options navigate in the app", async () => {
  const w = word("frigatezz");
  await createArticle({ title: `${w} in the title`, excerpt: `About ${w}.` });
  await createArticle({ title: "Older body match", content: `The ${w} appears in the body.`, publishedAt: new Date(Date.now() - 86_400_000 * 3).toISOString() });
  const { page, context } = await newPage(browser);
  await captureEvents(context);
  const messages = watchConsole(page);
  await page.goto(`/search?q=${w}`, { waitUntil: "networkidle" });
  await expect(page.locator(".results-count").innerText()).resolves.toBe(`2 results for “${w}”`);
  await expect(page.locator(".main-col .card-title").allInnerTexts()).resolves.toEqual([`${w} in the title`, "Older body match"]);
  await expect(page.locator(".popular-list li").count()).resolves.toBe(5);
  // The frame is the same on a second query (rendered once): still whole, still hydrating cleanly.
  await page.goto(`/search?q=${w}&range=day`, { waitUntil: "networkidle" });
  await expect(page.locator(".results-count").innerText()).resolves.toBe(`1 result for “${w}”`);
  await expect(page.locator(".popular-list li").count()).resolves.toBe(5);
  await page.selectOption("select[name=range]", "");
  await page.waitForURL(`**/search?q=${w}`);
  // The address changes before the new results render: wait for them, then check the whole line.
  await page.locator(".results-count", { hasText: "2 results" }).waitFor();
  await expect(page.locator(".results-count").innerText()).resolves.toBe(`2 results for “${w}”`);
  await page.selectOption("select[name=sort]", "newest");
  await page.waitForURL(`**/search?q=${w}&sort=newest`);
  await page.locator(".main-col .card-title").first().waitFor();
  expect(messages).toEqual([]);
  await context.close();
});
