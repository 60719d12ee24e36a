// Helpers shared by the administrator's browser tests (test/e2e/admin/): a REST caller with the administrator's
// session, a signed-in page, the newest toast, and the confirmation dialog.
import type { Browser, Page } from "playwright-core";
import { adminPassword, baseUrl, loginAsAdmin, newPage, uniqueTitle, VIEWPORTS } from "./browser.js";

/** A title no other test run has used. */
export const unique = uniqueTitle;

let cookie: string | undefined;
/** One REST call as the administrator (or anonymously). */
export async function api<T = any>(method: string, path: string, body?: unknown, { anonymous = false } = {}): Promise<{ status: number; body: T }> {
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

/** A fresh page signed in as the administrator. */
export async function adminPage(browser: Browser, viewport: { width: number; height: number } = VIEWPORTS.desktop) {
  const p = await newPage(browser, { viewport });
  await loginAsAdmin(p.context);
  return p;
}

/** The newest toast with this title (an earlier one may still be showing). */
export const toast = (page: Page, title: string) => page.locator(".toast").filter({ has: page.locator(".toast-title", { hasText: new RegExp(`^${title}$`) }) }).last();
export async function confirmDialog(page: Page, button: string | RegExp = "Delete") {
  const dialog = page.locator("dialog.admin-dialog[open]");
  await dialog.waitFor();
  const text = await dialog.innerText();
  await dialog.getByRole("button", { name: button }).click();
  await dialog.waitFor({ state: "detached" });
  return text;
}
