import type { Browser } from "playwright-core";
import { baseUrl, connectBrowser, loginAsAdmin, newPage, VIEWPORTS } from "../browser.js";

let browser: Browser;
beforeAll(async () => {
  browser = await connectBrowser();
});
afterAll(() => browser.close());

async function requestPlan(plan: "monthly" | "annual") {
  const email = `premium-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}@example.com`;
  const res = await fetch(`${baseUrl()}/api/premium/subscribe`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email, plan }) });
  const body = await res.json();
  return { email, id: body.id as number };
}

test("without a session /premium shows 'Authentication Required' and no sign-ups", async () => {
  const { email } = await requestPlan("monthly");
  const { page, context } = await newPage(browser);
  await page.goto("/premium");
  await page.getByRole("heading", { name: "Authentication Required" }).waitFor();
  await page.getByRole("button", { name: "Go to Admin Login" }).waitFor();
  expect(await page.content()).not.toContain(email);
  await context.close();
});

test("the administrator marks a request active, then cancels it; revenue counts payments only", async () => {
  const { email, id } = await requestPlan("annual");
  const { page, context, consoleErrors } = await newPage(browser, { viewport: VIEWPORTS.phone });
  await loginAsAdmin(context);
  await page.goto("/premium");
  const row = page.locator(`li[data-signup-id="${id}"]`);
  await row.getByText("Requested", { exact: true }).waitFor();
  await row.getByText("Annual plan · $199.99 per year").waitFor();
  const mrr = async () => (await page.locator('[data-field="monthlyRecurring"] dd').textContent())!.replace(/[$,]/g, "");
  const before = Number(await mrr());

  await row.getByRole("button", { name: `Mark Active: ${email}` }).click();
  await page.getByText("Plan activated").waitFor();
  await row.locator('[data-status="active"]').waitFor();
  await row.getByText(/activated /).waitFor();
  // Without Stripe the screen says payments are not connected, and a marked request is no payment: revenue stays.
  await page.locator('[data-payments="not-connected"]').getByText("Payments are not connected").waitFor();
  expect(Number(await mrr())).toBe(before);
  // An active plan can only be cancelled.
  expect(await row.getByRole("button").allTextContents()).toEqual(["Cancel Plan"]);

  // Cancelling asks first; dismissing the dialog changes nothing.
  await row.getByRole("button", { name: `Cancel Plan: ${email}` }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Cancel", exact: true }).click();
  await row.locator('[data-status="active"]').waitFor();
  await row.getByRole("button", { name: `Cancel Plan: ${email}` }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Yes, cancel plan" }).click();
  await page.getByText("Plan cancelled").waitFor();
  await row.locator('[data-status="cancelled"]').waitFor();
  await page.getByRole("button", { name: /^Cancelled \(\d+\)$/ }).click();
  await page.locator(`li[data-signup-id="${id}"]`).waitFor();
  expect(consoleErrors).toEqual([]);
  await context.close();
});
