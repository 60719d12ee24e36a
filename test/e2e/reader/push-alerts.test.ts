// Breaking-news alerts in Chromium: the bell asks for nothing until the reader turns alerts on; then the service
// worker registers at the root, the subscription reaches the server with its topics, an editor's alert reaches the
// (local) push service encrypted for this browser, and the worker shows it as a notification.
// Headless Chromium has no push service of its own: PushManager.subscribe is replaced by one that hands out the
// test's keys and a local endpoint; everything else (permission, the worker, the API, the encryption) is real.
import { jest } from "@jest/globals";
import type { Browser } from "playwright-core";
import { baseUrl, connectBrowser, loginAsAdmin, newPage } from "../browser.js";
import { adminRequest, createArticle, openPage, waitForToast } from "../readerSupport.js";
import { pushBrowser, startPushService, type PushService } from "../../helpers/pushClient.js";

jest.setTimeout(60_000);
let browser: Browser;
let service: PushService;
beforeAll(async () => {
  browser = await connectBrowser();
  service = await startPushService();
});
afterAll(async () => {
  await browser.close();
  await service.close();
});

test("the bell opens a topics dialog; permission is asked only on 'Turn on alerts'; an alert reaches the worker as a notification", async () => {
  const subscriber = pushBrowser(service.url, `/push/e2e-${Date.now()}`);
  const { page, context } = await openPage(browser, "/");
  // Counts permission prompts, and stands in for the browser's push service.
  await page.evaluate((sub) => {
    const w = window as unknown as { prompts: number };
    w.prompts = 0;
    const ask = Notification.requestPermission.bind(Notification);
    Notification.requestPermission = () => {
      w.prompts++;
      return ask();
    };
    let current: unknown = null;
    const fake = { endpoint: sub.endpoint, expirationTime: null, toJSON: () => ({ endpoint: sub.endpoint, expirationTime: null, keys: sub.keys }), unsubscribe: async () => ((current = null), true) };
    PushManager.prototype.subscribe = async () => (current = fake) as unknown as PushSubscription;
    PushManager.prototype.getSubscription = async () => current as PushSubscription | null;
  }, { endpoint: subscriber.endpoint, keys: subscriber.keys });

  const bell = page.getByRole("button", { name: "Breaking news alerts" });
  await expect(bell.isVisible()).resolves.toBe(true);
  expect(await page.evaluate(() => navigator.serviceWorker.getRegistrations().then((r) => r.length))).toBe(0);

  await bell.click();
  const dialog = page.getByRole("dialog", { name: "Breaking news alerts" });
  await dialog.waitFor();
  const boxes = dialog.getByRole("checkbox");
  expect(await boxes.count()).toBe(8);
  await expect(dialog.getByRole("checkbox", { name: "Breaking news" }).isChecked()).resolves.toBe(true);
  // Opening the dialog asked for nothing.
  expect(await page.evaluate(() => (window as unknown as { prompts: number }).prompts)).toBe(0);
  expect(await page.evaluate(() => Notification.permission)).toBe("default");

  await context.grantPermissions(["notifications"], { origin: baseUrl() });
  await dialog.getByRole("checkbox", { name: "Naval Operations" }).check();
  await dialog.getByRole("button", { name: "Turn on alerts" }).click();
  await dialog.getByText("Alerts are on").waitFor();
  expect(await page.evaluate(() => (window as unknown as { prompts: number }).prompts)).toBe(1);
  const scope = await page.evaluate(() => navigator.serviceWorker.getRegistration("/").then((r) => r?.scope));
  expect(scope).toBe(`${baseUrl()}/`);

  // An editor's alert for the sea topic reaches this browser's endpoint, encrypted for its keys.
  const article = await createArticle({ title: "Frigates sail at dawn", excerpt: "Two frigates left port.", category: "sea" });
  const sent = await adminRequest("POST", "/api/admin/push/send", { articleId: article.id, topic: "sea" });
  expect(sent.body.recipients).toBeGreaterThanOrEqual(1);
  const path = new URL(subscriber.endpoint).pathname;
  for (let i = 0; i < 100 && !service.count(path); i++) await new Promise((r) => setTimeout(r, 50));
  const message = service.messages.find((m) => m.path === path)!;
  const payload = JSON.parse(subscriber.decrypt(message.body));
  expect(payload).toMatchObject({ title: "Frigates sail at dawn", body: "Two frigates left port." });

  // The worker shows what the push service delivers (handed over through the DevTools protocol).
  const cdp = await context.newCDPSession(page);
  const registrationId = await new Promise<string>((resolve) => {
    cdp.on("ServiceWorker.workerRegistrationUpdated", ({ registrations }: { registrations: { registrationId: string; scopeURL: string }[] }) => {
      const found = registrations.find((r) => r.scopeURL === `${baseUrl()}/`);
      if (found) resolve(found.registrationId);
    });
    void cdp.send("ServiceWorker.enable");
  });
  await cdp.send("ServiceWorker.deliverPushMessage", { origin: baseUrl(), registrationId, data: JSON.stringify(payload) });
  const notifications = () => page.evaluate(async () => (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({ title: n.title, body: n.body, data: n.data as unknown })));
  let shown = await notifications();
  for (let i = 0; i < 100 && !shown.length; i++) {
    await new Promise((r) => setTimeout(r, 100));
    shown = await notifications();
  }
  expect(shown[0]).toEqual({ title: "Frigates sail at dawn", body: "Two frigates left port.", data: { url: payload.url, token: payload.token } });

  // Turning alerts off removes the subscription on the server.
  await dialog.getByRole("button", { name: "Turn off alerts" }).click();
  await dialog.getByText("Alerts are off.").waitFor();
  const again = await adminRequest("POST", "/api/admin/push/send", { articleId: article.id, topic: "sea" });
  expect(again.body.recipients).toBe(sent.body.recipients - 1);
  await context.close();
});

test("the service worker is served from the root, fresh on every check", async () => {
  const res = await fetch(`${baseUrl()}/sw.js`);
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toMatch(/^text\/javascript/);
  expect(res.headers.get("cache-control")).toBe("no-cache");
});

test("the editor's 'Send alert' sends for the article; the Alerts screen lists it with its figures and holds the automatic-alert switch", async () => {
  const article = await createArticle({ title: "Air defence intercepts drones", excerpt: "All drones were downed.", category: "air" });
  const { page, context } = await newPage(browser);
  await loginAsAdmin(context);
  await page.goto(`/editor/${article.id}`);
  const panel = page.locator("section", { has: page.getByRole("heading", { name: "Send alert" }) });
  await panel.getByLabel("Title").fill("Drones downed over the capital");
  await panel.getByLabel("Topic").selectOption("air");
  await panel.getByRole("button", { name: "Send alert" }).click();
  await waitForToast(page, "Alert sending");

  await page.goto("/alerts");
  const row = page.getByRole("row", { name: /Drones downed over the capital/ });
  await row.waitFor();
  expect(await row.innerText()).toMatch(/Air Power/);
  const auto = page.getByRole("checkbox", { name: /breaking article is published/ });
  await expect(auto.isChecked()).resolves.toBe(false);
  await auto.check();
  await waitForToast(page, "Saved");
  expect((await adminRequest("GET", "/api/admin/push/settings")).body).toEqual({ autoBreaking: true });
  await auto.uncheck();
  await waitForToast(page, "Saved");
  await context.close();
});
