// The administrator's newsroom in a real browser: session and gates, the editor (create, edit,
// schedule, delete, validation, failed save, restored draft), the articles table (paging, bulk
// delete), contacts, site pages, comment moderation, figures, and the admin code staying out of
// the reader's pages.
import fs from "node:fs";
import { createRequire } from "node:module";
import { gzipSync } from "node:zlib";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { adminPassword, baseUrl, connectBrowser, loginAsAdmin, newPage, VIEWPORTS } from "../browser.js";

let browser: Browser;
beforeAll(async () => {
  browser = await connectBrowser();
});
afterAll(() => browser.close());

let counter = 0;
const unique = (prefix: string) => `${prefix} ${Date.now().toString(36)}${++counter}`;

let cookie: string | undefined;
/** One REST call as the administrator (or anonymously). */
async function api<T = any>(method: string, path: string, body?: unknown, { anonymous = false } = {}): Promise<{ status: number; body: T }> {
  if (!cookie && !anonymous) {
    const res = await fetch(`${baseUrl()}/api/admin/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ password: adminPassword() }) });
    cookie = res.headers.get("set-cookie")!.split(";")[0];
  }
  const res = await fetch(`${baseUrl()}/api${path}`, {
    method,
    headers: { ...(body === undefined ? {} : { "content-type": "application/json" }), ...(anonymous ? {} : { cookie: cookie! }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

async function adminPage(viewport: { width: number; height: number } = VIEWPORTS.desktop) {
  const p = await newPage(browser, { viewport });
  await loginAsAdmin(p.context);
  return p;
}

/** The newest toast with this title (an earlier one may still be showing). */
const toast = (page: Page, title: string) => page.locator(".toast").filter({ has: page.locator(".toast-title", { hasText: new RegExp(`^${title}$`) }) }).last();
async function confirmDialog(page: Page, button: string | RegExp = "Delete") {
  const dialog = page.locator("dialog.admin-dialog[open]");
  await dialog.waitFor();
  const text = await dialog.innerText();
  await dialog.getByRole("button", { name: button }).click();
  await dialog.waitFor({ state: "detached" });
  return text;
}

describe("session", () => {
  const GATED = ["/editor", "/editor/1", "/articles", "/business-contacts", "/site-pages", "/analytics", "/growth", "/comments", "/premium", "/settings"];

  test("every admin screen shows 'Authentication Required' without a session; its button goes to the login, which returns there", async () => {
    const { page, context, consoleErrors } = await newPage(browser);
    for (const path of GATED) {
      await page.goto(path);
      await page.getByRole("heading", { name: "Authentication Required" }).waitFor();
      expect(await page.locator(".admin-topbar").count()).toBe(0);
    }
    await page.getByRole("button", { name: "Go to Admin Login" }).click();
    await page.waitForURL(/\/admin$/);
    // Logging in from there returns to the screen that asked.
    await page.getByLabel("Password").fill(adminPassword());
    await page.getByRole("button", { name: "Login" }).click();
    await page.waitForURL(/\/settings$/);
    await page.locator(".admin-topbar").waitFor();
    expect(consoleErrors.filter((e) => !/401|Unauthorized/i.test(e))).toEqual([]);
    await context.close();
  });

  test("logs in (after a wrong password), shows real system facts, and logs out", async () => {
    const { page, context } = await newPage(browser);
    await page.goto("/admin");
    await page.getByLabel("Password").fill("not the password");
    await page.getByRole("button", { name: "Login" }).click();
    await page.getByRole("alert").filter({ hasText: "Invalid password" }).waitFor();

    await page.getByLabel("Password").fill(adminPassword());
    await page.getByRole("button", { name: "Login" }).click();
    await page.getByRole("heading", { name: "Dashboard" }).waitFor();
    for (const action of ["View Website", "Create New Article", "View Analytics", "Edit Site Pages"]) await page.locator(".admin-quick").getByText(action).waitFor();
    const facts = await api("GET", "/admin/system-status");
    const panel = page.locator(".admin-statusgrid");
    await panel.getByText(/SQLite|MySQL|MariaDB/).waitFor();
    await panel.getByText(/reachable/).waitFor();
    expect(await panel.locator("div", { hasText: "Drafts" }).locator("dd").innerText()).toBe(String(facts.body.articles.drafts));
    for (const to of ["/editor", "/articles", "/business-contacts", "/site-pages", "/analytics", "/growth", "/comments", "/premium", "/settings"]) {
      expect(await page.locator(`.admin-features a[href="${to}"]`).count()).toBe(1);
    }
    // The session survives a reload (status call on load).
    await page.reload();
    await page.getByRole("heading", { name: "Dashboard" }).waitFor();

    await page.locator(".admin-heading").getByRole("button", { name: "Logout" }).click();
    await page.getByLabel("Password").waitFor();
    await page.goto("/articles");
    await page.getByRole("heading", { name: "Authentication Required" }).waitFor();
    const status = await context.request.get(`${baseUrl()}/api/admin/status`);
    expect(await status.json()).toEqual({ authenticated: false });
    await context.close();
  });

  test("the login shows the throttle's wait on 429 and 'Login failed - please try again' when the network fails", async () => {
    const { page, context } = await newPage(browser);
    await page.goto("/admin");
    const wait = "Too many attempts. Try again in 7 minutes.";
    await page.route("**/api/trpc/admin.login**", (route) =>
      route.fulfill({ status: 429, contentType: "application/json", headers: { "retry-after": "420" }, body: JSON.stringify([{ error: { message: wait, code: -32029, data: { code: "TOO_MANY_REQUESTS", httpStatus: 429 } } }]) }),
    );
    await page.getByLabel("Password").fill("whatever");
    await page.getByRole("button", { name: "Login" }).click();
    await page.getByRole("alert").filter({ hasText: wait }).waitFor();
    await page.unroute("**/api/trpc/admin.login**");
    await page.route("**/api/trpc/admin.login**", (route) => route.abort("connectionrefused"));
    await page.getByRole("button", { name: "Login" }).click();
    await page.getByRole("alert").filter({ hasText: "Login failed - please try again" }).waitFor();
    await context.close();
  });

  test("a failed status call counts as logged out, even with a valid session", async () => {
    const { page, context } = await adminPage();
    await page.route("**/api/trpc/admin.status**", (route) => route.fulfill({ status: 500, contentType: "application/json", body: "[]" }));
    await page.goto("/articles");
    await page.getByRole("heading", { name: "Authentication Required" }).waitFor();
    await page.unroute("**/api/trpc/admin.status**");
    await page.reload();
    await page.getByRole("heading", { name: "Manage Articles" }).waitFor();
    await context.close();
  });

  test("/test shows an alert", async () => {
    const { page, context } = await newPage(browser);
    await page.goto("/test");
    const dialog = new Promise<string>((resolve) => page.once("dialog", (d) => (resolve(d.type()), void d.accept())));
    await page.getByRole("button", { name: "Test Button" }).click();
    expect(await dialog).toBe("alert");
    await context.close();
  });
});

describe("editor", () => {
  test("creates an article that appears on its category page, edits it, schedules it and deletes it", async () => {
    const { page, context, consoleErrors } = await adminPage();
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
    const { page, context } = await adminPage();
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
    const { page, context } = await adminPage();
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
    const { page, context } = await adminPage(VIEWPORTS.phone);
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

describe("articles table", () => {
  test("pages through 45 new articles 20 at a time and bulk-deletes, reporting failures", async () => {
    const prefix = unique("Paging");
    const ids: number[] = [];
    for (let i = 0; i < 45; i++) {
      const res = await api("POST", "/articles", { title: `${prefix} ${String(i).padStart(2, "0")}`, content: "Body", status: i % 3 === 0 ? "draft" : i % 3 === 1 ? "published" : "archived", publishedAt: new Date(Date.UTC(2001, 0, 1, 0, i)).toISOString() });
      expect(res.status).toBe(200);
      ids.push(res.body.id);
    }
    const total = (await api("GET", "/admin/articles?pageSize=1")).body.total as number;
    const pages = Math.ceil(total / 20);
    const { page, context } = await adminPage();
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
    for (const id of ids) await api("DELETE", `/articles/${id}`);
    await context.close();
  }, 90_000);
});

describe("contacts and site pages", () => {
  test("adds, edits and deletes a business contact with validation and toasts", async () => {
    const { page, context } = await adminPage();
    await page.goto("/business-contacts");
    const count = (await api("GET", "/business-contacts")).body.length;
    await page.getByRole("button", { name: "Add Contact" }).click();
    expect(await page.getByLabel("Display order").inputValue()).toBe(String(count));
    const label = unique("Press Office");
    await page.getByLabel("Label *").fill(label);
    await page.getByRole("button", { name: "Create Contact" }).click();
    await toast(page, "Missing Required Fields").filter({ hasText: "Label and email are required" }).waitFor();
    await page.getByLabel("Email *").fill("press@example.com");
    await page.getByLabel("Display order").fill("not a number");
    await page.getByRole("button", { name: "Create Contact" }).click();
    await toast(page, "Contact Created").waitFor();
    const id = label.toLowerCase().replace(/[^a-z0-9]+/g, "_");
    const stored = (await api("GET", "/business-contacts")).body.find((c: { id: string }) => c.id === id);
    expect(stored).toMatchObject({ label, email: "press@example.com", displayOrder: 0, isActive: true });

    const card = page.locator(`[data-contact-id="${id}"]`);
    await card.getByRole("button", { name: "Edit" }).click();
    await page.getByLabel("Phone").fill("+1 555 0100");
    await page.getByRole("checkbox", { name: /Active/ }).uncheck();
    await page.getByRole("button", { name: "Update Contact" }).click();
    await toast(page, "Contact Updated").waitFor();
    await card.getByText("Inactive").waitFor();
    expect((await api("GET", "/business-contacts", undefined, { anonymous: true })).body.some((c: { id: string }) => c.id === id)).toBe(false);

    // A duplicate id fails with its message.
    await page.getByRole("button", { name: "Add Contact" }).click();
    await page.getByLabel("Label *").fill(label);
    await page.getByLabel("Email *").fill("other@example.com");
    await page.getByRole("button", { name: "Create Contact" }).click();
    await toast(page, "Error").filter({ hasText: "Failed to create contact" }).waitFor();
    await page.getByRole("button", { name: "Cancel" }).click();

    await card.getByRole("button", { name: "Delete" }).click();
    expect(await confirmDialog(page)).toContain(`Are you sure you want to delete “${label}”? This action cannot be undone.`);
    await toast(page, "Contact Deleted").waitFor();
    await card.waitFor({ state: "detached" });
    await context.close();
  });

  test("edits a site page, exports every page and resets one to its default", async () => {
    const { page, context } = await adminPage();
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

describe("comment moderation", () => {
  test("approves, rejects and deletes held comments, one at a time and in bulk", async () => {
    const article = (await api("POST", "/articles", { title: unique("Moderation target"), content: "Body", category: "air" })).body;
    // The honeypot field holds a comment for review.
    const post = (text: string) => api("POST", `/articles/${article.id}/comments`, { authorName: "Held Reader", authorEmail: "held@example.com", content: text, website: "http://spam.example" }, { anonymous: true });
    const first = (await post(unique("first held"))).body;
    const second = (await post(unique("second held"))).body;
    const third = (await post(unique("third held"))).body;
    expect(first.isApproved).toBe(false);

    const { page, context } = await adminPage();
    await page.goto("/comments");
    const item = (c: { id: number }) => page.locator(`[data-comment-id="${c.id}"]`);
    await item(first).waitFor();
    expect(await item(first).innerText()).toContain("held@example.com");
    expect(await item(first).innerText()).toContain(article.title);
    expect(await item(first).locator(".admin-status").innerText()).toMatch(/^pending$/i);
    // Held comments come first.
    const pending = await page.locator("[data-comment-id]").evaluateAll((els) => els.map((e) => e.classList.contains("admin-comment-pending")));
    expect(pending.indexOf(false) === -1 || !pending.slice(pending.indexOf(false)).includes(true)).toBe(true);

    await item(first).getByRole("button", { name: "Approve" }).click();
    await toast(page, "Comment Approved").waitFor();
    await item(first).getByText("approved", { exact: true }).waitFor();
    expect((await api("GET", `/articles/${article.id}/comments`, undefined, { anonymous: true })).body.map((c: { id: number }) => c.id)).toEqual([first.id]);

    await item(second).getByRole("checkbox").check();
    await item(third).getByRole("checkbox").check();
    await page.getByRole("button", { name: "Reject Selected" }).click();
    await toast(page, "2 comments rejected").waitFor();
    await item(second).getByText("rejected", { exact: true }).waitFor();

    await item(second).getByRole("checkbox").check();
    await item(third).getByRole("checkbox").check();
    await page.getByRole("button", { name: "Delete Selected" }).click();
    expect(await confirmDialog(page)).toContain("Are you sure you want to delete 2 comments? This action cannot be undone.");
    await toast(page, "2 comments deleted").waitFor();
    await item(second).waitFor({ state: "detached" });
    await item(third).waitFor({ state: "detached" });

    await item(first).getByRole("button", { name: "Delete" }).click();
    await confirmDialog(page);
    await toast(page, "Comment Deleted").waitFor();
    expect((await api("GET", `/articles/${article.id}/comments`, undefined, { anonymous: true })).body).toEqual([]);
    await api("DELETE", `/articles/${article.id}`);
    await context.close();
  });
});

describe("figures", () => {
  test("/analytics draws every figure from the API: 'Not connected' for each null, one chart per series", async () => {
    const { page, context, consoleErrors } = await adminPage();
    const requests: string[] = [];
    page.on("request", (r) => requests.push(r.url()));
    await page.goto("/analytics");
    for (const title of ["Revenue", "Revenue Dashboard", "SEO", "Newsletter", "Growth", "Monetization Insights"]) await page.getByRole("heading", { name: title, exact: true }).waitFor();
    await page.locator(".admin-figure-card .admin-figures").first().waitFor();
    await page.waitForLoadState("networkidle");
    const [revenue, seo, newsletter, growth, dashboard] = await Promise.all(
      ["/admin/revenue-analytics", "/admin/seo-analytics", "/newsletter/stats", "/growth/metrics", "/revenue/dashboard"].map(async (p) => (await api("GET", p)).body),
    );
    const seriesKeys = [revenue, seo, newsletter, growth, dashboard].flatMap((r) => (r.series ?? []).map((s: { key: string }) => s.key));
    const drawn = await page.locator("[data-series]").evaluateAll((els) => els.map((e) => e.getAttribute("data-series")));
    expect(drawn.sort()).toEqual(seriesKeys.sort());
    const figure = (field: string) => page.locator(`.admin-figure[data-field="${field}"] dd`).first();
    for (const [field, value] of [["openRate", newsletter.openRate], ["activeSubscribers", newsletter.activeSubscribers], ["adOptimizationScore", dashboard.adOptimizationScore], ["pagespeedScore", seo.technicalSeo.pagespeedScore]] as const) {
      const text = await figure(field).innerText();
      if (value === null) expect(text).toMatch(/^Not connected\n.+/);
      else expect(text).toContain(String(value));
    }
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  test("/growth has four tabs with their own content", async () => {
    const { page, context } = await adminPage();
    await page.goto("/growth");
    const panel = page.getByRole("tabpanel");
    await panel.getByRole("heading", { name: "Viral Engine" }).waitFor();
    await panel.locator('[data-field="viralCoefficient"]').waitFor();
    await page.getByRole("tab", { name: "Traffic Acceleration" }).click();
    await panel.locator('[data-field="totalReach"]').waitFor();
    await panel.getByRole("heading", { name: "Top landing pages (30 days)" }).waitFor();
    await page.getByRole("tab", { name: "Revenue Optimization" }).click();
    await panel.locator('[data-field="monthlyRecurring"]').waitFor();
    await panel.locator('[data-field="conversionRate"]').waitFor();
    await panel.getByRole("heading", { name: "Revenue Split: Target against Actual" }).waitFor();
    await page.getByRole("tab", { name: "Growth Strategy" }).click();
    await panel.getByRole("heading", { name: "Targets against Actuals" }).waitFor();
    await panel.getByRole("heading", { name: "Recommendations", exact: true }).waitFor();
    const targets = (await api("GET", "/growth/metrics")).body.targets ?? {};
    expect(await panel.locator(".admin-target").count()).toBe(Object.keys(targets).length);
    await context.close();
  });
});

describe("accessibility", () => {
  const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
  test("the login and every admin screen have no serious or critical axe-core violations", async () => {
    const context = await browser.newContext({ viewport: VIEWPORTS.desktop, bypassCSP: true, baseURL: baseUrl() });
    const page = await context.newPage();
    const audit = async (path: string, ready: string) => {
      await page.goto(path);
      await page.locator(ready).first().waitFor();
      await page.waitForLoadState("networkidle");
      if (!(await page.evaluate(() => "axe" in window))) await page.addScriptTag({ content: axeSource });
      const violations = (await page.evaluate(async () => {
        const result = await (window as unknown as { axe: { run: (ctx: unknown, opts: unknown) => Promise<{ violations: Array<{ id: string; impact: string; nodes: Array<{ target: string[] }> }> }> } }).axe.run(document, { resultTypes: ["violations"] });
        return result.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
      })) as string[];
      return { path, violations };
    };
    const results = [await audit("/admin", "input[type=password]"), await audit("/articles", ".admin-gate-card")];
    await loginAsAdmin(context);
    for (const [path, ready] of [["/admin", ".admin-statusgrid"], ["/editor", ".admin-editor"], ["/articles", "tbody tr[data-article-id]"], ["/business-contacts", ".admin-contact"], ["/site-pages", ".admin-page-view"], ["/comments", ".admin-bulkbar"], ["/analytics", ".admin-figures"], ["/growth", ".admin-figures"]]) results.push(await audit(path, ready));
    expect(results.filter((r) => r.violations.length)).toEqual([]);
    await context.close();
  });
});

describe("code splitting", () => {
  async function scripts(context: BrowserContext, path: string) {
    const page = await context.newPage();
    const urls: string[] = [];
    page.on("request", (r) => urls.push(new URL(r.url()).pathname));
    await page.goto(path);
    await page.waitForLoadState("networkidle");
    await page.close();
    return urls.filter((u) => u.startsWith("/assets/"));
  }

  test("reader pages never load the admin code; admin screens do, and its gzip size is measured", async () => {
    const { context } = await newPage(browser);
    const readerPaths = ["/", "/category/land", "/search?q=navy", "/about", "/no-such-page"];
    const admin = await scripts(context, "/admin");
    const adminOnly = admin.filter((u) => /AdminApp|admin/i.test(u));
    expect(adminOnly.length).toBeGreaterThan(0);
    for (const path of readerPaths) {
      const loaded = await scripts(context, path);
      expect(loaded.length).toBeGreaterThan(0);
      expect(loaded.filter((u) => adminOnly.includes(u) || /AdminApp/.test(u))).toEqual([]);
      for (const u of loaded.filter((x) => x.endsWith(".js"))) {
        const code = await (await fetch(baseUrl() + u)).text();
        expect(code).not.toContain("Authentication Required");
        expect(code).not.toContain("admin-draft:");
      }
    }
    let gzip = 0;
    for (const u of adminOnly) gzip += gzipSync(Buffer.from(await (await fetch(baseUrl() + u)).arrayBuffer()), { level: 9 }).length;
    console.log(`admin chunks on /admin: ${adminOnly.join(", ")}; ${(gzip / 1024).toFixed(1)} KB gzip`);
    expect(gzip).toBeLessThan(60 * 1024);
    await context.close();
  });
});
