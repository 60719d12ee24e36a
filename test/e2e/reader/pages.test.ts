// The reader's pages in Chromium: home, category, search, static pages, 404, the frame's footer, cards,
// loading and error states on client-side navigation, and axe-core on the main pages.
import fs from "node:fs";
import { createRequire } from "node:module";
import { jest } from "@jest/globals";
import type { Browser, Page } from "playwright-core";
import { baseUrl, connectBrowser, VIEWPORTS } from "../browser.js";
import { captureEvents, createArticle, unique, openPage } from "../readerSupport.js";

jest.setTimeout(60_000);
let browser: Browser;
beforeAll(async () => {
  browser = await connectBrowser();
});
afterAll(() => browser.close());

const open = (path: string, viewport?: { width: number; height: number }) => openPage(browser, path, viewport);
const texts = (page: Page, selector: string) => page.locator(selector).allInnerTexts();

describe("home", () => {
  test("Featured Development is the newest breaking article, Latest Developments up to 7 more, sections of up to 3 non-breaking cards", async () => {
    const breaking: string[] = [];
    for (let i = 0; i < 9; i++) breaking.push((await createArticle({ isBreaking: true, title: `Breaking ${unique("b")}`, publishedAt: new Date(Date.now() - (9 - i) * 1000).toISOString() })).title);
    const land = await createArticle({ category: "land", title: `Land card ${unique("l")}` });
    const { page, context } = await open("/");
    await expect(page.locator(".home-featured .card-title").innerText()).resolves.toBe(breaking[8]);
    await expect(texts(page, ".home-latest .card-title")).resolves.toEqual(breaking.slice(1, 8).reverse());
    const sections = await texts(page, ".home-section .section-title");
    expect(sections.length).toBeGreaterThan(0);
    for (const s of await page.locator(".home-section").all()) {
      const n = await s.locator(".card").count();
      expect(n).toBeGreaterThanOrEqual(1);
      expect(n).toBeLessThanOrEqual(3);
      await expect(s.locator(".badge-breaking").count()).resolves.toBe(0);
    }
    const card = page.locator(".card", { hasText: land.title });
    await expect(card.locator("a").getAttribute("href")).resolves.toBe(`/article/${land.slug}`);
    await expect(card.locator("img").getAttribute("src")).resolves.toBe("/images/placeholder-article.svg");
    await expect(card.locator("time").innerText()).resolves.toBe("Just now");
    await context.close();
  });

  test("sidebar: 10,000+ newsletter card, Trending Topics with five labels, Defense Markets placeholders without data", async () => {
    const { page, context } = await open("/");
    await expect(page.locator(".side-newsletter").innerText()).resolves.toContain("10,000+");
    await expect(texts(page, ".trending-list .badge")).resolves.toEqual(["Hot", "Trending", "Rising", "Active", "Emerging"]);
    const markets = page.locator(".side-card", { hasText: "Defense Markets" });
    const quotes = await markets.locator(".stock-symbol").allInnerTexts();
    expect(quotes).toHaveLength(5);
    const note = await markets.locator(".side-note").innerText();
    if (note === "Market data unavailable") expect(quotes).toEqual(["LMT", "RTX", "BA", "NOC", "GD"]);
    else expect(note).toMatch(/^(Data delayed by 15 minutes|Closing prices of [A-Z][a-z]{2} \d{1,2}, \d{4})$/);
    await context.close();
  });

  test("footer: the nine links, active business contacts, a newsletter input", async () => {
    const { page, context } = await open("/");
    const hrefs = await page.locator(".footer-links a").evaluateAll((as) => as.map((a) => a.getAttribute("href")));
    expect(hrefs).toEqual(["/about", "/editorial-team", "/careers", "/partnerships", "/contact", "/privacy-policy", "/terms-of-service", "/legal", "/corrections"]);
    const contacts = (await (await fetch(`${baseUrl()}/api/business-contacts`)).json()) as Array<{ label: string; email: string }>;
    const footer = await page.locator(".site-footer").innerText();
    if (contacts.length === 0) expect(footer).toContain("Contact information will appear here once configured in the admin panel.");
    for (const c of contacts) expect(footer).toContain(c.email);
    await expect(page.locator(".site-footer input[type=email]").count()).resolves.toBe(1);
    await context.close();
  });
});

describe("category", () => {
  test("badge, heading, description and a 3-column grid of the category's cards", async () => {
    const a = await createArticle({ category: "sea", title: `Sea story ${unique("s")}` });
    const { page, context } = await open("/category/sea");
    await expect(page.title()).resolves.toBe("Naval Operations | Defense Sentinel");
    await expect(page.locator(".page-header .badge").innerText()).resolves.toMatch(/naval operations/i);
    await expect(page.locator("h1").innerText()).resolves.toBe("Naval Operations");
    await expect(page.locator(".page-desc").innerText()).resolves.toBeTruthy();
    await expect(page.locator(".card-title", { hasText: a.title }).count()).resolves.toBe(1);
    const columns = await page.locator(".card-grid").evaluate((el) => getComputedStyle(el).gridTemplateColumns.split(" ").length);
    expect(columns).toBe(3);
    await context.close();
  });

  test("category labels; politics and any other value capitalised; unknown value shows the empty state", async () => {
    const labels: Record<string, string> = { land: "Land Operations", sea: "Naval Operations", air: "Air Power", intelligence: "Intelligence & Cyber", security: "Security & Defense", analysis: "Strategic Analysis", politics: "Politics" };
    const { page, context } = await open("/");
    for (const [slug, label] of Object.entries(labels)) {
      await page.goto(`/category/${slug}`);
      await expect(page.locator("h1").innerText()).resolves.toBe(label);
    }
    await page.goto("/category/space", { waitUntil: "networkidle" });
    await expect(page.locator("h1").innerText()).resolves.toBe("Space");
    await expect(page.locator(".empty-state").innerText()).resolves.toMatch(/No Articles Found\s+No articles are currently available in the Space category\./);
    await page.goto("/category");
    await expect(page.locator("h1").innerText()).resolves.toBe("Category not found");
    await context.close();
  });

  test("a long category pages by 30: 'Older articles' and 'Newer articles' links, each page server-rendered", async () => {
    for (let i = 0; i < 31; i++) await createArticle({ category: "analysis", title: `Analysis page test ${unique("p")}` });
    const { page, context } = await open("/category/analysis");
    await expect(page.locator(".card").count()).resolves.toBe(30);
    const firstPage = await texts(page, ".card-title");
    await page.getByRole("link", { name: "Older articles →" }).click();
    await page.waitForURL("**/category/analysis?page=2");
    await page.waitForFunction((first) => { const t = document.querySelector(".card-title"); return t !== null && t.textContent !== first; }, firstPage[0]);
    const secondPage = await texts(page, ".card-title");
    expect(secondPage.length).toBeGreaterThan(0);
    expect(secondPage.filter((t) => firstPage.includes(t))).toEqual([]);
    const html = await (await fetch(`${baseUrl()}/category/analysis?page=2`)).text();
    expect(html).toContain(secondPage[0].replace(/&/g, "&amp;"));
    expect(html).toContain(`<link rel="canonical" href="${baseUrl()}/category/analysis?page=2">`);
    await page.getByRole("link", { name: "← Newer articles" }).click();
    await page.waitForURL("**/category/analysis");
    await page.waitForFunction(() => document.querySelectorAll(".card-title").length === 30);
    await context.close();
  });

  test("client-side navigation shows 6 skeleton cards while loading, then the error state when the load fails", async () => {
    const { page, context } = await open("/");
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route("**/api/trpc/articles.cards**", async (route) => {
      await held;
      await route.fulfill({ status: 500, contentType: "application/json", body: JSON.stringify([{ error: { message: "down", code: -32603, data: { code: "INTERNAL_SERVER_ERROR", httpStatus: 500 } } }]) });
    });
    await page.locator("#primary-nav a", { hasText: "Air" }).click();
    await page.waitForURL("**/category/air");
    await page.locator(".skeleton-card").first().waitFor();
    await expect(page.locator(".skeleton-card").count()).resolves.toBe(6);
    release();
    await page.locator(".empty-state", { hasText: "Error Loading Category" }).waitFor();
    await expect(page.locator(".empty-state").innerText()).resolves.toContain("Unable to load articles for this category. Please try again later.");
    await context.close();
  });
});

describe("search", () => {
  test("no query: 'Enter a search term'; no match: 'No results found'; one character: 'Enter at least 2 characters'; popular articles and category browse", async () => {
    const { page, context } = await open("/search");
    await expect(page.locator(".empty-title").innerText()).resolves.toBe("Enter a search term");
    await expect(page.locator(".popular-list li").count()).resolves.toBe(5);
    await expect(page.locator(".popular-list a").first().getAttribute("href")).resolves.toMatch(/^\/article\//);
    await expect(page.locator(".browse-list a").count()).resolves.toBe(7);
    await page.goto(`/search?q=${unique("nothing-matches")}`, { waitUntil: "networkidle" });
    await expect(page.locator(".empty-title").innerText()).resolves.toBe("No results found");
    await page.goto("/search?q=x", { waitUntil: "networkidle" });
    await expect(page.locator(".empty-title").innerText()).resolves.toBe("Enter at least 2 characters");
    await context.close();
  });

  test("asks the server with q, keeps the query in the form, counts results and shows the mid-page ad above 6 results", async () => {
    const word = unique("zebrafleet");
    for (let i = 0; i < 7; i++) await createArticle({ title: `${word} report ${i}` });
    const few = unique("lonely");
    await createArticle({ excerpt: `Mentions ${few} once.` });
    const { page, context } = await open("/");
    const requests: string[] = [];
    page.on("request", (r) => r.url().includes("/api/trpc/") && requests.push(decodeURIComponent(r.url())));
    await page.getByPlaceholder("Search news...").first().fill(word);
    await page.getByPlaceholder("Search news...").first().press("Enter");
    await page.locator(".results-count").waitFor();
    expect(requests.some((u) => u.includes("search.results") && u.includes(`"q":"${word}"`))).toBe(true);
    await expect(page.locator("#search-page-input").inputValue()).resolves.toBe(word);
    await expect(page.locator(".results-count").innerText()).resolves.toBe(`7 results for “${word}”`);
    await expect(page.locator(".main-col .card").count()).resolves.toBe(7);
    await expect(page.locator(".mid-ad").count()).resolves.toBe(1);
    await page.goto(`/search?q=${few}`, { waitUntil: "networkidle" });
    await expect(page.locator(".results-count").innerText()).resolves.toBe(`1 result for “${few}”`);
    await expect(page.locator(".mid-ad").count()).resolves.toBe(0);
    const slots = await page.locator("[data-ad-slot-id]").evaluateAll((els) => els.map((e) => e.getAttribute("data-ad-slot-id")));
    expect(slots).toEqual(["1000000005", "1000000004", "1000000007"]);
    await context.close();
  });
});

describe("static pages and unknown routes", () => {
  test("a static page shows its server-rendered markdown; unknown paths are 'Page Not Found' with a 404", async () => {
    const { page, context, response } = await open("/corrections");
    expect(response?.status()).toBe(200);
    await expect(page.locator(".static-page h1").innerText()).resolves.toBeTruthy();
    await expect(page.locator(".static-page .article-body").innerText()).resolves.toBeTruthy();
    const missing = await page.goto("/definitely/not/here");
    expect(missing?.status()).toBe(404);
    await expect(page.locator("h1").innerText()).resolves.toBe("Page Not Found");
    await context.close();
  });

  test("without an ad client id the ad slots take no space (issue 23: no empty boxes) and no ad script loads", async () => {
    const a = await createArticle();
    const { page, context } = await open(`/article/${a.slug}`);
    const slots = await page.locator("[data-ad-slot-id]").evaluateAll((els) => els.map((e) => [e.getAttribute("data-ad-slot-id"), Math.round(e.getBoundingClientRect().height)]));
    expect(slots).toEqual([["1000000001", 0], ["1000000002", 0], ["1000000003", 0]]);
    await expect(page.locator('script[src*="googlesyndication"]').count()).resolves.toBe(0);
    await context.close();
  });
});

describe("accessibility", () => {
  const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
  test.each([["home", "/"], ["article", "ARTICLE"], ["category", "/category/land"], ["search", "/search?q=navy"]])("%s page has no serious or critical axe-core violations", async (_name, path) => {
    const target = path === "ARTICLE" ? `/article/${(await createArticle({ content: "## Section\n\nText with a [link](https://example.com)." })).slug}` : path;
    for (const viewport of [VIEWPORTS.desktop, VIEWPORTS.phone]) {
      const context = await browser.newContext({ viewport, bypassCSP: true, baseURL: baseUrl() });
      await captureEvents(context);
      const page = await context.newPage();
      await page.goto(target, { waitUntil: "networkidle" });
      await page.addScriptTag({ content: axeSource });
      const violations = (await page.evaluate(async () => {
        const result = await (window as unknown as { axe: { run: (ctx: unknown, opts: unknown) => Promise<{ violations: Array<{ id: string; impact: string; nodes: Array<{ target: string[] }> }> }> } }).axe.run(document, { resultTypes: ["violations"] });
        return result.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
      })) as string[];
      expect(violations).toEqual([]);
      await context.close();
    }
  });
});
