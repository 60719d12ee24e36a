// The admin code stays out of the reader's pages, and its gzip size on /admin is measured.
import { gzipSync } from "node:zlib";
import type { Browser, BrowserContext } from "playwright-core";
import { baseUrl, connectBrowser, newPage } from "../browser.js";

let browser: Browser;
beforeAll(async () => {
  browser = await connectBrowser();
});
afterAll(() => browser.close());

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
