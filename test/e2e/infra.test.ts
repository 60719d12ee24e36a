import type { Browser } from "playwright-core";
import { baseUrl, connectBrowser, newPage } from "./browser.js";

let browser: Browser;
beforeAll(async () => {
  browser = await connectBrowser();
});
afterAll(() => browser.close());

test("the shared server answers the API and serves a server-rendered home page to Chromium", async () => {
  const res = await fetch(`${baseUrl()}/api/articles?limit=1`);
  expect(res.status).toBe(200);
  const { page, context, consoleErrors } = await newPage(browser);
  const response = await page.goto("/");
  expect(response?.status()).toBe(200);
  await expect(page.locator("h1, h2").first().textContent()).resolves.toBeTruthy();
  expect(consoleErrors.filter((e) => !e.includes("favicon"))).toEqual([]);
  await context.close();
});
