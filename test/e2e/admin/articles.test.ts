// The administrator's articles table in a real browser: paging, bulk delete and the failures it reports.
import type { Browser } from "playwright-core";
import { connectBrowser } from "../browser.js";
import { adminPage, api, confirmDialog, toast, unique } from "../adminSupport.js";

let browser: Browser;
beforeAll(async () => {
  browser = await connectBrowser();
});
afterAll(() => browser.close());

describe("articles table", () => {
  test("pages through 45 new articles 20 at a time and bulk-deletes, reporting failures", async () => {
    const prefix = unique("Paging");
    const ids: number[] = [];
    for (let i = 0; i < 45; i++) {
      const res = await api("POST", "/articles", { title: `${prefix} ${String(i).padStart(2, "0")}`, content: "Body", status: i % 3 === 0 ? "draft" : i % 3 === 1 ? "published" : "archived", publishedAt: new Date(Date.UTC(2001, 0, 1, 0, i)).toISOString() });
      expect(res.status).toBe(201);
      ids.push(res.body.id);
    }
    // The last page holds the oldest articles, these: at least three of them (one of each status), whatever the other
    // suites left in the database (a newer filler moves the page boundary).
    const count = async () => (await api("GET", "/admin/articles?pageSize=1")).body.total as number;
    const fillers: number[] = [];
    while ([1, 2].includes((await count()) % 20)) {
      const res = await api("POST", "/articles", { title: unique("Filler"), content: "Body" });
      expect(res.status).toBe(201);
      fillers.push(res.body.id);
    }
    const total = await count();
    const pages = Math.ceil(total / 20);
    const { page, context } = await adminPage(browser);
    // While the list is loading the pager shows no count (not "Page 1 of 1"), and Next is disabled.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/api/trpc/**articles.adminList**", async (route) => {
      await held;
      await route.fallback();
    });
    await page.goto("/articles");
    await page.locator(".admin-pager", { hasText: "Loading…" }).waitFor();
    expect(await page.getByText(/Page \d+ of/).count()).toBe(0);
    expect(await page.getByRole("button", { name: "Next" }).isDisabled()).toBe(true);
    release();
    await page.getByText(`Page 1 of ${pages}`).waitFor();
    await page.unroute("**/api/trpc/**articles.adminList**");
    expect(await page.getByRole("button", { name: "Previous" }).isDisabled()).toBe(true);
    const seen: string[] = [];
    for (let n = 1; n <= pages; n++) {
      await page.getByText(`Page ${n} of ${pages}`).waitFor();
      await page.locator("tbody tr[data-article-id]").first().waitFor();
      const rows = page.locator("tbody tr[data-article-id]");
      expect(await rows.count()).toBe(n < pages ? 20 : total - 20 * (pages - 1));
      seen.push(...(await page.locator("tbody .admin-title-link").allInnerTexts()).filter((t) => t.startsWith(prefix)));
      if (n < pages) {
        const first = await rows.first().getAttribute("data-article-id");
        await page.getByRole("button", { name: "Next" }).click();
        await page.waitForFunction((id) => document.querySelector("tbody tr[data-article-id]")?.getAttribute("data-article-id") !== id, first);
      }
    }
    expect(await page.getByRole("button", { name: "Next" }).isDisabled()).toBe(true);
    expect(seen.sort()).toEqual(ids.map((_, i) => `${prefix} ${String(i).padStart(2, "0")}`));

    // Newest first by publishedAt: the 45 dated 2001 are the oldest of all, so they fill the last pages in descending order.
    const last = await page.locator("tbody .admin-title-link").allInnerTexts();
    expect(last[last.length - 1]).toBe(`${prefix} 00`);
    // Status colours.
    const draftColour = await page.locator(".admin-status-draft").first().evaluate((el) => getComputedStyle(el).backgroundColor);
    const publishedColour = await page.locator(".admin-status-published").first().evaluate((el) => getComputedStyle(el).backgroundColor);
    const archivedColour = await page.locator(".admin-status-archived").first().evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(new Set([draftColour, publishedColour, archivedColour]).size).toBe(3);
    // Titles open the article in a new tab.
    expect(await page.locator("tbody .admin-title-link").first().getAttribute("target")).toBe("_blank");
    expect(await page.locator("tbody .admin-title-link").first().getAttribute("href")).toMatch(/^\/article\//);

    // Bulk delete the last page; one of them vanishes first, so it is reported as failed.
    const rowIds = (await page.locator("tbody tr[data-article-id]").evaluateAll((rows) => rows.map((r) => Number(r.getAttribute("data-article-id")))));
    const goneTitle = await page.locator(`tr[data-article-id="${rowIds[0]}"] .admin-title-link`).innerText();
    await page.getByRole("checkbox", { name: "Select all articles on this page" }).check();
    await api("DELETE", `/articles/${rowIds[0]}`);
    await page.getByRole("button", { name: /Delete Selected/ }).click();
    expect(await confirmDialog(page, /Delete \d+/)).toContain(`Are you sure you want to delete ${rowIds.length} articles? This action cannot be undone.`);
    await toast(page, "Articles Deleted").filter({ hasText: `${rowIds.length - 1} of ${rowIds.length} articles deleted.` }).waitFor();
    await toast(page, "Some Deletes Failed").filter({ hasText: goneTitle }).waitFor();
    for (const id of rowIds) expect((await api("GET", `/articles/${id}?admin=true`)).status).toBe(404);
    // The emptied last page steps back one.
    await page.getByText(`Page ${pages - 1} of ${pages - 1}`).waitFor();

    // A single delete from the table asks first.
    const one = ids.find((id) => !rowIds.includes(id))!;
    await page.goto(`/articles?page=${pages - 1}`);
    const row = page.locator(`tr[data-article-id="${one}"]`);
    await row.getByRole("button", { name: "Delete" }).click();
    await confirmDialog(page);
    await toast(page, "Article Deleted").waitFor();
    await row.waitFor({ state: "detached" });
    for (const id of [...ids, ...fillers]) await api("DELETE", `/articles/${id}`);
    await context.close();
  }, 90_000);
});
