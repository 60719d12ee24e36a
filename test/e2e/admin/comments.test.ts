// The administrator's comment moderation screen in a real browser: approve, reject and delete, one at a time and in bulk.
import type { Browser } from "playwright-core";
import { connectBrowser } from "../browser.js";
import { adminPage, api, confirmDialog, toast, unique } from "../adminSupport.js";

let browser: Browser;
beforeAll(async () => {
  browser = await connectBrowser();
});
afterAll(() => browser.close());

describe("comment moderation", () => {
  test("approves, rejects and deletes held comments, one at a time and in bulk", async () => {
    const article = (await api("POST", "/articles", { title: unique("Moderation target"), content: "Body", category: "air" })).body;
    // The honeypot field holds a comment for review.
    const post = (text: string) => api("POST", `/articles/${article.id}/comments`, { authorName: "Held Reader", authorEmail: "held@example.com", content: text, website: "http://spam.example" }, { anonymous: true });
    const first = (await post(unique("first held"))).body;
    const second = (await post(unique("second held"))).body;
    const third = (await post(unique("third held"))).body;
    expect(first.isApproved).toBe(false);

    const { page, context } = await adminPage(browser);
    await page.goto("/comments");
    const item = (c: { id: number }) => page.locator(`[data-comment-id="${c.id}"]`);
    await item(first).waitFor();
    expect(await item(first).innerText()).toContain("held@example.com");
    expect(await item(first).innerText()).toContain(article.title);
    expect(await item(first).locator(".admin-status").innerText()).toMatch(/^pending$/i);
    // Held comments come first.
    const pending = await page.locator("[data-comment-id]").evaluateAll((els) => els.map((e) => e.classList.contains("admin-comment-pending")));
    expect(pending.indexOf(false) === -1 || !pending.slice(pending.indexOf(false)).includes(true)).toBe(true);

    await item(first).getByRole("button", { name: "Approve" }).click();
    await toast(page, "Comment Approved").waitFor();
    await item(first).getByText("approved", { exact: true }).waitFor();
    expect((await api("GET", `/articles/${article.id}/comments`, undefined, { anonymous: true })).body.map((c: { id: number }) => c.id)).toEqual([first.id]);

    await item(second).getByRole("checkbox").check();
    await item(third).getByRole("checkbox").check();
    await page.getByRole("button", { name: "Reject Selected" }).click();
    await toast(page, "2 comments rejected").waitFor();
    await item(second).getByText("rejected", { exact: true }).waitFor();

    await item(second).getByRole("checkbox").check();
    await item(third).getByRole("checkbox").check();
    await page.getByRole("button", { name: "Delete Selected" }).click();
    expect(await confirmDialog(page)).toContain("Are you sure you want to delete 2 comments? This action cannot be undone.");
    await toast(page, "2 comments deleted").waitFor();
    await item(second).waitFor({ state: "detached" });
    await item(third).waitFor({ state: "detached" });

    await item(first).getByRole("button", { name: "Delete" }).click();
    await confirmDialog(page);
    await toast(page, "Comment Deleted").waitFor();
    expect((await api("GET", `/articles/${article.id}/comments`, undefined, { anonymous: true })).body).toEqual([]);
    await api("DELETE", `/articles/${article.id}`);
    await context.close();
  });
});
