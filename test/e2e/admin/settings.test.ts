import type { Browser } from "playwright-core";
import { baseUrl, connectBrowser, loginAsAdmin, newPage } from "../browser.js";

let browser: Browser;
beforeAll(async () => {
  browser = await connectBrowser();
});
afterAll(() => browser.close());

test("without a session /settings shows 'Authentication Required'", async () => {
  const { page, context } = await newPage(browser);
  await page.goto("/settings");
  await page.getByRole("heading", { name: "Authentication Required" }).waitFor();
  expect(await page.locator('input[name="revenueSplit.adNetwork"]').count()).toBe(0);
  await context.close();
});

test("the administrator edits the targets and the revenue split; a split that does not add up to 100 is refused", async () => {
  const { page, context, consoleErrors } = await newPage(browser);
  await loginAsAdmin(context);
  const original = await (await context.request.get(`${baseUrl()}/api/admin/settings`)).json();
  try {
    await page.goto("/settings");
    const premium = page.locator('input[name="revenueSplit.premiumSubscriptions"]');
    await premium.waitFor();
    expect(await page.locator('input[name="revenueSplit.adNetwork"]').inputValue()).toBe(String(original.revenueSplit.adNetwork));

    await premium.fill(String(original.revenueSplit.premiumSubscriptions + 5));
    await page.getByTestId("split-total").getByText(/Total: 105 %/).waitFor();
    await page.getByRole("button", { name: "Save Settings" }).click();
    await page.getByText("Check the settings").waitFor();
    expect((await (await context.request.get(`${baseUrl()}/api/admin/settings`)).json()).revenueSplit).toEqual(original.revenueSplit);

    await page.locator('input[name="revenueSplit.adNetwork"]').fill(String(original.revenueSplit.adNetwork - 5));
    await page.locator('input[name="targets.monthlyVisitors"]').fill("123456");
    await page.getByRole("button", { name: "Save Settings" }).click();
    await page.getByText("Settings Saved").waitFor();
    const saved = await (await context.request.get(`${baseUrl()}/api/admin/settings`)).json();
    expect(saved.targets.monthlyVisitors).toBe(123456);
    expect(saved.revenueSplit).toEqual({ adNetwork: original.revenueSplit.adNetwork - 5, directAdvertising: original.revenueSplit.directAdvertising, premiumSubscriptions: original.revenueSplit.premiumSubscriptions + 5 });

    await page.reload();
    await page.locator('input[name="targets.monthlyVisitors"]').waitFor();
    expect(await page.locator('input[name="targets.monthlyVisitors"]').inputValue()).toBe("123456");
    expect(consoleErrors).toEqual([]);
  } finally {
    await context.request.put(`${baseUrl()}/api/admin/settings`, { data: original });
    await context.close();
  }
});
