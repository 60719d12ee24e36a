// Issue 13 in a real browser: the editor's History (diff, restore), a preview link opened without a session,
// image upload by button and by drag-and-drop, and the article's <picture> choosing a small file on a phone.
import sharp from "sharp";
import type { Browser, Page } from "playwright-core";
import { adminApi, baseUrl, connectBrowser, loginAsAdmin, newPage, uniqueTitle, VIEWPORTS } from "../browser.js";

let browser: Browser;
let cookie: string;
let api: Awaited<ReturnType<typeof adminApi>>["api"];
beforeAll(async () => {
  browser = await connectBrowser();
  ({ cookie, api } = await adminApi());
});
afterAll(() => browser.close());

const unique = uniqueTitle;
async function uploadViaApi(buf: Buffer, type: string) {
  const res = await fetch(`${baseUrl()}/api/admin/images`, { method: "POST", headers: { cookie, "content-type": type }, body: new Uint8Array(buf) });
  return res.json();
}
const toast = (page: Page, title: string) => page.locator(".toast").filter({ has: page.locator(".toast-title", { hasText: new RegExp(`^${title}$`) }) }).last();
/** A photo-like test image: smoothed noise compresses about as a photograph does. */
const photo = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: "#000", noise: { type: "gaussian", mean: 120, sigma: 60 } } }).blur(1.2);

async function adminPage() {
  const p = await newPage(browser);
  await loginAsAdmin(p.context);
  return p;
}

test("History lists every save, shows a revision's diff against the current text, and restores it as a new save", async () => {
  const title = unique("History original");
  const created = (await api("POST", "/articles", { title, content: "The navy orders six frigates.", status: "draft" })).body;
  await api("PUT", `/articles/${created.id}`, { content: "The navy orders eight frigates and two tankers." });
  await api("PUT", `/articles/${created.id}`, { title: `${title} renamed`, status: "published" });
  const { page, context, consoleErrors } = await adminPage();
  await page.goto(`/editor/${created.id}`);
  const items = page.locator(".admin-history-item");
  await items.nth(2).waitFor();
  await expect(items.count()).resolves.toBe(3);
  await expect(items.nth(0).innerText()).resolves.toMatch(/Status changed · current · published/);
  await expect(items.nth(1).innerText()).resolves.toMatch(/Edited · draft · \+3 words/);
  await expect(items.nth(2).innerText()).resolves.toMatch(/Created · draft · first version/);

  await items.nth(2).click();
  const diff = page.getByTestId("revision-diff");
  await diff.waitFor();
  await expect(diff.locator("del").allInnerTexts()).resolves.toEqual(expect.arrayContaining(["six"]));
  await expect(diff.locator("ins").allInnerTexts()).resolves.toEqual(expect.arrayContaining(["eight"]));
  await page.getByRole("button", { name: "Restore this version" }).click();
  await toast(page, "Revision Restored").waitFor();
  await expect(page.locator('input[name="title"]').inputValue()).resolves.toBe(title);
  await expect(page.locator('textarea[name="content"]').inputValue()).resolves.toBe("The navy orders six frigates.");
  await page.locator(".admin-history-item").nth(3).waitFor();
  await expect(page.locator(".admin-history-item").nth(0).innerText()).resolves.toMatch(/Restored · current · draft/);
  const revisions = (await api("GET", `/articles/${created.id}/revisions`)).body;
  expect(revisions.map((r: { kind: string }) => r.kind)).toEqual(["restore", "status", "edit", "create"]);
  expect(consoleErrors).toEqual([]);
  await context.close();
});

test("Share preview makes a link that shows the draft to a fresh browser without a session, noindex and no-store; revoked, it is a 404 page", async () => {
  const title = unique("Preview draft");
  const created = (await api("POST", "/articles", { title, content: "## Embargoed\n\nNot yet public.", status: "draft" })).body;
  const { page, context } = await adminPage();
  await page.goto(`/editor/${created.id}`);
  await page.getByRole("button", { name: "Share preview" }).click();
  await toast(page, "Preview link created").waitFor();
  const link = await page.getByLabel("Preview link", { exact: true }).first().inputValue();
  expect(link).toMatch(new RegExp(`^${baseUrl()}/preview/[A-Za-z0-9_-]{32}$`));

  const visitor = await newPage(browser, { viewport: VIEWPORTS.phone });
  const res = await visitor.page.goto(link);
  expect(res!.status()).toBe(200);
  expect(res!.headers()["cache-control"]).toBe("private, no-store");
  await expect(visitor.page.locator("h1.article-title").innerText()).resolves.toBe(title);
  await expect(visitor.page.locator(".article-body h2").innerText()).resolves.toBe("Embargoed");
  await expect(visitor.page.locator('meta[name="robots"]').getAttribute("content")).resolves.toBe("noindex");
  expect(await visitor.page.locator('script[type="application/ld+json"]').count()).toBe(0);
  expect((await visitor.context.request.get(`/article/${created.slug}`)).status()).toBe(404);

  await page.getByRole("button", { name: "Revoke" }).click();
  await toast(page, "Preview link revoked").waitFor();
  const after = await visitor.page.goto(link);
  expect(after!.status()).toBe(404);
  expect(after!.headers()["cache-control"]).toBe("private, no-store");
  await visitor.page.getByRole("heading", { name: "Page Not Found" }).waitFor();
  expect((await visitor.page.goto("/preview/no-such-token"))!.status()).toBe(404);
  await visitor.context.close();
  await context.close();
});

test("an image is uploaded from the editor by button and by drag-and-drop; saving needs its alt text", async () => {
  const { page, context } = await adminPage();
  await page.goto("/editor");
  await page.getByLabel("Title *").fill(unique("Upload story"));
  await page.getByLabel("Content (markdown) *").fill("With a picture.");
  const png = await photo(800, 500).png().toBuffer();
  await page.getByLabel("Image file").setInputFiles({ name: "button.png", mimeType: "image/png", buffer: png });
  await toast(page, "Image Uploaded").waitFor();
  const first = await page.locator('input[name="imageUrl"]').inputValue();
  expect(first).toMatch(/^\/media\/[a-z0-9]+-800x500\/640\.png$/);

  const jpeg = (await photo(1400, 900).jpeg().toBuffer()).toString("base64");
  const dataTransfer = await page.evaluateHandle((b64) => {
    const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
    const dt = new DataTransfer();
    dt.items.add(new File([bytes], "dropped.jpg", { type: "image/jpeg" }));
    return dt;
  }, jpeg);
  await page.dispatchEvent('[data-testid="image-dropzone"]', "drop", { dataTransfer });
  await page.waitForFunction((prev) => (document.querySelector('input[name="imageUrl"]') as HTMLInputElement).value !== prev, first);
  const second = await page.locator('input[name="imageUrl"]').inputValue();
  expect(second).toMatch(/^\/media\/[a-z0-9]+-1400x900\/1280\.jpg$/);

  await page.getByRole("button", { name: "Create Article" }).click();
  await toast(page, "Missing Required Fields").filter({ hasText: "Alt text is required when an image is set" }).waitFor();
  await page.getByLabel("Image alt text").fill("A dropped photo");
  await page.getByRole("button", { name: "Create Article" }).click();
  await page.waitForURL(/\/editor\/\d+$/);
  const saved = (await api("GET", `/articles/${page.url().split("/").pop()}?admin=true`)).body;
  expect(saved).toMatchObject({ imageUrl: second, imageAlt: "A dropped photo" });

  await page.goto("/media-library");
  const row = page.locator("tr", { hasText: "dropped.jpg" });
  await row.getByRole("link", { name: saved.title }).waitFor();
  await expect(row.getByRole("link", { name: saved.title }).count()).resolves.toBe(1);
  await expect(row.getByRole("button", { name: "Delete" }).isDisabled()).resolves.toBe(true);
  await context.close();
});

test("the article's <picture> sends a phone a small file and a desktop a larger one; the first screen's cards load their images at once, later cards lazily", async () => {
  const img = await uploadViaApi(await photo(2400, 1600).jpeg({ quality: 90 }).toBuffer(), "image/jpeg");
  const article = (await api("POST", "/articles", { title: unique("Picture story"), content: "Body.", imageUrl: img.url, imageAlt: "Test photo" })).body;
  const served: Record<string, { url: string; bytes: number }> = {};
  for (const [name, viewport, deviceScaleFactor] of [["phone", { width: 390, height: 844 }, 1], ["phone@3x", { width: 390, height: 844 }, 3], ["desktop", { width: 1440, height: 900 }, 1]] as const) {
    const context = await browser.newContext({ viewport, deviceScaleFactor, baseURL: baseUrl() });
    const page = await context.newPage();
    const responses: { url: string; bytes: number }[] = [];
    page.on("response", async (r) => {
      if (r.url().includes(`/media/${img.id}/`)) responses.push({ url: new URL(r.url()).pathname, bytes: (await r.body()).length });
    });
    await page.goto(`/article/${article.slug}`);
    const main = page.locator(".article-figure img");
    await page.waitForFunction(() => (document.querySelector(".article-figure img") as HTMLImageElement)?.complete);
    await expect(main.getAttribute("fetchpriority")).resolves.toBe("high");
    await expect(main.getAttribute("loading")).resolves.toBe("eager");
    await expect(main.getAttribute("width")).resolves.toBe("1920");
    await expect(main.getAttribute("height")).resolves.toBe("1280");
    const current = new URL(await main.evaluate((el: HTMLImageElement) => el.currentSrc)).pathname;
    for (let i = 0; i < 50 && !responses.some((r) => r.url === current); i++) await page.waitForTimeout(100);
    served[name] = responses.find((r) => r.url === current)!;
    await expect(page.locator('meta[property="og:image"]').getAttribute("content")).resolves.toBe(`${baseUrl()}/media/${img.id}/social.jpg`);
    await context.close();
  }
  expect(served.phone.url).toBe(`/media/${img.id}/640.avif`);
  expect(served.desktop.url).toBe(`/media/${img.id}/960.avif`);
  expect(served.phone.bytes).toBeLessThan(served.desktop.bytes);
  console.log(`main image served: ${JSON.stringify(served)}`);

  const { page, context } = await newPage(browser);
  await page.goto(`/category/${article.category}`);
  const cardImg = page.locator(".card-media img").first();
  await cardImg.waitFor({ state: "attached" });
  expect(await page.locator(`.card-media picture source[type="image/avif"]`).count()).toBeGreaterThan(0);
  // The newest cards are on the first screen: their images load at once; every later card's lazily.
  await expect(page.locator(`.card-media img[src="${img.url}"]`).getAttribute("loading")).resolves.toBe("eager");
  const later = await page.locator(".card-media img").evaluateAll((imgs) => imgs.slice(3).map((i) => i.getAttribute("loading")));
  expect(later.length).toBeGreaterThan(0);
  expect(new Set(later)).toEqual(new Set(["lazy"]));
  await context.close();
});
