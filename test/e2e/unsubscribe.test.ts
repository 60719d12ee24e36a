import fs from "node:fs";
import path from "node:path";
import type { Browser } from "playwright-core";
import { baseUrl, connectBrowser, newPage, VIEWPORTS } from "./browser.js";

let browser: Browser;
beforeAll(async () => {
  browser = await connectBrowser();
});
afterAll(() => browser.close());

/** Subscribes a fresh address and returns the unsubscribe link from the mail written to the outbox. */
async function subscribeAndReadLink(): Promise<{ email: string; link: string }> {
  const email = `unsub-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}@example.com`;
  const res = await fetch(`${baseUrl()}/api/newsletter/subscribe`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email }) });
  expect(res.status).toBe(200);
  const outbox = path.join(process.env.E2E_DATA_DIR!, "outbox");
  const mail = fs
    .readdirSync(outbox)
    .map((f) => fs.readFileSync(path.join(outbox, f), "utf8"))
    .find((m) => m.includes(`To: ${email}`));
  expect(mail).toBeDefined();
  const link = /List-Unsubscribe:\s+<([^>]+)>/.exec(mail!)![1];
  return { email, link };
}

test("opening the link from the mail unsubscribes in one click", async () => {
  const { email, link } = await subscribeAndReadLink();
  const url = new URL(link);
  expect(url.pathname).toBe("/unsubscribe");
  const { page, context, consoleErrors } = await newPage(browser, { viewport: VIEWPORTS.phone });
  await page.goto(url.pathname + url.search);
  await page.getByRole("heading", { name: "You have been unsubscribed" }).waitFor();
  await page.getByText(`${email[0]}***@example.com`).waitFor();
  const lookup = await (await fetch(`${baseUrl()}/api/newsletter/unsubscribe${url.search}`)).json();
  expect(lookup.status).toBe("unsubscribed");
  expect(consoleErrors.filter((e) => !e.includes("favicon"))).toEqual([]);
  await context.close();
});

test("an altered link is refused and changes nothing; a link without a token says so", async () => {
  const { link } = await subscribeAndReadLink();
  const url = new URL(link);
  const altered = url.search.slice(0, -3) + "abc";
  const { page, context } = await newPage(browser);
  await page.goto("/unsubscribe" + altered);
  await page.getByRole("heading", { name: "Unsubscribe link not valid" }).waitFor();
  const lookup = await (await fetch(`${baseUrl()}/api/newsletter/unsubscribe${url.search}`)).json();
  expect(lookup.status).toBe("active");
  await page.goto("/unsubscribe");
  await page.getByRole("heading", { name: "Unsubscribe link incomplete" }).waitFor();
  await context.close();
});
