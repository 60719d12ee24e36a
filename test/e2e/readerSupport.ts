// Helpers shared by the reader's browser tests: admin-made content with unique names, request watching,
// and page-view beacons captured instead of sent.
import type { Browser, BrowserContext, Page } from "playwright-core";
import { adminPassword, baseUrl, newPage, VIEWPORTS } from "./browser.js";

let cookie: string | undefined;
let counter = 0;
export const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${++counter}`;

async function adminCookie() {
  if (cookie) return cookie;
  const res = await fetch(`${baseUrl()}/api/admin/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ password: adminPassword() }) });
  const set = res.headers.get("set-cookie");
  if (!set) throw new Error(`admin login failed: ${res.status}`);
  cookie = set.split(";")[0];
  return cookie;
}

export interface CreatedArticle {
  id: number;
  slug: string;
  title: string;
  excerpt: string;
  isPremium: boolean;
  publishedAt: string | null;
  updatedAt: string;
}

/** Creates a published article through the REST API as the administrator. */
export async function createArticle(fields: Record<string, unknown> = {}): Promise<CreatedArticle> {
  const name = unique("e2e");
  const res = await fetch(`${baseUrl()}/api/articles`, {
    method: "POST",
    headers: { "content-type": "application/json", cookie: await adminCookie() },
    body: JSON.stringify({ title: `Reader test ${name}`, slug: name, content: `Body of ${name}.`, category: "land", ...fields }),
  });
  if (res.status !== 201) throw new Error(`article create failed: ${res.status} ${await res.text()}`);
  return res.json();
}

export async function adminRequest(method: string, path: string, body?: unknown) {
  const res = await fetch(`${baseUrl()}${path}`, { method, headers: { "content-type": "application/json", cookie: await adminCookie() }, body: body === undefined ? undefined : JSON.stringify(body) });
  return { status: res.status, body: await res.json().catch(() => undefined) };
}

/** Data requests the page makes to the API (tRPC or REST), audience beacons excluded. */
export function watchApiCalls(page: Page) {
  const calls: string[] = [];
  page.on("request", (req) => {
    const url = new URL(req.url());
    if (url.pathname.startsWith("/api/") && url.pathname !== "/api/events") calls.push(`${req.method()} ${url.pathname}${url.search}`);
  });
  return calls;
}

/** Answers audience beacons locally and records their bodies. */
export async function captureEvents(context: BrowserContext) {
  const events: Array<Record<string, unknown>> = [];
  await context.route("**/api/events", async (route) => {
    try {
      events.push(JSON.parse(route.request().postData() ?? "{}"));
    } catch {
      // not JSON
    }
    await route.fulfill({ status: 204, body: "" });
  });
  return events;
}

/** Resolves once `count` audience beacons matching `match` have been answered (so captureEvents has recorded
 *  them); start it before the clicks that send them. */
export function beaconsAnswered(page: Page, count: number, match: (event: Record<string, unknown>) => boolean) {
  return new Promise<void>((resolve) => {
    let seen = 0;
    page.on("response", (response) => {
      if (!response.url().endsWith("/api/events")) return;
      let event: Record<string, unknown>;
      try {
        event = JSON.parse(response.request().postData() ?? "");
      } catch {
        return;
      }
      if (match(event) && ++seen === count) resolve();
    });
  });
}

/** Text of the toasts currently shown. */
export const toastTexts = (page: Page) => page.locator(".toast").allInnerTexts();

export async function waitForToast(page: Page, title: string) {
  const toast = page.locator(".toast", { hasText: title });
  try {
    await toast.first().waitFor({ state: "visible", timeout: 10_000 });
  } catch (error) {
    throw new Error(`No toast '${title}'; shown: ${JSON.stringify(await toastTexts(page))}`, { cause: error });
  }
  return toast.first();
}

/** A fresh context on `path` (network idle), page-view beacons captured. */
export async function openPage(browser: Browser, path: string, viewport: { width: number; height: number } = VIEWPORTS.desktop) {
  const session = await newPage(browser, { viewport });
  const events = await captureEvents(session.context);
  const response = await session.page.goto(path, { waitUntil: "networkidle" });
  return { ...session, events, response };
}
