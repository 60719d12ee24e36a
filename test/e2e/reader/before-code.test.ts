// The reader's page works from its first paint: every form and control answers before the page's code, and without it.
// Two modes, each flow in both: scripts blocked (JavaScript off), and every script held 4 s (a phone on a slow
// network) with the reader acting at DOMContentLoaded, before the code could run.
import { jest } from "@jest/globals";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { baseUrl, connectBrowser, VIEWPORTS } from "../browser.js";
import { createArticle, unique } from "../readerSupport.js";
import { signInLinkFromOutbox } from "../../helpers/readerSignIn.js";
import { signUp, uniqueEmail } from "../newsletterSupport.js";

jest.setTimeout(90_000);
let browser: Browser;
beforeAll(async () => {
  browser = await connectBrowser();
});
afterAll(() => browser.close());

type Mode = "blocked" | "held";
const HOLD_MS = 4000;

/** A page in this mode, opened at DOMContentLoaded (the code, when allowed, is still 4 s away). */
async function open(mode: Mode, path: string, viewport: { width: number; height: number } = VIEWPORTS.desktop): Promise<{ page: Page; context: BrowserContext }> {
  const context = await browser.newContext({ viewport, javaScriptEnabled: mode === "held", baseURL: baseUrl() });
  if (mode === "held") {
    await context.route(/\.js(\?|$)/, async (route) => {
      await new Promise((r) => setTimeout(r, HOLD_MS));
      await route.continue().catch(() => undefined); // the test may be over
    });
  }
  const page = await context.newPage();
  await page.goto(path, { waitUntil: "domcontentloaded" });
  return { page, context };
}

/** The page's code has not taken over (so what the reader did was handled by the HTML itself). */
const beforeCode = async (page: Page) => expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined();

describe.each<Mode>(["blocked", "held"])("scripts %s", (mode) => {
  test("header search: the server trims the query; a blank one goes nowhere; /search with a blank query asks for one", async () => {
    const { page, context } = await open(mode, "/");
    const input = page.locator("#header-search");
    await input.fill("   ");
    await beforeCode(page);
    await input.press("Enter");
    await page.waitForTimeout(300);
    expect(new URL(page.url()).pathname).toBe("/");
    await input.fill("  drone swarm  ");
    await Promise.all([page.waitForURL((u) => u.pathname === "/search"), input.press("Enter")]);
    expect(new URL(page.url()).search).toBe("?q=drone+swarm");
    await expect(page.locator("#search-page-input").inputValue()).resolves.toBe("drone swarm");
    const blank = await page.goto("/search?q=%20%20%20", { waitUntil: "domcontentloaded" });
    expect([blank?.status(), new URL(page.url()).search]).toEqual([200, ""]);
    await expect(page.locator("main").innerText()).resolves.toContain("Enter a search term");
    await context.close();
  });

  test.each([
    ["home", ".newsletter-card"],
    ["footer", ".newsletter-footer"],
  ])("%s newsletter form subscribes and says so in the page", async (_name, form) => {
    const { page, context } = await open(mode, "/");
    await page.locator(`${form} input[type=email]`).fill(`${unique("early")}@example.com`);
    await beforeCode(page);
    await Promise.all([page.waitForURL(/notice=subscribed/), page.locator(`${form} button[type=submit]`).click()]);
    await expect(page.locator(`${form} [role=status]`).innerText()).resolves.toContain("Subscribed!");
    expect(new URL(page.url()).pathname).toBe("/");
    await context.close();
  });

  test("comment: missing fields are refused with the input kept; a full comment is posted and shown", async () => {
    const a = await createArticle();
    const { page, context } = await open(mode, `/article/${a.slug}`);
    const form = page.locator(".comment-form");
    await form.locator("textarea").fill("Kept while the name is missing");
    await beforeCode(page);
    const refused = page.waitForResponse((r) => r.request().method() === "POST");
    await form.locator("button[type=submit]").click();
    expect((await refused).status()).toBe(400);
    await page.waitForLoadState("domcontentloaded");
    await expect(page.locator(".comment-form [role=alert]").innerText()).resolves.toContain("Missing information");
    await expect(page.locator(".comment-form textarea").inputValue()).resolves.toBe("Kept while the name is missing");
    await page.locator(".comment-form input[name=authorName]").fill("Early Reader");
    await page.locator(".comment-form input[name=authorEmail]").fill("early@example.com");
    await Promise.all([page.waitForURL(/notice=comment-posted/), page.locator(".comment-form button[type=submit]").click()]);
    await expect(page.locator(".comment-form [role=status]").innerText()).resolves.toContain("Comment posted");
    await expect(page.locator(".comment").first().innerText()).resolves.toContain("Kept while the name is missing");
    await context.close();
  });

  test("Contents opens the list of headings", async () => {
    const a = await createArticle({ content: "Intro.\n\n## First part\n\nText.\n\n## Second part\n\nMore." });
    const { page, context } = await open(mode, `/article/${a.slug}`);
    await expect(page.locator("#toc-list").isVisible()).resolves.toBe(false);
    await beforeCode(page);
    await page.getByRole("button", { name: "Contents" }).click();
    await expect(page.locator("#toc-list").isVisible()).resolves.toBe(true);
    await expect(page.locator("#toc-list li").allInnerTexts()).resolves.toEqual(["First part", "Second part"]);
    await context.close();
  });

  test("View Latest Articles goes home", async () => {
    const a = await createArticle();
    const { page, context } = await open(mode, `/article/${a.slug}`);
    await beforeCode(page);
    await Promise.all([page.waitForURL((u) => u.pathname === "/"), page.getByRole("button", { name: "View Latest Articles" }).click()]);
    await context.close();
  });

  test("Subscribe leads to the plans page, whose form records a plan", async () => {
    const { page, context } = await open(mode, "/", VIEWPORTS.phone);
    await beforeCode(page);
    await Promise.all([page.waitForURL((u) => u.pathname === "/subscribe"), page.getByRole("button", { name: "Subscribe", exact: true }).first().click()]);
    const form = page.locator("#form-plans");
    await expect(form.locator(".plan").allInnerTexts()).resolves.toEqual([expect.stringContaining("$19.99"), expect.stringContaining("$199.99")]);
    const refused = page.waitForResponse((r) => r.request().method() === "POST");
    await form.getByRole("button", { name: "Subscribe Now" }).click();
    expect((await refused).status()).toBe(400);
    await page.waitForLoadState("domcontentloaded");
    await expect(page.locator("#form-plans [role=alert]").innerText()).resolves.toContain("Email required");
    await page.locator("#form-plans input[type=email]").fill(`${unique("plan")}@example.com`);
    await page.locator("#form-plans input[value=annual]").check({ force: true });
    await Promise.all([page.waitForURL(/notice=premium-requested/), page.locator("#form-plans").getByRole("button", { name: "Subscribe Now" }).click()]);
    await expect(page.locator("#form-plans [role=status]").innerText()).resolves.toContain("Subscription successful!");
    await context.close();
  });

  test("the newsletter confirmation page's button confirms; a spoilt link says so", async () => {
    const link = await signUp(uniqueEmail("confirm-early"));
    const { page, context } = await open(mode, link);
    await beforeCode(page);
    await Promise.all([page.waitForURL(/notice=confirmed/), page.getByRole("button", { name: "Confirm subscription" }).click()]);
    await expect(page.locator("h1").innerText()).resolves.toBe("Subscribed!");
    await page.goto(link.replace(/token=[\w.-]{6}/, "token=AAAAAA"), { waitUntil: "domcontentloaded" });
    const refused = page.waitForResponse((r) => r.request().method() === "POST");
    await page.getByRole("button", { name: "Confirm subscription" }).click();
    expect((await refused).status()).toBe(400);
    await page.waitForLoadState("domcontentloaded");
    await expect(page.locator("h1").innerText()).resolves.toBe("Confirmation link not valid");
    await context.close();
  });

  test("Sign in: the link, the form, the mailed link, and its button sign the reader in", async () => {
    const { page, context } = await open(mode, "/");
    await beforeCode(page);
    await Promise.all([page.waitForURL((u) => u.pathname === "/account"), page.getByRole("link", { name: "Sign in", exact: true }).click()]);
    const email = `${unique("reader")}@example.com`;
    await page.locator(".signin-form input[type=email]").fill(email);
    await Promise.all([page.waitForURL(/notice=signin-sent/), page.getByRole("button", { name: "Email me a sign-in link" }).click()]);
    await expect(page.locator(".account-page").innerText()).resolves.toContain("Check your inbox");
    const link = signInLinkFromOutbox(process.env.E2E_DATA_DIR!, email);
    expect(link).toBeTruthy();
    await page.goto(link!, { waitUntil: "domcontentloaded" });
    await Promise.all([page.waitForURL((u) => u.pathname === "/account" && !u.search), page.getByRole("button", { name: "Sign in", exact: true }).click()]);
    await expect(page.locator(".account-facts").innerText()).resolves.toContain(email);
    await context.close();
  });
});

test.each(["at once", "once its island has hydrated"])("with the code loaded, the footer's form takes an address filled in before its island woke, submitted %s", async (when) => {
  const context = await browser.newContext({ viewport: VIEWPORTS.phone, baseURL: baseUrl() });
  const page = await context.newPage();
  await page.goto("/", { waitUntil: "load" });
  await page.waitForFunction(() => document.documentElement.dataset.hydrated !== undefined);
  // Scrolled to without a tap, the address there before the footer's code (typed early, or filled by the browser).
  await page.evaluate((email) => {
    const form = document.querySelector(".newsletter-footer")!;
    form.scrollIntoView();
    form.querySelector<HTMLInputElement>("input[type=email]")!.value = email;
  }, `${unique("footer")}@example.com`);
  if (when !== "at once") await page.waitForFunction(() => Object.keys(document.querySelector(".newsletter-footer")!).some((key) => key.startsWith("__reactProps$")));
  await page.locator(".newsletter-footer button[type=submit]").click();
  await page.getByText("Subscribed!").first().waitFor({ timeout: 10_000 });
  await context.close();
});

test("no Express default: unknown methods and routes answer the site's page, or JSON under /api", async () => {
  const post = await fetch(`${baseUrl()}/`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: "a=1" });
  expect(post.status).toBe(404);
  const html = await post.text();
  expect(html).toMatch(/page not found/i);
  expect(html).not.toContain("Cannot POST");
  const put = await fetch(`${baseUrl()}/account`, { method: "PUT" });
  expect([put.status, (await put.text()).includes("Cannot PUT")]).toEqual([404, false]);
  const api = await fetch(`${baseUrl()}/api/nothing-here`, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
  expect(api.status).toBe(404);
  expect(await api.json()).toHaveProperty("message");
});
