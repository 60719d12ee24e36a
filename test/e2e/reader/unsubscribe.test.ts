import type { Browser } from "playwright-core";
import { baseUrl, connectBrowser, newPage, VIEWPORTS } from "../browser.js";
import { confirmedSubscriberWithDigest } from "../newsletterSupport.js";

let browser: Browser;
beforeAll(async () => {
  browser = await connectBrowser();
});
afterAll(() => browser.close());

/** A confirmed address and the unsubscribe link (List-Unsubscribe) of the briefing it received. */
async function subscribeAndReadLink(): Promise<{ email: string; link: string }> {
  const { email, mail } = await confirmedSubscriberWithDigest("unsub");
  const link = /List-Unsubscribe:\s+<([^>]+)>/.exec(mail)![1];
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
