// The Import & Export screen on a server of its own (the WordPress sample adds 58 articles): the administrator
// uploads the sample, maps categories, runs the import and reads the report; the imported article renders on
// its page with the HTML it kept, old links answer 301 to it through the real page renderer, and /?p=… stops
// serving the cached home page once it redirects. Screenshots of each step (desktop) land in SCREENSHOT_DIR.
import path from "node:path";
import { jest } from "@jest/globals";
import type { Browser } from "playwright-core";
import { answerAfterHydration, connectBrowser, VIEWPORTS } from "../browser.js";
import { startOwnServer, type OwnServer } from "../ownServer.js";

jest.setTimeout(180_000);
const SAMPLE = path.resolve(import.meta.dirname, "../../fixtures/wordpress-theme-unit-test.wxr.xml");
const PASSWORD = "import-password";
const shots = process.env.SCREENSHOT_DIR;
let browser: Browser;
let server: OwnServer;

beforeAll(async () => {
  browser = await connectBrowser();
  server = await startOwnServer("import", () => ({ ADMIN_PASSWORD: PASSWORD }));
});
afterAll(async () => {
  await browser.close();
  await server?.stop();
});

test("upload, mapping, progress and report; the imported article and its old links work", async () => {
  const context = await browser.newContext({ baseURL: server.base, viewport: VIEWPORTS.desktop });
  await context.request.post(`${server.base}/api/admin/login`, { data: { password: PASSWORD } });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (err) => errors.push(String(err)));
  answerAfterHydration(page);

  // The home page is cached under WordPress's address of a post before the import.
  const anonymous = (address: string) => fetch(server.base + address, { redirect: "manual" });
  expect((await anonymous("/?p=1178")).status).toBe(200);
  expect((await anonymous("/?p=1178")).headers.get("x-cache")).toBe("HIT");

  await page.goto("/import");
  await page.getByRole("heading", { name: "Import from WordPress" }).waitFor();
  if (shots) await page.screenshot({ path: path.join(shots, "import-1-upload.png"), fullPage: true });
  await page.getByLabel("WordPress export file").setInputFiles(SAMPLE);
  await page.getByRole("button", { name: "Upload" }).click();

  await page.getByRole("form", { name: "Map categories" }).waitFor();
  await page.getByText("58 posts, 21 pages, 33 comments").waitFor();
  await page.getByLabel("Category for Block", { exact: true }).selectOption("air");
  await page.getByLabel("Default category").selectOption("security");
  if (shots) await page.screenshot({ path: path.join(shots, "import-2-mapping.png"), fullPage: true });
  await page.getByRole("button", { name: "Start the import" }).click();

  await page.getByText("Import: done").waitFor({ timeout: 60_000 });
  const posts = page.getByRole("row", { name: /^Posts/ });
  expect(await posts.locator("td").allInnerTexts()).toEqual(["Posts", "58", "58", "0", "0", "0"]);
  await page.getByText(/Kept as HTML in \d+ article/).click();
  if (shots) await page.screenshot({ path: path.join(shots, "import-3-report.png"), fullPage: true });
  // The redirect table below shows what the import wrote.
  await page.getByLabel("Find").fill("?p=1178");
  await page.getByRole("cell", { name: "/?p=1178", exact: true }).waitFor();

  // The article renders on its page, its kept HTML (a definition list, superscripts) included and sanitised.
  await page.goto("/article/markup-html-tags-and-formatting");
  await page.getByRole("heading", { name: "Markup: HTML Tags and Formatting" }).waitFor();
  expect(await page.locator("article dl dt").count()).toBeGreaterThan(2);
  expect(await page.locator("article sup").count()).toBeGreaterThan(0);

  // Old links through the real page renderer: the catch-all and WordPress's /?p= on the home page.
  for (const address of ["/2013/01/11/markup-html-tags-and-formatting/", "/markup-html-tags-and-formatting/", "/?p=1178", "/category/markup/markup-html-tags-and-formatting/"]) {
    const res = await anonymous(address);
    expect([address, res.status, res.headers.get("location")]).toEqual([address, 301, "/article/markup-html-tags-and-formatting"]);
  }
  // Our own pages win over a redirect: the about page is ours, whatever WordPress had there.
  expect((await anonymous("/about")).status).toBe(200);
  expect((await anonymous("/no-such-page-anywhere")).status).toBe(404);
  expect(errors).toEqual([]);
  await context.close();
});

test("without a session the Import screen shows no data and asks to sign in", async () => {
  const context = await browser.newContext({ baseURL: server.base });
  const page = await context.newPage();
  answerAfterHydration(page);
  await page.goto("/import");
  await page.getByRole("heading", { name: "Authentication Required" }).waitFor();
  expect(await page.getByText("Import from WordPress").count()).toBe(0);
  await context.close();
});
