// The administrator's business contacts screen in a real browser: add, edit and delete with validation and toasts.
import type { Browser } from "playwright-core";
import { connectBrowser } from "../browser.js";
import { adminPage, api, confirmDialog, toast, unique } from "../adminSupport.js";

let browser: Browser;
beforeAll(async () => {
  browser = await connectBrowser();
});
afterAll(() => browser.close());

describe("contacts", () => {
  test("adds, edits and deletes a business contact with validation and toasts", async () => {
    const { page, context } = await adminPage(browser);
    await page.goto("/business-contacts");
    const count = (await api("GET", "/business-contacts")).body.length;
    await page.getByRole("button", { name: "Add Contact" }).click();
    expect(await page.getByLabel("Display order").inputValue()).toBe(String(count));
    const label = unique("Press Office");
    await page.getByLabel("Label *").fill(label);
    await page.getByRole("button", { name: "Create Contact" }).click();
    await toast(page, "Missing Required Fields").filter({ hasText: "Label and email are required" }).waitFor();
    await page.getByLabel("Email *").fill("press@example.com");
    await page.getByLabel("Display order").fill("not a number");
    await page.getByRole("button", { name: "Create Contact" }).click();
    await toast(page, "Contact Created").waitFor();
    const id = label.toLowerCase().replace(/[^a-z0-9]+/g, "_");
    const stored = (await api("GET", "/business-contacts")).body.find((c: { id: string }) => c.id === id);
    expect(stored).toMatchObject({ label, email: "press@example.com", displayOrder: 0, isActive: true });

    const card = page.locator(`[data-contact-id="${id}"]`);
    await card.getByRole("button", { name: "Edit" }).click();
    await page.getByLabel("Phone").fill("+1 555 0100");
    await page.getByRole("checkbox", { name: /Active/ }).uncheck();
    await page.getByRole("button", { name: "Update Contact" }).click();
    await toast(page, "Contact Updated").waitFor();
    await card.getByText("Inactive").waitFor();
    expect((await api("GET", "/business-contacts", undefined, { anonymous: true })).body.some((c: { id: string }) => c.id === id)).toBe(false);

    // A duplicate id fails with its message.
    await page.getByRole("button", { name: "Add Contact" }).click();
    await page.getByLabel("Label *").fill(label);
    await page.getByLabel("Email *").fill("other@example.com");
    await page.getByRole("button", { name: "Create Contact" }).click();
    await toast(page, "Error").filter({ hasText: "Failed to create contact" }).waitFor();
    await page.getByRole("button", { name: "Cancel" }).click();

    await card.getByRole("button", { name: "Delete" }).click();
    expect(await confirmDialog(page)).toContain(`Are you sure you want to delete “${label}”? This action cannot be undone.`);
    await toast(page, "Contact Deleted").waitFor();
    await card.waitFor({ state: "detached" });
    await context.close();
  });

});
