// The administrator's editor in a real browser: create, edit, schedule and delete; validation, a failed save, a
// restored draft; every admin screen fitting a phone.
import type { Browser } from "playwright-core";
import { connectBrowser, VIEWPORTS } from "../browser.js";
import { adminPage, api, confirmDialog, toast, unique } from "../adminSupport.js";

let browser: Browser;
beforeAll(async () => {
  browser = await connectBrowser();
});
afterAll(() => browser.close());

describe("editor", () => {
  test("creates an article that appears on its category page, edits it, schedules it and deletes it", async () => {
    const { page, context, consoleErrors } = await adminPage(browser);
    const title = unique("Newsroom frigate trial");
    await page.goto("/editor");
    await page.getByLabel("Title *").fill(title);
    expect(await page.getByLabel("Slug").inputValue()).toMatch(/^newsroom-frigate-trial-[a-z0-9]+-\d{6}$/);
    await page.getByLabel("Content (markdown) *").fill("## Sea trials\n\nThe **frigate** sailed.\n\n<script>window.__x = 1</script>");
    // Live preview through the server's sanitising renderer.
    await page.locator(".admin-preview-body h2#sea-trials").waitFor();
    expect(await page.locator(".admin-preview-body strong").innerText()).toBe("frigate");
    expect(await page.locator(".admin-preview-body script").count()).toBe(0);
    await page.getByLabel("Category").selectOption("sea");
    await page.getByLabel("Content tier").selectOption("detailed_report");
    await page.getByLabel("Image alt text").fill("A frigate at sea");
    await page.getByRole("button", { name: "Create Article" }).click();
    await toast(page, "Article Created").filter({ hasText: "Changes saved successfully" }).waitFor();
    await page.waitForURL(/\/editor\/\d+$/);
    const id = Number(page.url().split("/").pop());
    const created = (await api("GET", `/articles/${id}?admin=true`)).body;
    expect(created).toMatchObject({ title, category: "sea", contentTier: "detailed_report", status: "published", imageUrl: null, imageAlt: "A frigate at sea" });
    expect(created.excerpt).toBe(`${created.content.slice(0, 200)}...`);
    expect(created.publishedAt).not.toBeNull();

    const reader = await context.newPage();
    await reader.goto("/category/sea");
    await reader.getByText(title).first().waitFor();
    await reader.close();

    // Edit.
    await page.getByLabel("Title *").fill(`${title} updated`);
    expect(await page.getByLabel("Slug").inputValue()).toMatch(/-updated$/);
    await page.getByRole("checkbox", { name: "Breaking news" }).check();
    await page.getByRole("button", { name: "Update Article" }).click();
    await toast(page, "Article Updated").filter({ hasText: "Changes saved successfully" }).waitFor();
    await page.getByText("All changes saved").waitFor();
    const updated = (await api("GET", `/articles/${id}?admin=true`)).body;
    expect(updated).toMatchObject({ title: `${title} updated`, isBreaking: true });

    // Schedule: a future publish time hides it from readers and marks it in the table.
    const future = new Date(Date.now() + 3 * 86_400_000);
    // The editor reads the time in the site's zone (SITE_TIMEZONE), which the page carries in a meta tag.
    const timeZone = (await page.locator('meta[name="site-timezone"]').getAttribute("content")) ?? "UTC";
    const wall = Object.fromEntries(new Intl.DateTimeFormat("en-US", { timeZone, hourCycle: "h23", year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit" }).formatToParts(future).map((p) => [p.type, p.value]));
    const local = `${wall.year}-${wall.month}-${wall.day}T${wall.hour}:${wall.minute}`;
    await page.getByLabel("Publish date and time").fill(local);
    await page.locator(".admin-badge-scheduled").waitFor();
    await page.getByRole("button", { name: "Update Article" }).click();
    // The earlier 'Article Updated' toast may still show: wait for this save to settle.
    await page.getByText("All changes saved").waitFor();
    await toast(page, "Article Updated").waitFor();
    const scheduled = (await api("GET", `/articles/${id}?admin=true`)).body;
    expect(Math.abs(new Date(scheduled.publishedAt).getTime() - future.getTime())).toBeLessThan(60_000);
    expect((await api("GET", `/articles/slug/${scheduled.slug}`, undefined, { anonymous: true })).status).toBe(404);
    await page.goto("/articles?status=scheduled");
    await page.locator(`tr[data-article-id="${id}"] .admin-badge-scheduled`).waitFor();

    // Delete from the editor, after confirmation.
    await page.goto(`/editor/${id}`);
    await page.getByLabel("Title *").waitFor();
    await page.locator(".admin-editor-bar").getByRole("button", { name: "Delete" }).click();
    const question = await confirmDialog(page);
    expect(question).toContain(`Are you sure you want to delete “${title} updated”? This action cannot be undone.`);
    await toast(page, "Article Deleted").filter({ hasText: "Article removed successfully" }).waitFor();
    await page.waitForURL(/\/articles$/);
    expect((await api("GET", `/articles/${id}?admin=true`)).status).toBe(404);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  test("refuses to save without title and content, and keeps the form when the save fails", async () => {
    const { page, context } = await adminPage(browser);
    await page.goto("/editor");
    await page.getByLabel("Title *").fill("   ");
    await page.getByRole("button", { name: "Create Article" }).click();
    await toast(page, "Missing Required Fields").filter({ hasText: "Title and content are required" }).waitFor();

    const title = unique("Failing save");
    await page.getByLabel("Title *").fill(title);
    await page.getByLabel("Excerpt").fill("Kept excerpt");
    await page.getByLabel("Content (markdown) *").fill("Kept body text");
    const before = (await api("GET", "/admin/articles?pageSize=1")).body.total;
    await page.route("**/api/trpc/articles.create**", (route) =>
      route.fulfill({ status: 500, contentType: "application/json", body: JSON.stringify([{ error: { message: "Database is down", code: -32603, data: { code: "INTERNAL_SERVER_ERROR", httpStatus: 500 } } }]) }),
    );
    await page.getByRole("button", { name: "Create Article" }).click();
    await toast(page, "Save Failed").filter({ hasText: "Failed to save article: Database is down" }).waitFor();
    expect(page.url()).toMatch(/\/editor$/);
    expect(await page.getByLabel("Title *").inputValue()).toBe(title);
    expect(await page.getByLabel("Excerpt").inputValue()).toBe("Kept excerpt");
    expect(await page.getByLabel("Content (markdown) *").inputValue()).toBe("Kept body text");
    expect((await api("GET", "/admin/articles?pageSize=1")).body.total).toBe(before);

    // The same form saves once the server answers again.
    await page.unroute("**/api/trpc/articles.create**");
    await page.getByRole("button", { name: "Create Article" }).click();
    await toast(page, "Article Created").waitFor();
    await page.waitForURL(/\/editor\/\d+$/);
    const id = page.url().split("/").pop();

    // Typing while a save is on its way is kept, and marked unsaved.
    await page.route("**/api/trpc/articles.update**", async (route) => {
      await new Promise((r) => setTimeout(r, 700));
      await route.continue();
    });
    await page.getByLabel("Excerpt").fill("Saved excerpt");
    await page.getByRole("button", { name: "Update Article" }).click();
    await page.getByLabel("Excerpt").fill("Typed while saving");
    await toast(page, "Article Updated").waitFor();
    expect(await page.getByLabel("Excerpt").inputValue()).toBe("Typed while saving");
    await page.getByText("Unsaved changes").waitFor();
    expect((await api("GET", `/articles/${id}?admin=true`)).body.excerpt).toBe("Saved excerpt");
    await api("DELETE", `/articles/${id}`);
    await context.close();
  });

  test("warns before leaving with unsaved changes and offers an unsaved draft back after a reload", async () => {
    const { page, context } = await adminPage(browser);
    await page.goto("/editor");
    const title = unique("Draft kept in the browser");
    await page.getByLabel("Title *").fill(title);
    await page.getByLabel("Content (markdown) *").fill("Half-written paragraph");
    await page.getByLabel("Category").selectOption("intelligence");
    await page.getByText("Unsaved changes").waitFor();
    await page.waitForFunction(() => Object.keys(localStorage).some((k) => k.startsWith("admin-draft:")));

    await page.reload();
    const banner = page.locator(".admin-banner");
    await banner.getByText(/An unsaved draft from .* was kept in this browser/).waitFor();
    expect(await page.getByLabel("Title *").inputValue()).toBe("");
    await banner.getByRole("button", { name: "Restore draft" }).click();
    expect(await page.getByLabel("Title *").inputValue()).toBe(title);
    expect(await page.getByLabel("Content (markdown) *").inputValue()).toBe("Half-written paragraph");
    expect(await page.getByLabel("Category").inputValue()).toBe("intelligence");

    // Closing the tab with unsaved changes asks first.
    const dialog = new Promise<string>((resolve) => page.once("dialog", (d) => (resolve(d.type()), void d.dismiss())));
    await page.close({ runBeforeUnload: true });
    expect(await dialog).toBe("beforeunload");

    // Discarding forgets the draft.
    const second = await context.newPage();
    await second.goto("/editor");
    await second.locator(".admin-banner").getByRole("button", { name: "Discard" }).click();
    await second.reload();
    await second.getByLabel("Title *").waitFor();
    expect(await second.locator(".admin-banner").count()).toBe(0);
    await context.close();
  });

  test("the editor and every admin screen fit a phone; the editor says so when an article does not exist", async () => {
    const { page, context } = await adminPage(browser, VIEWPORTS.phone);
    // No admin screen scrolls sideways on a 390 px phone.
    for (const [path, ready] of [["/admin", ".admin-statusgrid"], ["/articles", "tbody tr[data-article-id]"], ["/comments", ".admin-bulkbar"], ["/site-pages", ".admin-page-view"], ["/business-contacts", ".admin-contact"], ["/analytics", ".admin-figures"], ["/growth", ".admin-figures"], ["/editor", ".admin-editor"]]) {
      await page.goto(path);
      await page.locator(ready).first().waitFor();
      await page.waitForLoadState("networkidle");
      expect({ path, overflow: await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth) }).toEqual({ path, overflow: 0 });
    }
    await page.getByLabel("Title *").waitFor();
    await page.goto("/editor/2147483000");
    await page.getByText("Article 2147483000 not found.").waitFor();
    await page.goto("/editor/not-a-number");
    await page.getByText(/There is no article “not-a-number”/).waitFor();
    expect(await page.getByLabel("Title *").count()).toBe(0);
    await context.close();
  });
});
