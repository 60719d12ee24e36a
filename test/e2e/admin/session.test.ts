// The administrator's session in a real browser: every screen gated without one, login (a wrong password, the
// throttle's wait, a network failure), the dashboard's system facts, logout, and a failed status call.
import type { Browser } from "playwright-core";
import { adminPassword, baseUrl, connectBrowser, newPage } from "../browser.js";
import { adminPage, api } from "../adminSupport.js";

let browser: Browser;
beforeAll(async () => {
  browser = await connectBrowser();
});
afterAll(() => browser.close());

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
    const { page, context } = await adminPage(browser);
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
