// The administrator's partner screens in Chromium: an API key shown once, used, revoked; a webhook
// endpoint whose signing secret is shown once and whose deliveries (a failure, then a redelivery) are visible.
import { createHmac } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { Browser } from "playwright-core";
import { baseUrl, connectBrowser, loginAsAdmin, newPage } from "../browser.js";

let browser: Browser;
beforeAll(async () => {
  browser = await connectBrowser();
});
afterAll(() => browser.close());

const SHOTS = process.env.E2E_SCREENSHOTS ?? "/tmp";

test("/api-keys: a new key is shown once, works with its scopes, and is refused once revoked", async () => {
  const { page, context, consoleErrors } = await newPage(browser);
  await loginAsAdmin(context);
  await page.goto("/api-keys");
  await page.getByRole("heading", { name: "API Keys" }).first().waitFor();
  const label = `Wire partner ${Date.now()}`;
  await page.getByLabel("Label *").fill(label);
  await page.getByRole("checkbox", { name: /content:read/ }).uncheck();
  await page.getByRole("checkbox", { name: /articles:write/ }).check();
  await page.getByRole("button", { name: "Create key" }).click();
  const shown = page.getByTestId("shown-once");
  await shown.waitFor();
  const key = await shown.inputValue();
  expect(key).toMatch(/^dsk_/);
  await page.screenshot({ path: `${SHOTS}/partner-api-key-shown-once.png`, fullPage: true });

  // the key acts with its scope: drafts readable, the administrator's keys not
  expect((await fetch(`${baseUrl()}/api/admin/articles?status=draft`, { headers: { authorization: `Bearer ${key}` } })).status).toBe(200);
  expect((await fetch(`${baseUrl()}/api/admin/api-keys`, { headers: { authorization: `Bearer ${key}` } })).status).toBe(403);

  await page.getByRole("button", { name: "I have copied it" }).click();
  await shown.waitFor({ state: "detached" });
  await page.reload();
  const row = page.getByRole("row", { name: new RegExp(label) });
  await row.waitFor();
  expect(await row.textContent()).toContain(key.slice(0, 12));
  expect(await page.content()).not.toContain(key);

  await row.getByRole("button", { name: "Revoke" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Revoke" }).click();
  await row.getByText("Revoked").waitFor();
  expect((await fetch(`${baseUrl()}/api/admin/articles`, { headers: { authorization: `Bearer ${key}` } })).status).toBe(401);
  await page.screenshot({ path: `${SHOTS}/partner-api-keys-list.png`, fullPage: true });
  expect(consoleErrors.filter((e) => !e.includes("favicon"))).toEqual([]);
  await context.close();
});

test("/webhooks: the secret is shown once; a failed delivery and its redelivery are visible, signed with that secret", async () => {
  let calls = 0;
  const verified: boolean[] = [];
  let secret = "";
  const receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const raw = Buffer.concat(chunks).toString();
      const [t, v1] = String(req.headers["webhook-signature"]).split(",").map((p) => p.split("=")[1]);
      verified.push(createHmac("sha256", secret).update(`${t}.${raw}`).digest("hex") === v1);
      res.statusCode = ++calls === 1 ? 500 : 200;
      res.end(calls === 1 ? "receiver restarting" : "ok");
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
  const { page, context, consoleErrors } = await newPage(browser);
  try {
    await loginAsAdmin(context);
    await page.goto("/webhooks");
    await page.getByLabel("URL * (https)").fill(url);
    await page.getByRole("button", { name: "Add endpoint" }).click();
    const shown = page.getByTestId("shown-once");
    await shown.waitFor();
    secret = await shown.inputValue();
    expect(secret).toMatch(/^whsec_/);
    await page.getByRole("button", { name: "I have copied it" }).click();

    const title = `Partner webhook story ${Date.now()}`;
    const created = await context.request.post(`${baseUrl()}/api/articles`, { data: { title, content: "Delivered to partners." } });
    expect(created.ok()).toBe(true);

    const card = page.getByRole("region", { name: `Endpoint ${url}` });
    await card.getByRole("button", { name: "Deliveries" }).click();
    const log = card.getByRole("table", { name: "Deliveries" });
    await log.getByText("receiver restarting").waitFor({ timeout: 15_000 });
    await log.getByRole("cell", { name: "500" }).waitFor();
    await page.screenshot({ path: `${SHOTS}/partner-webhook-failed.png`, fullPage: true });
    await log.getByRole("button", { name: "Redeliver" }).first().click();
    await log.getByText("delivered").first().waitFor({ timeout: 15_000 });
    await log.getByRole("cell", { name: "200", exact: true }).waitFor();
    await page.screenshot({ path: `${SHOTS}/partner-webhook-delivered.png`, fullPage: true });
    expect(calls).toBe(2);
    expect(verified).toEqual([true, true]);
    expect(await page.content()).not.toContain(secret);
    expect(consoleErrors.filter((e) => !e.includes("favicon"))).toEqual([]);
  } finally {
    await context.close();
    receiver.closeAllConnections();
    await new Promise((resolve) => receiver.close(resolve));
  }
});
