// The reader's timings on Playwright's controlled clock (no wall-clock waits): how long toasts stay, when the
// ticker, the stocks and the comments are asked for again, and the tooltip delay.
import { jest } from "@jest/globals";
import type { Browser, Page } from "playwright-core";
import { connectBrowser, newPage } from "../browser.js";
import { captureEvents, createArticle, openPage, waitForToast } from "../readerSupport.js";

jest.setTimeout(60_000);
let browser: Browser;
beforeAll(async () => {
  browser = await connectBrowser();
});
afterAll(() => browser.close());

const open = (path: string) => openPage(browser, path);

/** From here the page's time moves only when the test moves it: with the clock running, a loaded machine lets real
 *  seconds pass between two steps of a test (timers would fire early, or a refetch land after the test moved on).
 *  `pauseAt` fast-forwards to a moment just ahead of the page's now, firing only the timers due before it. */
async function pauseClock(page: Page) {
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 3000);
}

describe("toasts", () => {
  test("toasts disappear after 5 seconds and are at most 420 px wide", async () => {
    const { page, context } = await newPage(browser);
    await captureEvents(context);
    await page.clock.install();
    await page.goto("/", { waitUntil: "networkidle" });
    await page.getByRole("button", { name: "Subscribe", exact: true }).first().click();
    await page.locator("dialog[open]").waitFor();
    await pauseClock(page);
    await page.locator("dialog button[type=submit]").click();
    const toast = await waitForToast(page, "Email required");
    const width = await page.locator(".toaster").evaluate((el) => el.getBoundingClientRect().width);
    expect(width).toBeLessThanOrEqual(420);
    await page.clock.runFor(4900);
    await expect(toast.isVisible()).resolves.toBe(true);
    await page.clock.runFor(200);
    await toast.waitFor({ state: "detached" });
    await context.close();
  });
});

describe("article polling", () => {
  test.each([
    ["comments are", "comments.list"],
    ["ticker is", "ticker.list"],
  ])("article: the %s asked for again every 30 seconds", async (_what, procedure) => {
    const a = await createArticle();
    const { page, context } = await newPage(browser);
    await captureEvents(context);
    await page.clock.install();
    await page.goto(`/article/${a.slug}`, { waitUntil: "networkidle" });
    await pauseClock(page);
    const polled = page.waitForRequest((r) => r.url().includes(procedure), { timeout: 10_000 });
    await page.clock.runFor(31_000);
    await polled;
    await context.close();
  });
});

describe("refresh timings", () => {
  /** Answers a tRPC batch with an empty list for every procedure in it. */
  const emptyBatch = (url: string) => JSON.stringify(new URL(url).pathname.split("/").pop()!.split(",").map(() => ({ result: { data: [] } })));

  test("home: ticker and stocks refetch after 60 s; an empty ticker hides the BREAKING: bar", async () => {
    const { page, context } = await newPage(browser);
    await captureEvents(context);
    await page.clock.install();
    await page.goto("/", { waitUntil: "networkidle" });
    await pauseClock(page);
    await expect(page.locator(".ticker").count()).resolves.toBe(1);
    const asked: string[] = [];
    await page.route("**/api/trpc/**", (route) => {
      asked.push(new URL(route.request().url()).pathname);
      return route.fulfill({ status: 200, contentType: "application/json", body: emptyBatch(route.request().url()) });
    });
    await page.clock.runFor(45_000);
    expect(asked).toEqual([]);
    await page.clock.runFor(16_000);
    await page.locator(".ticker").waitFor({ state: "detached" });
    expect(asked.join(",")).toContain("ticker.list");
    expect(asked.join(",")).toContain("stocks.defense");
    await context.close();
  });

  test("home: Defense Markets lists the first 5 quotes with the day of their closing prices once the market data arrives", async () => {
    const quotes = ["LMT", "RTX", "BA", "NOC", "GD", "HII"].map((symbol, i) => ({ symbol, name: `${symbol} Corp`, price: 100 + i, change: i % 2 ? -1.25 : 0.5, asOf: "2026-11-20T00:00:00.000Z" }));
    const { page, context } = await newPage(browser);
    await captureEvents(context);
    await page.clock.install();
    await page.goto("/", { waitUntil: "networkidle" });
    await pauseClock(page);
    await page.route("**/api/trpc/**", (route) => {
      const procedures = new URL(route.request().url()).pathname.split("/").pop()!.split(",");
      const body = procedures.map((p) => ({ result: { data: p === "stocks.defense" ? quotes : [] } }));
      return route.fulfill({ status: 200, contentType: "application/json", body: JSON.stringify(body) });
    });
    const answered = page.waitForResponse((r) => r.url().includes("stocks.defense"), { timeout: 10_000 });
    await page.clock.runFor(61_000);
    await answered;
    const markets = page.locator(".side-card", { hasText: "Defense Markets" });
    await markets.locator(".side-note", { hasText: "Closing prices of Nov 20, 2026" }).waitFor();
    await expect(markets.locator(".stock-symbol").allInnerTexts()).resolves.toEqual(["LMT", "RTX", "BA", "NOC", "GD"]);
    await expect(markets.locator(".stock-change").allInnerTexts()).resolves.toEqual(["+0.50%", "-1.25%", "+0.50%", "-1.25%", "+0.50%"]);
    await expect(markets.locator(".stock-price").first().innerText()).resolves.toBe("$100.00");
    await context.close();
  });

  test("tooltips show after 700 ms", async () => {
    const a = await createArticle();
    const { page, context } = await open(`/article/${a.slug}`);
    await page.clock.install();
    await pauseClock(page);
    await page.locator(".article-tools button", { hasText: "Save" }).hover();
    await page.clock.runFor(500);
    await expect(page.getByRole("tooltip").count()).resolves.toBe(0);
    await page.clock.runFor(300);
    await expect(page.getByRole("tooltip").innerText()).resolves.toBe("Keep this article in your saved list");
    await context.close();
  });
});
