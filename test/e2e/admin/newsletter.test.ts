// The newsletter in Chromium: the double opt-in confirmation page, and the administrator's preview and "Send now".
import type { Browser } from "playwright-core";
import { baseUrl, connectBrowser, loginAsAdmin, newPage, VIEWPORTS } from "../browser.js";
import { adminCookie, outboxMails, signUp, uniqueEmail } from "../newsletterSupport.js";

let browser: Browser;
beforeAll(async () => {
  browser = await connectBrowser();
});
afterAll(() => browser.close());

const activeSubscribers = async () => (await (await fetch(`${baseUrl()}/api/newsletter/stats`, { headers: { cookie: await adminCookie() } })).json()).activeSubscribers as number;

test("the confirmation page is server-rendered, confirms nothing by itself, and its button subscribes", async () => {
  const email = uniqueEmail("confirm");
  const link = await signUp(email);
  const before = await activeSubscribers();

  // What a link scanner sees: the page with its button, and the address still pending.
  const html = await (await fetch(baseUrl() + link)).text();
  expect(html).toContain("Confirm your subscription");
  expect(html).toContain('<meta name="robots" content="noindex');
  expect(await activeSubscribers()).toBe(before);

  const { page, context, consoleErrors } = await newPage(browser, { viewport: VIEWPORTS.phone });
  await page.goto(link);
  await page.getByRole("heading", { name: "Confirm your subscription" }).waitFor();
  expect(await activeSubscribers()).toBe(before);
  await page.getByRole("button", { name: "Confirm subscription" }).click();
  await page.getByRole("heading", { name: "Subscribed!" }).waitFor();
  await page.getByText(`${email[0]}***@example.com`).waitFor();
  expect(await activeSubscribers()).toBe(before + 1);

  // An altered link says so and changes nothing.
  await page.goto(link.slice(0, -3) + "abc");
  await page.getByRole("button", { name: "Confirm subscription" }).click();
  await page.getByRole("heading", { name: "Confirmation link not valid" }).waitFor();
  expect(await activeSubscribers()).toBe(before + 1);
  expect(consoleErrors.filter((e) => !e.includes("favicon") && !e.includes("400"))).toEqual([]);
  await context.close();
});

test("the administrator previews today's issue and sends it; the issue appears with its figures", async () => {
  const email = uniqueEmail("admin-send");
  const link = await signUp(email);
  await fetch(`${baseUrl()}/api/newsletter/confirm`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ token: new URL(baseUrl() + link).searchParams.get("token") }) });
  const title = `Frigate programme update ${Date.now()}`;
  const created = await fetch(`${baseUrl()}/api/articles`, { method: "POST", headers: { "content-type": "application/json", cookie: await adminCookie() }, body: JSON.stringify({ title, content: "The programme moves on.", category: "sea" }) });
  expect(created.ok).toBe(true);

  const { page, context, consoleErrors } = await newPage(browser);
  await loginAsAdmin(context);
  await page.goto("/newsletter");
  await page.getByRole("heading", { name: "Today's issue" }).waitFor();
  await page.getByTestId("newsletter-preview").getByText(title).waitFor();
  await page.getByRole("button", { name: "Send now" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Send now" }).click();
  await page.getByText(/Issue \d+ is going out to \d+ subscribers/).waitFor();
  const table = page.getByRole("table", { name: "Newsletter issues" });
  await table.getByText(/Daily Briefing/).first().waitFor();
  // The mail really went out (to the outbox: the e2e server has no SMTP server).
  for (let i = 0; i < 100 && !outboxMails().some((m) => m.includes(`To: ${email}`) && m.includes(title)); i++) await new Promise((r) => setTimeout(r, 100));
  expect(outboxMails().some((m) => m.includes(`To: ${email}`) && m.includes(title))).toBe(true);

  // The analytics card lists the last issues too.
  await page.goto("/analytics");
  await page.getByRole("region", { name: "Newsletter" }).getByRole("table", { name: "Newsletter issues" }).waitFor();
  expect(consoleErrors).toEqual([]);
  await context.close();
});
