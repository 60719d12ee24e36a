// The newsroom's roles in a real browser (issue 25): a contributor writes a draft and submits it for review, an
// editor sends it back with a note, the contributor sees the note and submits again, the editor approves and
// publishes; the editor offers each role only what the server allows; every admin screen a role cannot use says
// so (driven by the server's permission table), and no screen a role can use makes a call the server refuses.
import fs from "node:fs";
import path from "node:path";
import { jest } from "@jest/globals";
import type { Browser, Page, Response } from "playwright-core";
import { can } from "../../../src/schemas/staff.js";
import { ADMIN_SCREENS } from "../../../web/pages/admin/screens.js";
import { baseUrl, connectBrowser, newPage, uniqueTitle, VIEWPORTS } from "../browser.js";
import { api, inviteStaff, signInAs, signInWithForm, type StaffMember } from "../staffSupport.js";

jest.setTimeout(180_000);
let browser: Browser;
let contributor: StaffMember;
let editor: StaffMember;
beforeAll(async () => {
  browser = await connectBrowser();
  contributor = await inviteStaff("contributor", "Casey Contributor");
  editor = await inviteStaff("editor", "Eden Editor");
});
afterAll(() => browser.close());

const toast = (page: Page, title: string) => page.locator(".toast").filter({ has: page.locator(".toast-title", { hasText: new RegExp(`^${title}$`) }) }).last();
const review = (page: Page) => page.locator(".admin-review");
const button = (page: Page, name: string) => page.getByRole("button", { name, exact: true });

/** Screenshots for a person to look at (E2E_SCREENSHOTS=dir); none otherwise. */
async function shoot(page: Page, name: string) {
  const dir = process.env.E2E_SCREENSHOTS;
  if (!dir) return;
  fs.mkdirSync(dir, { recursive: true });
  // the editor's preview arrives a moment after the text
  const content = page.locator('textarea[name="content"]');
  if ((await content.count()) && (await content.inputValue()).trim()) await page.locator(".admin-preview-body").waitFor();
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
}

test("a contributor submits a draft for review; an editor sends it back with a note, the contributor sees it and resubmits, the editor approves and publishes", async () => {
  const title = uniqueTitle("Shipyard backlog");
  const writer = await newPage(browser);
  await signInWithForm(writer.page, contributor);
  // the contributor's navigation (once the role is known): no review queue, comments or analytics
  await writer.page.locator(".admin-nav a", { hasText: "New Article" }).waitFor();
  const nav = await writer.page.locator(".admin-nav a").allInnerTexts();
  expect(nav).toEqual(expect.arrayContaining(["Dashboard", "New Article", "Articles", "My profile"]));
  for (const hidden of ["Review", "Comments", "Analytics", "Settings", "Staff"]) expect(nav).not.toContain(hidden);

  await writer.page.goto("/editor");
  // a draft only: no status choice, no publish time, no "Create Article"; "Submit for review" instead
  await button(writer.page, "Submit for review").waitFor();
  await expect(writer.page.locator('select[name="status"]').count()).resolves.toBe(0);
  await expect(writer.page.locator('input[name="publishedAt"]').count()).resolves.toBe(0);
  await expect(writer.page.locator('output[name="status"]').innerText()).resolves.toBe("Draft");
  await expect(button(writer.page, "Create Article").count()).resolves.toBe(0);
  await expect(review(writer.page).innerText()).resolves.toContain("When it is ready, submit it for review");
  for (const viewport of ["phone", "desktop"] as const) {
    await writer.page.setViewportSize(VIEWPORTS[viewport]);
    await shoot(writer.page, `editor-contributor-new-${VIEWPORTS[viewport].width}`);
  }
  await writer.page.getByLabel("Title *").fill(title);
  await writer.page.getByLabel("Content (markdown) *").fill("The yards are full until 2031.");
  await button(writer.page, "Submit for review").click();
  await writer.page.waitForURL(/\/editor\/\d+$/);
  const id = Number(writer.page.url().split("/").pop());
  await review(writer.page).filter({ hasText: "Submitted for review" }).waitFor();
  await expect(button(writer.page, "Submit for review").count()).resolves.toBe(0);
  await expect(writer.page.getByRole("button", { name: "Share preview" }).count()).resolves.toBe(0);
  for (const viewport of ["phone", "desktop"] as const) {
    await writer.page.setViewportSize(VIEWPORTS[viewport]);
    await shoot(writer.page, `editor-contributor-submitted-${VIEWPORTS[viewport].width}`);
  }
  await writer.page.setViewportSize(VIEWPORTS.desktop);
  const owner = (await api("GET", `/api/articles/${id}?admin=true`, editor.cookie)).body;
  expect(owner).toMatchObject({ status: "draft", authorId: contributor.me.id, author: "Casey Contributor", submittedAt: expect.any(String), reviewNote: null });

  // the editor finds it in the review queue and sends it back with a note
  const desk = await newPage(browser);
  await signInAs(desk.context, editor);
  await desk.page.goto("/review");
  await desk.page.getByRole("link", { name: title }).click();
  await desk.page.waitForURL(`**/editor/${id}`);
  await review(desk.page).filter({ hasText: "Submitted for review" }).waitFor();
  await button(desk.page, "Approve and publish").waitFor();
  await expect(desk.page.locator('select[name="status"]').count()).resolves.toBe(1);
  for (const viewport of ["phone", "desktop"] as const) {
    await desk.page.setViewportSize(VIEWPORTS[viewport]);
    await shoot(desk.page, `editor-editor-review-${VIEWPORTS[viewport].width}`);
  }
  await desk.page.setViewportSize(VIEWPORTS.desktop);
  await expect(button(desk.page, "Send back").isDisabled()).resolves.toBe(true);
  await desk.page.getByLabel("Note for the writer").fill("Needs a second source for the 2031 date.");
  await button(desk.page, "Send back").click();
  await toast(desk.page, "Sent Back").waitFor();
  await review(desk.page).filter({ hasText: "Sent back by an editor" }).waitFor();
  await expect(button(desk.page, "Approve and publish").count()).resolves.toBe(0);
  await desk.page.goto("/review");
  await desk.page.getByText("Nothing is waiting for review.").or(desk.page.locator(".admin-list li")).first().waitFor();
  await expect(desk.page.getByRole("link", { name: title }).count()).resolves.toBe(0);

  // the contributor sees the note, changes the draft and submits it again (the change is saved first)
  await writer.page.reload();
  await expect(writer.page.getByTestId("review-note").innerText()).resolves.toBe("Needs a second source for the 2031 date.");
  for (const viewport of ["phone", "desktop"] as const) {
    await writer.page.setViewportSize(VIEWPORTS[viewport]);
    await shoot(writer.page, `editor-contributor-sent-back-${VIEWPORTS[viewport].width}`);
  }
  await writer.page.getByLabel("Content (markdown) *").fill("The yards are full until 2031, the ministry and the builder both say.");
  await button(writer.page, "Submit for review").click();
  await toast(writer.page, "Submitted for Review").waitFor();
  await review(writer.page).filter({ hasText: "Submitted for review" }).waitFor();
  await expect(writer.page.locator(".admin-editor-state").innerText()).resolves.toBe("All changes saved");

  // the editor approves: published, out of the queue
  await desk.page.goto(`/editor/${id}`);
  await button(desk.page, "Approve and publish").click();
  await toast(desk.page, "Article Published").waitFor();
  await expect(review(desk.page).count()).resolves.toBe(0);
  const published = (await api("GET", `/api/articles/${id}?admin=true`, editor.cookie)).body;
  expect(published).toMatchObject({ status: "published", submittedAt: null, reviewNote: null, content: "The yards are full until 2031, the ministry and the builder both say." });
  expect((await fetch(`${baseUrl()}/article/${published.slug}`)).status).toBe(200);
  expect((await api("GET", "/api/admin/review", editor.cookie)).body.map((a: { id: number }) => a.id)).not.toContain(id);

  // the contributor can read the published article but no longer change it: nothing to save, delete or restore
  await writer.page.reload();
  await review(writer.page).filter({ hasText: "Contributors change drafts only" }).waitFor();
  for (const field of ['input[name="title"]', 'textarea[name="content"]', 'select[name="category"]']) await expect(writer.page.locator(field).isDisabled()).resolves.toBe(true);
  for (const name of ["Save Draft", "Delete", "Submit for review"]) await expect(button(writer.page, name).count()).resolves.toBe(0);
  await shoot(writer.page, "editor-contributor-published-1280");
  expect(writer.consoleErrors).toEqual([]);
  expect(desk.consoleErrors).toEqual([]);
  await writer.context.close();
  await desk.context.close();
});

test("an author publishes their own articles but cannot open another's; alerts, live blogs and preview links stay editors' work", async () => {
  const author = await inviteStaff("author");
  const theirs = (await api("POST", "/api/articles", author.cookie, { title: uniqueTitle("Author's own"), content: "Body.", status: "draft" })).body;
  const someoneElses = (await api("POST", "/api/articles", editor.cookie, { title: uniqueTitle("Editor's own"), content: "Body.", status: "draft" })).body;
  const { page, context, consoleErrors } = await newPage(browser);
  await signInAs(context, author);
  await page.goto(`/editor/${theirs.id}`);
  await page.locator('select[name="status"]').selectOption("published");
  await button(page, "Update Article").click();
  await toast(page, "Article Updated").waitFor();
  expect((await api("GET", `/api/articles/${theirs.id}?admin=true`, author.cookie)).body.status).toBe("published");
  for (const name of ["Share preview", "Send alert", "Start live blog"]) await expect(page.getByRole("button", { name }).count()).resolves.toBe(0);
  await expect(review(page).count()).resolves.toBe(0);

  await page.goto(`/editor/${someoneElses.id}`);
  await page.getByText("You don't have access to this article").waitFor();
  await expect(page.locator('input[name="title"]').count()).resolves.toBe(0);
  expect(consoleErrors.filter((e) => !/403|Forbidden/i.test(e))).toEqual([]);
  await context.close();
});

test("signing in from a screen's 'Go to Admin Login' returns there, and the screen knows the role that signed in", async () => {
  const { page, context, consoleErrors } = await newPage(browser);
  await page.goto("/review");
  await page.getByRole("button", { name: "Go to Admin Login" }).click();
  await page.getByLabel("E-mail").fill(contributor.email);
  await page.getByLabel("Password").fill(contributor.password);
  await page.getByRole("button", { name: "Login" }).click();
  await page.waitForURL("**/review");
  await page.getByText("You don't have access to this screen").waitFor();
  await expect(page.getByTestId("no-access").innerText()).resolves.toContain("Your role, Contributor, is not");
  await page.getByRole("link", { name: "← Dashboard" }).click();
  await page.getByRole("heading", { name: "Dashboard" }).waitFor();
  await expect(page.locator(".admin-nav a").allInnerTexts()).resolves.not.toContain("Review");
  expect(consoleErrors.filter((e) => !/401|Unauthorized/i.test(e))).toEqual([]);
  await context.close();
});

test("every admin screen: a role without its permission sees 'You don't have access to this screen'; a role with it gets no refused call", async () => {
  const people = { contributor, author: await inviteStaff("author"), editor };
  for (const [role, person] of Object.entries(people) as [keyof typeof people, StaffMember][]) {
    const own = (await api("POST", "/api/articles", person.cookie, { title: uniqueTitle(`${role} sweep`), content: "Body.", status: "draft" })).body;
    const { page, context } = await newPage(browser);
    await signInAs(context, person);
    const refused: string[] = [];
    const onResponse = (r: Response) => void (r.url().includes("/api/") && (r.status() >= 400 || r.status() === 207) && refused.push(`${r.status()} ${new URL(r.url()).pathname}`));
    page.on("response", onResponse);
    for (const screen of ADMIN_SCREENS) {
      const url = screen.path.replace(":id", String(own.id));
      await page.goto(url);
      await page.locator(".admin-heading h1, .admin-gate-card h1").first().waitFor();
      await page.waitForLoadState("networkidle", { timeout: 5_000 }).catch(() => undefined);
      const gated = await page.getByTestId("no-access").count();
      const allowed = !screen.permission || can(person.me.role, screen.permission);
      expect([role, url, gated]).toEqual([role, url, allowed ? 0 : 1]);
      if (!allowed) await expect(page.getByTestId("no-access").innerText()).resolves.toContain("You don't have access to this screen");
      const errors = await page.locator(".admin-error").allInnerTexts();
      expect([role, url, errors, refused]).toEqual([role, url, [], []]);
    }
    await context.close();
  }
});
