// The market panel before any quote exists lists the configured STOCK_SYMBOLS, in the server's HTML and after hydration.
import { jest } from "@jest/globals";
import type { Browser } from "playwright-core";
import { connectBrowser } from "../browser.js";
import { startOwnServer, type OwnServer } from "../ownServer.js";

jest.setTimeout(90_000);
let browser: Browser;
let server: OwnServer;

beforeAll(async () => {
  browser = await connectBrowser();
  // No market-data key: no quote is ever fetched, so the panel shows its placeholders.
  server = await startOwnServer("markets", () => ({ SEED: "false", ADMIN_PASSWORD: "markets-password", STOCK_SYMBOLS: "HII:Huntington Ingalls Industries,LHX:L3Harris Technologies", MARKET_DATA_API_KEY: "" }));
});
afterAll(async () => {
  await browser.close();
  await server?.stop();
});

test("with two STOCK_SYMBOLS the panel's placeholders are exactly those two, on the server and after hydration", async () => {
  const html = await (await fetch(`${server.base}/`)).text();
  const panel = html.slice(html.indexOf('id="markets-title"'));
  expect([...panel.matchAll(/<span class="stock-symbol">([^<]*)<\/span>/g)].map((m) => m[1])).toEqual(["HII", "LHX"]);
  expect(panel).toContain("Market data unavailable");

  const context = await browser.newContext({ baseURL: server.base });
  const page = await context.newPage();
  await page.goto("/", { waitUntil: "networkidle" });
  const markets = page.locator(".side-card", { hasText: "Defense Markets" });
  await expect(markets.locator(".stock-symbol").allInnerTexts()).resolves.toEqual(["HII", "LHX"]);
  await expect(markets.locator(".side-note").innerText()).resolves.toBe("Market data unavailable");
  await context.close();
});
