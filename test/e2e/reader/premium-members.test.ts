// Paid premium in Chromium, on a server of its own configured with Stripe (a local fake of Stripe's API started
// here) and an ad client: sign in by the mailed link, the account page, Subscribe sending the browser to the
// Checkout URL, signed webhook events making the reader a member, the paywall box for everyone else, and reading
// without ads for members. Screenshots at phone and desktop sizes go to screenshots/premium-*.png.
import fs from "node:fs";
import path from "node:path";
import { jest } from "@jest/globals";
import type { Browser, Page } from "playwright-core";
import { answerAfterHydration, connectBrowser, VIEWPORTS } from "../browser.js";
import { startOwnServer, type OwnServer } from "../ownServer.js";
import { checkoutSession, event, invoice, signed, startFakeStripe, subscription, type FakeStripe } from "../../helpers/fakeStripe.js";
import { signInLinkFromOutbox } from "../../helpers/readerSignIn.js";

jest.setTimeout(120_000);
const root = path.resolve(import.meta.dirname, "../../..");
const shots = path.join(root, "screenshots");
const GATED = "GATED-PARAGRAPH-members-only";
/** A word of the members-only part only, for searches. */
const GATED_WORD = "zulucostings";
const FREE_TEXT = ["The first paragraph sets out the programme and its schedule.", "The second paragraph gives the headline costs."];
const DAY = 86_400_000;
let browser: Browser;
let server: OwnServer;
let stripe: FakeStripe;
let base: string;
let dataDir: string;
let slug: string;
let adminCookie: string;

beforeAll(async () => {
  browser = await connectBrowser();
  stripe = await startFakeStripe();
  server = await startOwnServer("premium", () => ({ ...stripe.env, SEED: "false", ADMIN_PASSWORD: "premium-password", AD_CLIENT_ID: "ca-pub-1234567890", RATE_LIMIT_NEWSLETTER: "1000", RATE_LIMIT_SIGN_IN: "1000" }));
  ({ base, dataDir } = server);
  const login = await fetch(`${base}/api/admin/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ password: "premium-password" }) });
  adminCookie = login.headers.get("set-cookie")!.split(";")[0];
  slug = `premium-e2e-${Date.now().toString(36)}`;
  const content = `The first paragraph sets out the programme and its schedule.\n\nThe second paragraph gives the headline costs.\n\n## The detail\n\n${GATED}: the rest of the analysis, for members, ${GATED_WORD} included.\n\nA closing paragraph for members.`;
  const res = await fetch(`${base}/api/articles`, { method: "POST", headers: { "content-type": "application/json", cookie: adminCookie }, body: JSON.stringify({ title: "Inside the frigate programme", slug, excerpt: "Costs, schedule and risks.", content, category: "sea", isPremium: true }) });
  if (res.status !== 201) throw new Error(`article create failed: ${res.status}`);
  fs.mkdirSync(shots, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
  await stripe?.close();
  await server?.stop();
});

async function deliver(e: ReturnType<typeof event>) {
  const { payload, header } = signed(e);
  const res = await fetch(`${base}/api/stripe/webhook`, { method: "POST", headers: { "content-type": "application/json", "stripe-signature": header }, body: payload });
  expect(res.status).toBe(200);
}

/** A page whose ad-network requests are answered locally and counted. */
async function readerPage(viewport: { width: number; height: number }) {
  const context = await browser.newContext({ viewport, baseURL: base });
  const adRequests: string[] = [];
  await context.route(/googlesyndication|doubleclick/, (route) => {
    adRequests.push(route.request().url());
    return route.fulfill({ status: 200, contentType: "application/javascript", body: "" });
  });
  const page = await context.newPage();
  answerAfterHydration(page);
  return { context, page, adRequests };
}

async function signIn(page: Page, email: string) {
  await page.goto("/account");
  await page.getByRole("heading", { name: "Sign in", exact: true }).waitFor();
  await page.locator(".signin-form").getByLabel("Email address").fill(email);
  await page.getByRole("button", { name: "Email me a sign-in link" }).click();
  await page.getByRole("heading", { name: "Check your inbox" }).waitFor();
  let link: string | null = null;
  for (let i = 0; i < 40 && !link; i++) {
    link = signInLinkFromOutbox(dataDir, email);
    if (!link) await new Promise((r) => setTimeout(r, 100));
  }
  expect(link).toContain(`${base}/account/verify?token=`);
  await page.goto(link!);
  // Opening the link shows a page; its button signs in.
  await Promise.all([page.waitForURL(`${base}/account`), page.getByRole("button", { name: "Sign in", exact: true }).click()]);
}

for (const [size, viewport] of Object.entries({ ...VIEWPORTS, smallPhone: { width: 360, height: 740 } })) {
  test(`${size}: anonymous readers get the preview and the paywall box, with ads; the gated text is not in the page`, async () => {
    const { context, page, adRequests } = await readerPage(viewport);
    // The ad script is added at idle time; its request is answered by readerPage's route (which counts it).
    const adAnswered = page.waitForResponse(/googlesyndication|doubleclick/);
    const res = await page.goto(`/article/${slug}`);
    const html = await res!.text();
    expect(html).not.toContain(GATED);
    expect(html).toContain("The second paragraph gives the headline costs.");
    const ld = JSON.parse(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)![1]);
    expect(ld).toMatchObject({ isAccessibleForFree: false, hasPart: { "@type": "WebPageElement", isAccessibleForFree: false, cssSelector: ".paywalled-content" } });
    await page.getByRole("heading", { name: "Continue reading with Premium" }).waitFor();
    // The JSON-LD's hasPart selector matches the box that replaces the gated part, which holds none of the free text.
    const gatedPart = page.locator(".paywalled-content");
    expect(await gatedPart.count()).toBe(1);
    expect(await gatedPart.textContent()).toContain("Continue reading with Premium");
    for (const text of FREE_TEXT) expect(await gatedPart.textContent()).not.toContain(text);
    await page.getByRole("link", { name: "Sign in", exact: true }).waitFor();
    expect(await page.locator(".ad-slot").count()).toBeGreaterThan(0);
    await adAnswered;
    expect(adRequests.length).toBeGreaterThan(0);
    expect(await page.content()).not.toContain(GATED);
    // The header's extra link never makes the page wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await page.screenshot({ path: path.join(shots, `premium-paywall-${size}.png`), fullPage: true });
    await context.close();
  });
}

test("sign in by link, subscribe through Checkout, then read in full without ads; account page and billing portal", async () => {
  const email = `member-${Date.now().toString(36)}@example.com`;
  const { context, page, adRequests } = await readerPage(VIEWPORTS.phone);
  await signIn(page, email);
  const facts = page.locator(".account-facts");
  await facts.getByText(email).waitFor();
  await facts.getByText("Free account").waitFor();
  await page.getByRole("link", { name: "Account" }).waitFor();
  await page.screenshot({ path: path.join(shots, "premium-account-free-phone.png"), fullPage: true });

  // A signed-in non-member still gets the preview.
  await page.goto(`/article/${slug}`);
  await page.getByRole("heading", { name: "Continue reading with Premium" }).waitFor();
  expect(await page.content()).not.toContain(GATED);

  // Subscribe from the paywall box: the browser goes to the Checkout Session's URL.
  await page.locator(".paywall").getByRole("button", { name: "Subscribe" }).click();
  const dialog = page.locator(".paywall dialog.premium-dialog");
  await dialog.locator(".plan", { hasText: "Annual" }).click();
  await dialog.locator('input[type="email"]').fill(email);
  await Promise.all([page.waitForURL(`${stripe.url}/checkout/**`), dialog.getByRole("button", { name: "Subscribe Now" }).click()]);
  await page.getByRole("heading", { name: "Fake Stripe Checkout" }).waitFor();
  const call = stripe.calls.filter((c) => c.path === "/v1/checkout/sessions").at(-1)!;
  expect(call.form.get("customer_email")).toBe(email);
  expect(call.form.get("metadata[plan]")).toBe("annual");

  // Stripe reports the payment; the reader comes back to /account?checkout=success.
  const customer = `cus_e2e_${Date.now()}`;
  const sub = `sub_e2e_${Date.now()}`;
  await deliver(event("checkout.session.completed", checkoutSession({ email, customer, subscription: sub, plan: "annual" })));
  await deliver(event("customer.subscription.created", subscription({ id: sub, customer, status: "active", plan: "annual", start: new Date(), periodEnd: new Date(Date.now() + 365 * DAY) })));
  await deliver(event("invoice.paid", invoice({ id: `in_${sub}`, customer, subscription: sub, plan: "annual", paidAt: new Date(), periodEnd: new Date(Date.now() + 365 * DAY), email })));
  await page.goto(`${base}/account?checkout=success`);
  await page.getByText("Subscription successful!").waitFor();
  await facts.getByText("Active").waitFor();
  await facts.getByText("Annual · $199.99 per year").waitFor();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await page.screenshot({ path: path.join(shots, "premium-account-member-phone.png"), fullPage: true });

  // The member reads everything, with no ad slot and no ad-network script.
  adRequests.length = 0;
  const res = await page.goto(`/article/${slug}`);
  expect(res!.headers()["cache-control"]).toContain("private");
  await page.locator(".paywalled-content").getByText(GATED, { exact: false }).waitFor();
  expect(await page.locator(".paywalled-content").count()).toBe(1);
  for (const text of FREE_TEXT) expect(await page.locator(".paywalled-content").textContent()).not.toContain(text);
  const memberLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!);
  expect(memberLd).toMatchObject({ isAccessibleForFree: false, hasPart: { cssSelector: ".paywalled-content" } });
  expect(await page.locator(".paywall").count()).toBe(0);
  expect(await page.locator(".ad-slot, ins.adsbygoogle, script[src*='adsbygoogle']").count()).toBe(0);
  await page.waitForTimeout(500);
  expect(adRequests).toEqual([]);
  await page.screenshot({ path: path.join(shots, "premium-article-member-phone.png"), fullPage: true });
  await page.setViewportSize(VIEWPORTS.desktop);
  await page.screenshot({ path: path.join(shots, "premium-article-member-desktop.png"), fullPage: true });

  // An anonymous reader right after still gets the preview (the member's page was not cached for everyone).
  const anon = await fetch(`${base}/article/${slug}`).then((r) => r.text());
  expect(anon).not.toContain(GATED);

  // Search: the member finds the article by a word of its members-only part; an anonymous reader does not.
  await page.goto(`/search?q=${GATED_WORD}`);
  await page.getByRole("heading", { name: `1 result for “${GATED_WORD}”` }).waitFor();
  await page.locator(".card-grid").getByText("Inside the frigate programme").waitFor();
  const anonSearch = await fetch(`${base}/search?q=${GATED_WORD}`).then((r) => r.text());
  expect(anonSearch).toContain("No results found");

  // Manage billing opens Stripe's customer portal.
  await page.goto("/account");
  await Promise.all([page.waitForURL(`${stripe.url}/portal/**`), page.getByRole("button", { name: "Manage billing" }).click()]);
  await page.getByRole("heading", { name: "Fake Stripe customer portal" }).waitFor();

  // The renewal fails and Stripe's retries run out: past_due, then unpaid. From the next request on, the page
  // serves this reader the preview, as the account says.
  await deliver(event("invoice.payment_failed", invoice({ id: `in_failed_${sub}`, customer, subscription: sub, plan: "annual", paidAt: new Date(), periodEnd: new Date() })));
  await deliver(event("customer.subscription.updated", subscription({ id: sub, customer, status: "past_due", plan: "annual", start: new Date(), periodEnd: new Date() })));
  await page.goto(`/article/${slug}`);
  await page.locator(".paywalled-content").getByText(GATED, { exact: false }).waitFor();
  await deliver(event("customer.subscription.updated", subscription({ id: sub, customer, status: "unpaid", plan: "annual", start: new Date(), periodEnd: new Date() })));
  const unpaid = await page.goto(`/article/${slug}`);
  expect(await unpaid!.text()).not.toContain(GATED);
  await page.getByRole("heading", { name: "Continue reading with Premium" }).waitFor();
  await page.goto("/account");
  await facts.getByText("Unpaid").waitFor();
  await context.close();
});

test("delete my account: asks first, cancels at Stripe, signs out", async () => {
  const email = `leaver-${Date.now().toString(36)}@example.com`;
  const { context, page } = await readerPage(VIEWPORTS.desktop);
  await signIn(page, email);
  const customer = `cus_del_${Date.now()}`;
  const sub = `sub_del_${Date.now()}`;
  await deliver(event("checkout.session.completed", checkoutSession({ email, customer, subscription: sub, plan: "monthly" })));
  await deliver(event("customer.subscription.created", subscription({ id: sub, customer, status: "active", plan: "monthly", start: new Date(), periodEnd: new Date(Date.now() + 30 * DAY) })));
  await page.reload();
  await page.locator(".account-facts").getByText("Active").waitFor();
  await page.screenshot({ path: path.join(shots, "premium-account-member-desktop.png"), fullPage: true });
  await page.getByRole("button", { name: "Delete my account" }).click();
  await page.getByRole("button", { name: "Keep my account" }).click();
  await page.getByRole("button", { name: "Delete my account" }).click();
  await Promise.all([page.waitForURL(`${base}/?account=deleted`), page.getByRole("button", { name: "Yes, delete my account" }).click()]);
  expect(stripe.calls.some((c) => c.method === "DELETE" && c.path === `/v1/subscriptions/${sub}`)).toBe(true);
  await page.getByRole("link", { name: "Sign in", exact: true }).waitFor();
  await page.goto("/account");
  await page.getByRole("heading", { name: "Sign in", exact: true }).waitFor();
  await context.close();
});

test("an expired or used link says so and offers the form again", async () => {
  const { context, page } = await readerPage(VIEWPORTS.phone);
  await page.goto("/account/verify?token=not-a-real-token");
  await Promise.all([page.waitForURL(/signin=expired/), page.getByRole("button", { name: "Sign in", exact: true }).click()]);
  expect(new URL(page.url()).search).toBe("?signin=expired");
  await page.getByText("That sign-in link has expired or was already used.").waitFor();
  await page.screenshot({ path: path.join(shots, "premium-signin-expired-phone.png"), fullPage: true });
  await context.close();
});

test("opening the sign-in link changes nothing (a mail scanner's GET or HEAD); the page's button signs in, without JavaScript too", async () => {
  const email = `scanned-${Date.now().toString(36)}@example.com`;
  const asked = await fetch(`${base}/api/account/sign-in`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email }) });
  expect(asked.status).toBe(202);
  const link = signInLinkFromOutbox(dataDir, email)!;
  for (const method of ["HEAD", "GET"]) {
    const scanned = await fetch(link, { method, redirect: "manual" });
    expect([method, scanned.status, scanned.headers.get("set-cookie"), scanned.headers.get("cache-control")]).toEqual([method, 200, null, "private, no-store"]);
    if (method === "GET") expect(await scanned.text()).toMatch(/<form action="\/account\/verify" method="post"><input type="hidden" name="token" value="[\w-]+"\/>/);
  }
  // A browser without JavaScript: the page's form posts by itself.
  const context = await browser.newContext({ viewport: VIEWPORTS.phone, baseURL: base, javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(link);
  await page.getByRole("heading", { name: /^Sign in to / }).waitFor();
  await page.screenshot({ path: path.join(shots, "premium-signin-link-phone.png"), fullPage: true });
  await Promise.all([page.waitForURL(`${base}/account`), page.getByRole("button", { name: "Sign in", exact: true }).click()]);
  await page.getByText(email).waitFor();
  // The link worked once: opening it again and pressing the button says it was used.
  await context.clearCookies();
  await page.goto(link);
  await Promise.all([page.waitForURL(/signin=expired/), page.getByRole("button", { name: "Sign in", exact: true }).click()]);
  await page.getByText("That sign-in link has expired or was already used.").waitFor();
  await context.close();
});

test("without JavaScript the plans page's form goes on to Stripe's Checkout (issue 23: the same Checkout redirect as the dialog)", async () => {
  const context = await browser.newContext({ viewport: VIEWPORTS.phone, baseURL: base, javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/subscribe");
  await page.locator("#form-plans input[value=annual]").check({ force: true });
  await page.locator("#form-plans input[type=email]").fill("no-script-buyer@example.com");
  await Promise.all([page.waitForURL(`${stripe.url}/checkout/**`), page.getByRole("button", { name: "Subscribe Now" }).click()]);
  const call = stripe.calls.filter((c) => c.path === "/v1/checkout/sessions").at(-1)!;
  expect([call.form.get("customer_email"), call.form.get("metadata[plan]")]).toEqual(["no-script-buyer@example.com", "annual"]);
  await context.close();
});

test("the administrator's premium screen lists members and payments", async () => {
  const context = await browser.newContext({ viewport: VIEWPORTS.desktop, baseURL: base });
  await context.addCookies([{ name: adminCookie.split("=")[0], value: adminCookie.split("=").slice(1).join("="), url: base }]);
  const page = await context.newPage();
  answerAfterHydration(page);
  await page.goto("/premium");
  await page.getByRole("heading", { name: /^Members \(\d+\)$/ }).waitFor();
  await page.getByRole("heading", { name: /^Payments \(\d+\)$/ }).waitFor();
  await page.locator("[data-payment-id]").first().getByText("$199.99").waitFor();
  await page.screenshot({ path: path.join(shots, "premium-admin-desktop.png"), fullPage: true });
  await context.close();
});
