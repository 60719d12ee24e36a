// The administrator's figures in a real browser: /analytics draws every figure from the API, /growth has its tabs.
import type { Browser } from "playwright-core";
import { connectBrowser } from "../browser.js";
import { adminPage, api } from "../adminSupport.js";

let browser: Browser;
beforeAll(async () => {
  browser = await connectBrowser();
});
afterAll(() => browser.close());

describe("figures", () => {
  test("/analytics draws every figure from the API: 'Not connected' for each null, one chart per series", async () => {
    const { page, context, consoleErrors } = await adminPage(browser);
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
    const { page, context } = await adminPage(browser);
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
