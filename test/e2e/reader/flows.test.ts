// The reader's interactive flows in Chromium: header search and mobile menu, premium dialog, newsletter forms,
// article tools (share, copy, save, contents), comments, and that hostile markup never runs. What depends on
// time (polling, toast lifetime, tooltip delay) is in timing.test.ts, on a controlled clock.
import { jest } from "@jest/globals";
import type { Browser, Page } from "playwright-core";
import { baseUrl, connectBrowser, VIEWPORTS } from "../browser.js";
import { adminRequest, beaconsAnswered, createArticle, unique, waitForToast, openPage } from "../readerSupport.js";

jest.setTimeout(60_000);
let browser: Browser;
beforeAll(async () => {
  browser = await connectBrowser();
});
afterAll(() => browser.close());

const open = (path: string, viewport?: { width: number; height: number }) => openPage(browser, path, viewport);
const squash = (s: string) => s.replace(/\n+/g, "\n");
const text = (page: Page, selector: string) => page.locator(selector).first().innerText();

describe("header", () => {
  test("search trims the query, goes to /search?q=…, and ignores an empty query", async () => {
    const { page, context } = await open("/");
    const input = page.getByPlaceholder("Search news...").first();
    const historyLength = () => page.evaluate(() => window.history.length);
    const before = await historyLength();
    await input.fill("   ");
    await input.press("Enter");
    await input.fill("  frigate  ");
    await input.press("Enter");
    await page.waitForURL("**/search?q=frigate");
    // One navigation in all: the empty query went nowhere.
    expect(await historyLength()).toBe(before + 1);
    await page.locator(".results-count").waitFor();
    await expect(page.locator("#search-page-input").inputValue()).resolves.toBe("frigate");
    await context.close();
  });

  test("the seven category links, the Subscribe button and the red BREAKING: ticker", async () => {
    const { page, context } = await open("/");
    const hrefs = await page.locator("#primary-nav a").evaluateAll((as) => as.map((a) => a.getAttribute("href")));
    expect(hrefs).toEqual(["/", "/category/land", "/category/sea", "/category/air", "/category/intelligence", "/category/security", "/category/politics", "/category/analysis"]);
    await expect(text(page, ".ticker-label")).resolves.toBe("BREAKING:");
    const bg = await page.locator(".ticker").evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(bg).toBe("rgb(185, 28, 28)");
    await context.close();
  });

  test("on a phone the menu and the search are toggles; Escape closes the menu and returns focus", async () => {
    const { page, context } = await open("/", VIEWPORTS.phone);
    await expect(page.locator("#primary-nav").isVisible()).resolves.toBe(false);
    const toggle = page.getByRole("button", { name: "Open menu" });
    await toggle.click();
    await expect(page.locator("#primary-nav").isVisible()).resolves.toBe(true);
    await expect(page.locator(".menu-toggle").getAttribute("aria-expanded")).resolves.toBe("true");
    await expect(page.evaluate(() => document.activeElement?.getAttribute("href"))).resolves.toBe("/");
    await page.keyboard.press("Escape");
    await expect(page.locator("#primary-nav").isVisible()).resolves.toBe(false);
    await expect(page.evaluate(() => document.activeElement?.classList.contains("menu-toggle"))).resolves.toBe(true);
    await page.getByRole("button", { name: "Open menu" }).click();
    await page.locator("#primary-nav a", { hasText: "Sea" }).click();
    await page.waitForURL("**/category/sea");
    await page.locator("h1", { hasText: "Naval Operations" }).waitFor();
    await page.locator("#primary-nav").waitFor({ state: "hidden" });
    await page.getByRole("button", { name: "Open search" }).click();
    const search = page.locator("#mobile-search-input");
    await expect(search.isVisible()).resolves.toBe(true);
    await expect(page.evaluate(() => document.activeElement?.id)).resolves.toBe("mobile-search-input");
    await search.fill("navy");
    await search.press("Enter");
    await page.waitForURL("**/search?q=navy");
    await context.close();
  });
});

describe("subscriptions", () => {
  test("premium dialog: monthly by default, annual 'Save 20%', eight features, 'Email required', 'Processing...', success closes and clears", async () => {
    const { page, context } = await open("/");
    await page.getByRole("button", { name: "Subscribe", exact: true }).first().click();
    const dialog = page.locator("dialog.premium-dialog");
    // The dialog's code is loaded by that first click (until then "Subscribe" is a link to the plans page).
    await dialog.waitFor();
    await expect(dialog.locator('input[value="monthly"]').isChecked()).resolves.toBe(true);
    await expect(dialog.locator(".plan", { hasText: "Annual" }).innerText()).resolves.toContain("Save 20%");
    await expect(dialog.locator(".plan", { hasText: "Monthly" }).innerText()).resolves.toContain("$19.99");
    await expect(dialog.locator(".plan", { hasText: "Annual" }).innerText()).resolves.toContain("$199.99");
    await expect(dialog.locator(".feature-list li").count()).resolves.toBe(8);
    await dialog.getByRole("button", { name: "Subscribe Now" }).click();
    const missing = await waitForToast(page, "Email required");
    await expect(missing.innerText()).resolves.toContain("Please enter your email address to continue.");
    await expect(missing.getAttribute("class")).resolves.toContain("toast-destructive");
    await dialog.locator(".plan", { hasText: "Annual" }).click();
    await dialog.locator('input[type="email"]').fill(`${unique("premium")}@example.com`);
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route("**/api/trpc/premium.subscribe**", async (route) => {
      await held;
      await route.continue();
    });
    await dialog.locator("button[type=submit]").click();
    await dialog.locator("button[type=submit]", { hasText: "Processing..." }).waitFor();
    await expect(dialog.locator("button[type=submit]").isDisabled()).resolves.toBe(true);
    release();
    const ok = await waitForToast(page, "Subscription successful!");
    await expect(ok.innerText()).resolves.toContain("Welcome to the premium plan. Check your email for confirmation.");
    await dialog.waitFor({ state: "hidden" });
    await page.getByRole("button", { name: "Subscribe", exact: true }).first().click();
    await expect(dialog.locator('input[type="email"]').inputValue()).resolves.toBe("");
    await context.close();
  });

  test("premium failure shows the failure toast", async () => {
    const { page, context } = await open("/");
    await page.route("**/api/trpc/premium.subscribe**", (route) => route.fulfill({ status: 500, contentType: "application/json", body: JSON.stringify([{ error: { message: "boom", code: -32603, data: { code: "INTERNAL_SERVER_ERROR", httpStatus: 500 } } }]) }));
    await page.getByRole("button", { name: "Subscribe", exact: true }).first().click();
    await page.locator('dialog input[type="email"]').fill("someone@example.com");
    await page.locator("dialog button[type=submit]").click();
    const toast = await waitForToast(page, "Subscription failed");
    await expect(toast.innerText()).resolves.toContain("Please try again later or contact support.");
    await context.close();
  });

  test("home and footer newsletter forms subscribe with their toasts and clear the input; failure toast", async () => {
    const { page, context } = await open("/");
    const card = page.locator(".side-newsletter input[type=email]");
    await expect(card.getAttribute("required")).resolves.not.toBeNull();
    await card.fill(`${unique("news")}@example.com`);
    await page.locator(".side-newsletter button[type=submit]").click();
    const ok = await waitForToast(page, "Subscribed!");
    await expect(ok.innerText()).resolves.toContain("You'll receive daily defense briefings in your inbox.");
    await expect(card.inputValue()).resolves.toBe("");
    await expect(page.locator(".side-newsletter").innerText()).resolves.toContain("10,000+");
    const footer = page.locator(".newsletter-footer input[type=email]");
    await footer.fill(`${unique("footer")}@example.com`);
    await footer.press("Enter");
    await expect(page.locator(".toast", { hasText: "Subscribed!" }).count()).resolves.toBeGreaterThanOrEqual(1);
    await page.waitForFunction(() => (document.querySelector(".newsletter-footer input") as HTMLInputElement).value === "");
    await page.route("**/api/trpc/newsletter.subscribe**", (route) => route.fulfill({ status: 500, body: "" }));
    await card.fill("x@example.com");
    await page.locator(".side-newsletter button[type=submit]").click();
    const fail = await waitForToast(page, "Subscription failed");
    await expect(fail.innerText()).resolves.toContain("Please try again later.");
    await context.close();
  });

});

describe("article page", () => {
  test("shows every element: badges, date, title, excerpt, author, contents, body, last updated, share row, More Defence News", async () => {
    const a = await createArticle({ title: "Every element", excerpt: "The excerpt line.", isBreaking: true, category: "intelligence", imageUrl: "/images/sample/cyber.svg", imageAlt: "Circuit illustration", content: "# Top Level\n\nIntro.\n\n## Second Level!\n\nText.\n\n### Third: level\n\nMore." });
    const { page, context, events } = await open(`/article/${a.slug}`);
    await expect(page.title()).resolves.toBe("Every element | Defense Sentinel");
    await expect(page.locator(".article-badges").innerText()).resolves.toMatch(/BREAKING NEWS[\s\S]*INTELLIGENCE/);
    await expect(page.locator(".article-figure img").getAttribute("alt")).resolves.toBe("Circuit illustration");
    await expect(text(page, ".article-excerpt")).resolves.toBe("The excerpt line.");
    await expect(text(page, ".author")).resolves.toBe("By Defense Sentinel Staff");
    await expect(page.locator(".article-byline time").count()).resolves.toBe(1);
    await expect(text(page, ".article-updated")).resolves.toMatch(/^Last updated: \w+ \d+, \d{4}$/);
    await expect(page.locator("#toc-list").isVisible()).resolves.toBe(false);
    await page.getByRole("button", { name: "Contents" }).click();
    const items = page.locator("#toc-list li");
    await expect(items.allInnerTexts()).resolves.toEqual(["Top Level", "Second Level!", "Third: level"]);
    const pads = await items.evaluateAll((lis) => lis.map((li) => getComputedStyle(li).paddingLeft));
    expect(pads).toEqual(["0px", "16px", "32px"]);
    await page.locator("#toc-list a", { hasText: "Third: level" }).click();
    await page.waitForFunction(() => document.activeElement?.id === "third-level");
    expect(page.url()).toContain("#third-level");
    await expect(page.locator(".article-body h2#second-level").count()).resolves.toBe(1);
    await expect(page.locator(".more-news h2").innerText()).resolves.toBe("More Defence News");
    const homeView = beaconsAnswered(page, 1, (e) => e.type === "pageview" && e.path === "/");
    await page.getByRole("button", { name: "View Latest Articles" }).click();
    await page.waitForURL(`${baseUrl()}/`);
    await homeView;
    expect(events.filter((e) => e.type === "pageview")).toEqual(expect.arrayContaining([expect.objectContaining({ path: `/article/${a.slug}`, articleId: a.id }), expect.objectContaining({ path: "/" })]));
    await context.close();
  });

  test("no headings: no Contents toggle; no date: 'Just published' is never needed for published articles; image alt from imageAlt", async () => {
    const a = await createArticle({ content: "Just a paragraph.", imageUrl: "/images/sample/map.svg", imageAlt: "A map of the region" });
    const { page, context } = await open(`/article/${a.slug}`);
    await expect(page.getByRole("button", { name: "Contents" }).count()).resolves.toBe(0);
    await expect(page.locator(".article-figure img").getAttribute("alt")).resolves.toBe("A map of the region");
    await context.close();
  });

  test("share links: microblog intent with three hashtags, social sharer, professional network in 600x400 popups; e-mail link; Copy Link toasts", async () => {
    const a = await createArticle({ title: "Share me & more" });
    const { page, context, events } = await open(`/article/${a.slug}`);
    const fiveShares = beaconsAnswered(page, 5, (e) => e.type === "share");
    const url = `${baseUrl()}/article/${a.slug}`;
    const row = page.locator(".share-row");
    await expect(row.locator(".share-x").getAttribute("href")).resolves.toBe(`https://twitter.com/intent/tweet?text=${encodeURIComponent("Share me & more")}&url=${encodeURIComponent(url)}&hashtags=Defense,Military,NationalSecurity`);
    await expect(row.locator(".share-facebook").getAttribute("href")).resolves.toBe(`https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(url)}`);
    await expect(row.locator(".share-linkedin").getAttribute("href")).resolves.toBe(`https://www.linkedin.com/sharing/share-offsite/?url=${encodeURIComponent(url)}`);
    await expect(row.locator(".share-email").getAttribute("href")).resolves.toBe(`mailto:?subject=${encodeURIComponent("Share me & more")}&body=${encodeURIComponent(`Check out this article from Defense Sentinel: ${url}`)}`);
    await page.evaluate(() => {
      (window as unknown as { opened: unknown[] }).opened = [];
      window.open = ((...args: unknown[]) => {
        (window as unknown as { opened: unknown[] }).opened.push(args);
        return null;
      }) as typeof window.open;
    });
    await row.locator(".share-x").click();
    await row.locator(".share-facebook").click();
    await page.locator(".share-control button").click();
    await page.getByRole("menuitem", { name: /LinkedIn/ }).click();
    const opened = (await page.evaluate(() => (window as unknown as { opened: string[][] }).opened)) as string[][];
    expect(opened.map((o) => o[0].split("?")[0])).toEqual(["https://twitter.com/intent/tweet", "https://www.facebook.com/sharer/sharer.php", "https://www.linkedin.com/sharing/share-offsite/"]);
    for (const o of opened) expect(o[2]).toContain("width=600,height=400");
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseUrl() });
    await row.getByRole("button", { name: "Copy Link" }).click();
    const copied = await waitForToast(page, "Link copied!");
    await expect(copied.innerText()).resolves.toContain("The article link has been copied to your clipboard.");
    await expect(page.evaluate(() => navigator.clipboard.readText())).resolves.toBe(url);
    await page.evaluate(() => {
      Object.defineProperty(navigator, "clipboard", { value: { writeText: () => Promise.reject(new Error("denied")) } });
    });
    await row.getByRole("button", { name: "Copy Link" }).click();
    const failed = await waitForToast(page, "Copy failed");
    await expect(failed.innerText()).resolves.toContain("Please try again or copy the URL manually.");
    await fiveShares;
    const shares = events.filter((e) => e.type === "share").map((e) => e.network);
    expect(shares).toEqual(["x", "facebook", "linkedin", "copy", "copy"]);
    await context.close();
  });

  test("'Save' keeps the article in a reading list that /saved lists, across reloads", async () => {
    const a = await createArticle({ title: `Saved ${unique("s")}` });
    const { page, context } = await open(`/article/${a.slug}`);
    const save = page.locator(".article-tools button", { hasText: /^Save/ });
    await save.click();
    await expect(save.getAttribute("aria-pressed")).resolves.toBe("true");
    await expect(save.innerText()).resolves.toBe("Saved");
    await page.goto("/saved", { waitUntil: "networkidle" });
    await expect(page.locator(".saved-list .card-title").allInnerTexts()).resolves.toEqual([a.title]);
    await page.locator(".saved-list .card-link").click();
    await page.waitForURL(`**/article/${a.slug}`);
    await page.locator(".article-tools button", { hasText: "Saved" }).click();
    await page.goto("/saved", { waitUntil: "networkidle" });
    await expect(page.locator(".empty-title").innerText()).resolves.toBe("No saved articles yet");
    await context.close();
  });

  test("an unknown article shows the not-found alert with the error text", async () => {
    const { page, context } = await open("/article/this-does-not-exist");
    const alert = page.getByRole("alert").filter({ hasText: "Article not found" });
    await expect(alert.innerText().then(squash)).resolves.toBe("Article not found. Please check the URL or return to the homepage.\nFailed to fetch article: 404");
    await context.close();
  });
});

describe("comments", () => {
  test("missing fields, 'Posting...', posted toast, 'Discussion (n)', Verified Reader, US timestamp, form cleared", async () => {
    const a = await createArticle();
    const { page, context } = await open(`/article/${a.slug}`);
    await expect(page.locator("#comments-title").innerText()).resolves.toBe("Discussion (0)");
    await expect(page.locator(".comments .empty-state").innerText().then(squash)).resolves.toBe("No comments yet\nBe the first to share your thoughts on this article");
    await expect(page.locator(".comments").innerText()).resolves.toContain("Your email will not be published");
    await expect(page.locator(".comments").innerText()).resolves.toContain("Comments are automatically filtered for quality and will post immediately");
    await expect(page.locator(".comment-form input[type=email]").count()).resolves.toBe(1);
    await page.locator(".comment-form textarea").fill("Only a comment");
    await page.getByRole("button", { name: "Post Comment" }).click();
    const missing = await waitForToast(page, "Missing information");
    await expect(missing.innerText()).resolves.toContain("Please fill in all fields");
    await page.getByLabel("Name").fill("Jane Carter");
    await page.getByLabel("Email", { exact: true }).fill("jane@example.com");
    await page.getByLabel("Comment").fill("A thoughtful point about logistics.\nSecond line.");
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route("**/api/trpc/comments.create**", async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole("button", { name: "Post Comment" }).click();
    await page.locator(".comment-form button[type=submit]", { hasText: "Posting..." }).waitFor();
    release();
    const posted = await waitForToast(page, "Comment posted");
    await expect(posted.innerText()).resolves.toContain("Your comment has been posted successfully.");
    await page.locator(".comment").first().waitFor();
    await expect(page.locator("#comments-title").innerText()).resolves.toBe("Discussion (1)");
    const comment = page.locator(".comment").first();
    await expect(comment.innerText()).resolves.toContain("Jane Carter");
    await expect(comment.locator(".badge-verified").innerText()).resolves.toBe("Verified Reader");
    await expect(comment.locator("time").innerText()).resolves.toMatch(/^\d{1,2}\/\d{1,2}\/\d{4}, \d{1,2}:\d{2} (AM|PM)$/);
    await expect(comment.innerText()).resolves.not.toContain("jane@example.com");
    await expect(page.getByLabel("Name").inputValue()).resolves.toBe("");
    await expect(page.getByLabel("Comment").inputValue()).resolves.toBe("");
    await context.close();
  });

  test("a comment caught by the honeypot is held: 'Comment awaiting review' and it is not shown", async () => {
    const a = await createArticle();
    const { page, context } = await open(`/article/${a.slug}`);
    await expect(page.locator('input[name="website"]').count()).resolves.toBe(1);
    await page.getByLabel("Name").fill("Bot");
    await page.getByLabel("Email", { exact: true }).fill("bot@example.com");
    await page.getByLabel("Comment").fill("Buy things");
    await page.locator('input[name="website"]').fill("http://spam.example", { force: true });
    await page.getByRole("button", { name: "Post Comment" }).click();
    const held = await waitForToast(page, "Comment awaiting review");
    await expect(held.innerText()).resolves.toContain("Your comment will appear after a moderator approves it.");
    await expect(page.locator("#comments-title").innerText()).resolves.toBe("Discussion (0)");
    await context.close();
  });

  test("a failed post shows a destructive 'Error' toast and keeps the form", async () => {
    const a = await createArticle();
    const { page, context } = await open(`/article/${a.slug}`);
    await page.getByLabel("Name").fill("Kept");
    await page.getByLabel("Email", { exact: true }).fill("not-an-email");
    await page.getByLabel("Comment").fill("Kept text");
    await page.getByRole("button", { name: "Post Comment" }).click();
    const error = await waitForToast(page, "Error");
    await expect(error.getAttribute("class")).resolves.toContain("toast-destructive");
    await expect(page.getByLabel("Comment").inputValue()).resolves.toBe("Kept text");
    await expect(page.locator(".comment-form button[type=submit]").innerText()).resolves.toBe("Post Comment");
    await context.close();
  });

});

describe("hostile markup", () => {
  test("<script>, onerror and javascript: in article markdown and comments never run", async () => {
    const a = await createArticle({
      content: '# Title\n\n<script>window.__xss = 1</script>\n\n<img src="x" onerror="window.__xss = 2">\n\n[click me](javascript:window.__xss=3)\n\n<a href="javascript:window.__xss=4">raw</a>',
    });
    const { page, context } = await open(`/article/${a.slug}`);
    await page.getByLabel("Name").fill("<img src=x onerror=window.__xss=5>");
    await page.getByLabel("Email", { exact: true }).fill("x@example.com");
    await page.getByLabel("Comment").fill('<script>window.__xss=6</script><a href="javascript:window.__xss=7">x</a>');
    await page.getByRole("button", { name: "Post Comment" }).click();
    await page.locator(".toast").first().waitFor();
    await page.reload({ waitUntil: "networkidle" });
    const links = page.locator(".article-body a");
    // What could run script is not in the page at all; clicking every link then sets nothing.
    const html = await page.locator(".article-body").innerHTML();
    expect(html).not.toMatch(/<script|onerror|javascript:/i);
    for (let i = 0; i < (await links.count()); i++) await links.nth(i).click({ noWaitAfter: true }).catch(() => undefined);
    await expect(page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).resolves.toBeUndefined();
    await context.close();
  });
});

describe("admin session never changes public pages", () => {
  test("inactive business contacts stay out of the footer", async () => {
    const label = unique("Inactive desk");
    const created = await adminRequest("POST", "/api/business-contacts", { label, email: "inactive@example.com", isActive: false });
    expect(created.status).toBe(201);
    const { page, context } = await open("/");
    await expect(page.locator(".site-footer").innerText()).resolves.not.toContain(label);
    await context.close();
    await adminRequest("DELETE", `/api/business-contacts/${created.body.id}`);
  });
});

describe("client-side navigation", () => {
  test("a new page starts at the top with focus on its content; a missing static page shows 'Page not found'", async () => {
    const { page, context } = await open("/", VIEWPORTS.phone);
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.route("**/api/trpc/pages.get**", (route) =>
      route.fulfill({ status: 404, contentType: "application/json", body: JSON.stringify([{ error: { message: "Page not found", code: -32004, data: { code: "NOT_FOUND", httpStatus: 404 } } }]) }),
    );
    await page.locator(".footer-links a", { hasText: "Corrections" }).click();
    await page.waitForURL("**/corrections");
    await page.locator("h1", { hasText: "Page not found" }).waitFor();
    await expect(page.evaluate(() => window.scrollY)).resolves.toBe(0);
    await expect(page.evaluate(() => document.activeElement?.id)).resolves.toBe("main");
    await context.close();
  });

  test("a missing article reached in the app is asked for once (no retries on a 404) and shows the not-found alert", async () => {
    const { page, context } = await open("/");
    // A controlled clock: running it far ahead fires any retry timer at once.
    await page.clock.install();
    const asked: string[] = [];
    page.on("request", (r) => r.url().includes("articles.bySlug") && asked.push(r.url()));
    await page.evaluate(() => {
      window.history.pushState({}, "", "/article/never-existed-here");
      window.dispatchEvent(new PopStateEvent("popstate"));
    });
    await page.getByRole("alert").filter({ hasText: "Article not found" }).waitFor();
    await page.clock.runFor(60_000);
    await page.waitForLoadState("networkidle");
    expect(asked).toHaveLength(1);
    await expect(page.title()).resolves.toBe("Article not found | Defense Sentinel");
    await context.close();
  });

  test("site-relative links inside a static page's text navigate without reloading the app", async () => {
    const { page, context } = await open("/about");
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 42));
    await page.locator(".static-page .article-body a[href='/contact']").click();
    await page.waitForURL("**/contact");
    await page.locator(".static-page h1").waitFor();
    await expect(page.evaluate(() => (window as unknown as { marker?: number }).marker)).resolves.toBe(42);
    await context.close();
  });
});
