// Shared by browser tests: connects to the Chromium and server that globalSetup started.
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";

export const baseUrl = () => {
  const url = process.env.E2E_BASE_URL;
  if (!url) throw new Error("E2E_BASE_URL is not set: browser tests must run through jest's e2e project (npm test)");
  return url;
};
export const adminPassword = () => process.env.E2E_ADMIN_PASSWORD ?? "e2e-password";

export async function connectBrowser(): Promise<Browser> {
  const ws = process.env.E2E_WS_ENDPOINT;
  if (!ws) throw new Error("E2E_WS_ENDPOINT is not set: browser tests must run through jest's e2e project (npm test)");
  return chromium.connect(ws);
}

export const VIEWPORTS = { phone: { width: 390, height: 844 }, desktop: { width: 1280, height: 900 } } as const;

/** A fresh browser context (own cookies and storage) with console errors collected. */
export async function newPage(browser: Browser, options: { viewport?: { width: number; height: number }; javaScriptEnabled?: boolean } = {}) {
  const context: BrowserContext = await browser.newContext({ viewport: options.viewport ?? VIEWPORTS.desktop, javaScriptEnabled: options.javaScriptEnabled ?? true, baseURL: baseUrl() });
  const page: Page = await context.newPage();
  const consoleErrors: string[] = [];
  page.on("console", (msg) => {
    if (msg.type() === "error") consoleErrors.push(msg.text());
  });
  page.on("pageerror", (err) => consoleErrors.push(String(err)));
  if (options.javaScriptEnabled !== false) answerAfterHydration(page);
  return { context, page, consoleErrors };
}

/** Resolves once the app has hydrated the page (its code loads after the first paint, later than the load event);
 *  at once on a page the app does not render (no #root: feeds, plain HTML answers). */
export const waitForApp = (page: Page) =>
  page.waitForFunction(() => !document.getElementById("root") || document.documentElement.dataset.hydrated !== undefined, undefined, { timeout: 15_000 });

/** `page.goto` and `page.reload` on this page also wait for hydration, so a test's first click reaches a working page. */
export function answerAfterHydration(page: Page) {
  const hydrated = async (response: Awaited<ReturnType<Page["goto"]>>) => {
    if (response?.headers()["content-type"]?.startsWith("text/html")) await waitForApp(page);
    return response;
  };
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (url, options) => hydrated(await goto(url, options));
  page.reload = async (options) => hydrated(await reload(options));
}

/** Logs the context in as the administrator through the API (sets the session cookie). */
export async function loginAsAdmin(context: BrowserContext) {
  const res = await context.request.post(`${baseUrl()}/api/admin/login`, { data: { password: adminPassword() } });
  const body = await res.json();
  if (!body.success) throw new Error("admin login failed in e2e");
}

let titleCounter = 0;
/** A title no other test run has used. */
export const uniqueTitle = (prefix: string) => `${prefix} ${Date.now().toString(36)}${++titleCounter}`;

/** The administrator's session over the API (from the test process, not the browser): its cookie and a JSON caller. */
export async function adminApi() {
  const res = await fetch(`${baseUrl()}/api/admin/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ password: adminPassword() }) });
  const cookie = res.headers.get("set-cookie")!.split(";")[0];
  async function api(method: string, path: string, body?: unknown) {
    const answer = await fetch(`${baseUrl()}/api${path}`, { method, headers: { cookie, ...(body === undefined ? {} : { "content-type": "application/json" }) }, body: body === undefined ? undefined : JSON.stringify(body) });
    const text = await answer.text();
    return { status: answer.status, body: text ? JSON.parse(text) : undefined };
  }
  return { cookie, api };
}
