// The administrator's site pages screen in a real browser: edit a page, export every page, reset one to its default.
import type { Browser } from "playwright-core";
import { connectBrowser } from "../browser.js";
import { adminPage, api, confirmDialog, toast, unique } from "../adminSupport.js";

let browser: Browser;
beforeAll(async () => {
  browser = await connectBrowser();
});
afterAll(() => browser.close());

describe("site pages", () => {
  test("edits a site page, exports every page and resets one to its default", async () => {
    const { page, context } = await adminPage(browser);
    await page.goto("/site-pages");
    const nav = page.getByRole("navigation", { name: "Pages" });
    const builtIn = (await api("POST", "/pages/corrections/reset", {})).body;
    await nav.getByRole("button", { name: new RegExp(builtIn.title) }).click();
    const detail = page.locator(".admin-pages-detail");
    await detail.getByRole("heading", { name: builtIn.title }).waitFor();
    expect(await detail.getByRole("link", { name: "Preview Page" }).getAttribute("href")).toBe("/corrections");
    expect(await detail.getByRole("link", { name: "Preview Page" }).getAttribute("target")).toBe("_blank");

    await detail.getByRole("button", { name: "Edit" }).click();
    const marker = unique("Correction notice");
    await detail.getByLabel("Content (markdown)").fill(`# Corrections\n\n${marker}`);
    await detail.getByRole("button", { name: "Cancel" }).click();
    expect(await detail.getByText(marker).count()).toBe(0);
    await detail.getByRole("button", { name: "Edit" }).click();
    await detail.getByLabel("Content (markdown)").fill(`# Corrections\n\n${marker}`);
    await detail.getByRole("button", { name: "Save" }).click();
    await toast(page, "Page Updated").filter({ hasText: "Your changes have been saved to the database." }).waitFor();
    await detail.locator(".admin-page-view").getByText(marker).waitFor();
    expect((await api("GET", "/pages/corrections", undefined, { anonymous: true })).body.content).toContain(marker);

    // A failed save keeps edit mode and says so; the unsaved edit survives a reload as a draft.
    await detail.getByRole("button", { name: "Edit" }).click();
    await detail.getByLabel("Content (markdown)").fill(`# Corrections\n\n${marker} unsaved`);
    await page.route("**/api/trpc/pages.update**", (route) => route.fulfill({ status: 500, contentType: "application/json", body: "[]" }));
    await detail.getByRole("button", { name: "Save" }).click();
    await toast(page, "Error").filter({ hasText: "Failed to save changes. Please try again." }).waitFor();
    expect(await detail.getByLabel("Content (markdown)").inputValue()).toContain(`${marker} unsaved`);
    await page.unroute("**/api/trpc/pages.update**");
    await page.waitForFunction(() => Object.keys(localStorage).some((k) => k === "admin-draft:page:corrections"));
    await page.reload();
    await nav.getByRole("button", { name: new RegExp(builtIn.title) }).click();
    await detail.getByText(/An unsaved edit of this page from .* was kept/).waitFor();
    await detail.getByRole("button", { name: "Restore edit" }).click();
    expect(await detail.getByLabel("Content (markdown)").inputValue()).toContain(`${marker} unsaved`);
    await detail.getByRole("button", { name: "Cancel" }).click();
    await page.waitForFunction(() => !Object.keys(localStorage).includes("admin-draft:page:corrections"));

    // Export All Pages: one markdown file with every page.
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Export All Pages" }).click()]);
    expect(download.suggestedFilename()).toMatch(/^site-pages-\d{4}-\d{2}-\d{2}\.md$/);
    const chunks: Buffer[] = [];
    for await (const chunk of (await download.createReadStream())!) chunks.push(chunk as Buffer);
    const exported = Buffer.concat(chunks).toString("utf8");
    const all = (await api("GET", "/pages")).body as { id: string; title: string }[];
    expect(all.length).toBe(10);
    for (const p of all) expect(exported).toContain(`<!-- page: ${p.id} -->\n# ${p.title}`);
    expect(exported).toContain(marker);

    // Reset to Default restores the built-in text after confirmation.
    await detail.getByRole("button", { name: "Reset to Default" }).click();
    await confirmDialog(page, "Reset");
    await toast(page, "Page Reset").waitFor();
    await detail.getByText("Built-in default text").waitFor();
    expect((await api("GET", "/pages/corrections", undefined, { anonymous: true })).body.content).toBe(builtIn.content);
    await context.close();
  });
});
