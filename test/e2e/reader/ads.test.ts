// A second server with AD_CLIENT_ID and a non-UTC SITE_TIMEZONE. With AD_CLIENT_ID configured: the ad network's script is requested once, the fixed slots carry the client and
// slot ids, the CSP allows the network, and a failed script load is only logged to the console.
import { jest } from "@jest/globals";
import type { Browser } from "playwright-core";
import { connectBrowser } from "../browser.js";
import { startOwnServer, type OwnServer } from "../ownServer.js";

jest.setTimeout(90_000);
let browser: Browser;
let server: OwnServer;
let base: string;

beforeAll(async () => {
  browser = await connectBrowser();
  server = await startOwnServer("ads", () => ({ SEED: "true", ADMIN_PASSWORD: "ads-password", AD_CLIENT_ID: "ca-pub-1234567890", SITE_TIMEZONE: "America/Los_Angeles" }));
  base = server.base;
});
afterAll(async () => {
  await browser.close();
  await server?.stop();
});

test("the ad script loads once with the client id; slots keep their size; a failed load is only a console message", async () => {
  const res = await fetch(`${base}/`);
  expect(res.headers.get("content-security-policy")).toContain("https://pagead2.googlesyndication.com");
  const html = await res.text();
  expect(html).toContain('<meta name="ad-client" content="ca-pub-1234567890">');
  const context = await browser.newContext({ baseURL: base });
  await context.route("**/api/events", (r) => r.fulfill({ status: 204, body: "" }));
  const adRequests: string[] = [];
  await context.route("https://pagead2.googlesyndication.com/**", (route) => {
    adRequests.push(route.request().url());
    return route.abort("failed");
  });
  const page = await context.newPage();
  const messages: string[] = [];
  const pageErrors: string[] = [];
  page.on("console", (m) => messages.push(`${m.type()}: ${m.text()}`));
  page.on("pageerror", (e) => pageErrors.push(String(e)));
  // The ad script is added at idle time; the route above counts its request and fails it.
  const adTried = page.waitForEvent("requestfailed", (r) => r.url().includes("adsbygoogle.js"));
  await page.goto("/", { waitUntil: "networkidle" });
  await page.waitForFunction(() => document.querySelectorAll('script[src*="adsbygoogle.js"]').length === 1);
  await adTried;
  expect(adRequests).toEqual(["https://pagead2.googlesyndication.com/pagead/js/adsbygoogle.js?client=ca-pub-1234567890"]);
  const slots = await page.locator("ins.adsbygoogle").evaluateAll((els) => els.map((e) => [e.getAttribute("data-ad-client"), e.getAttribute("data-ad-slot")]));
  expect(slots).toEqual([["ca-pub-1234567890", "1000000001"], ["ca-pub-1234567890", "1000000004"]]);
  await expect(page.locator(".top-ad .ad-slot").evaluate((el) => el.getBoundingClientRect().height)).resolves.toBe(90);
  expect(messages.some((m) => m.includes("Advertising script failed to load"))).toBe(true);
  expect(pageErrors).toEqual([]);
  await expect(page.locator(".toast").count()).resolves.toBe(0);
  await context.close();
});

test("dates and comment times are shown in SITE_TIMEZONE on the server and in the browser alike, without hydration errors", async () => {
  const [article] = (await (await fetch(`${base}/api/articles?limit=1`)).json()) as Array<{ id: number; slug: string; publishedAt: string }>;
  const posted = await fetch(`${base}/api/articles/${article.id}/comments`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ authorName: "Zone Reader", authorEmail: "zone@example.com", content: "Checking the clock." }) });
  const comment = (await posted.json()) as { createdAt: string; isApproved: boolean };
  expect(comment.isApproved).toBe(true);
  const parts = Object.fromEntries(new Intl.DateTimeFormat("en-US", { timeZone: "America/Los_Angeles", year: "numeric", month: "numeric", day: "numeric", hour: "numeric", minute: "2-digit", hour12: true }).formatToParts(new Date(comment.createdAt)).map((p) => [p.type, p.value]));
  const expected = `${parts.month}/${parts.day}/${parts.year}, ${parts.hour}:${parts.minute} ${parts.dayPeriod.toUpperCase()}`;
  const html = await (await fetch(`${base}/article/${article.slug}`)).text();
  expect(html).toContain('<meta name="site-timezone" content="America/Los_Angeles">');
  expect(html).toContain(`<time dateTime="${comment.createdAt}">${expected}</time>`);
  const context = await browser.newContext({ baseURL: base, timezoneId: "Asia/Tokyo" });
  await context.route("**/api/events", (r) => r.fulfill({ status: 204, body: "" }));
  await context.route("https://pagead2.googlesyndication.com/**", (route) => route.abort("failed"));
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  page.on("console", (m) => m.type() === "error" && !m.text().startsWith("Failed to load resource") && errors.push(m.text()));
  await page.goto(`/article/${article.slug}`, { waitUntil: "networkidle" });
  await expect(page.locator(".comment time").first().innerText()).resolves.toBe(expected);
  expect(errors).toEqual([]);
  await context.close();
});

test("pages whose URL carries a secret carry no ad script, ad slot or ad client, load nothing from another host, and send no referrer", async () => {
  const login = await fetch(`${base}/api/admin/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ password: "ads-password" }) });
  const cookie = login.headers.get("set-cookie")!.split(";")[0];
  const adminPost = (path: string, body: unknown = {}) => fetch(base + path, { method: "POST", headers: { "content-type": "application/json", cookie }, body: JSON.stringify(body) }).then((r) => r.json() as Promise<Record<string, any>>);
  // a draft whose picture lives on another host: even that image must not be fetched from the preview
  const draft = await adminPost("/api/articles", { title: "Embargoed frigate order", content: "## Embargoed\n\nNot yet public.", status: "draft", imageUrl: "https://images.example.com/frigate.jpg", imageAlt: "A frigate" });
  const preview = new URL((await adminPost(`/api/articles/${draft.id}/previews`)).url as string);
  const pages = [preview.pathname, "/preview/unknown-token", "/unsubscribe?token=abc.def", "/newsletter/confirm?token=abc.def", "/account/verify?token=abc", "/staff/accept?token=abc", "/staff/reset?token=abc"];
  for (const path of pages) {
    const res = await fetch(base + path);
    const html = await res.text();
    expect([path, res.headers.get("referrer-policy")]).toEqual([path, "same-origin"]);
    expect([path, res.headers.get("content-security-policy")!.includes("googlesyndication")]).toEqual([path, false]);
    // (the inlined stylesheet names .ad-slot and .adsbygoogle: look for elements, not words)
    for (const marker of ["googlesyndication", 'class="ad-slot', 'class="adsbygoogle', 'name="ad-client"', "ca-pub-1234567890"]) expect([path, marker, html.includes(marker)]).toEqual([path, marker, false]);
  }
  const previewHtml = await (await fetch(base + preview.pathname)).text();
  expect(previewHtml).toContain("Embargoed frigate order");
  // the off-site picture is not loaded (the CSP allows none), and the notice says why
  expect(previewHtml).toContain("Pictures from other sites are not loaded here, so that no other site learns this link");

  const context = await browser.newContext({ baseURL: base });
  const elsewhere: string[] = [];
  await context.route((url) => url.origin !== base, (route) => {
    elsewhere.push(route.request().url());
    return route.abort("blockedbyclient");
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  for (const path of pages) {
    await page.goto(path, { waitUntil: "networkidle" });
    // the ad script would be added at idle time: give it that time
    await page.evaluate(() => new Promise((resolve) => requestIdleCallback(() => setTimeout(resolve, 500))));
    expect([path, await page.locator(".ad-slot, ins.adsbygoogle, script[src*='googlesyndication']").count()]).toEqual([path, 0]);
  }
  await page.goto(preview.pathname, { waitUntil: "networkidle" });
  await expect(page.locator("h1.article-title").innerText()).resolves.toBe("Embargoed frigate order");
  expect(elsewhere).toEqual([]);
  expect(errors).toEqual([]);
  // the same site's ordinary pages still show ads (the first test loads the script; here: the slots)
  await page.goto("/", { waitUntil: "networkidle" });
  expect(await page.locator("ins.adsbygoogle").count()).toBeGreaterThan(0);
  await context.close();
});
