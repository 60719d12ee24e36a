// The login and every admin screen in a real browser under axe-core: no serious or critical violations.
import fs from "node:fs";
import { createRequire } from "node:module";
import type { Browser } from "playwright-core";
import { baseUrl, connectBrowser, loginAsAdmin, VIEWPORTS } from "../browser.js";

let browser: Browser;
beforeAll(async () => {
  browser = await connectBrowser();
});
afterAll(() => browser.close());

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
