import { DEFAULT_SETTINGS } from "../../../src/schemas/settings.js";
import { useTestApp } from "../../helpers/testApp.js";

const t = useTestApp({}, { signIn: true });

const next = {
  targets: { monthlyVisitors: 250000, engagementRate: 55.5, viralCoefficient: 1.2, newsletterSubscribers: 20000, monthlyRecurringRevenue: 12000 },
  revenueSplit: { adNetwork: 60, directAdvertising: 30, premiumSubscriptions: 10 },
};

test("admin only, through REST and tRPC", async () => {
  expect((await t.api("GET", "/api/admin/settings")).status).toBe(401);
  expect((await t.api("PUT", "/api/admin/settings", { body: next })).status).toBe(401);
  await expect((await t.caller()).settings.get()).rejects.toMatchObject({ code: "UNAUTHORIZED" });
});

test("answers the defaults (the 70/25/5 split) until saved; saved values reach the dashboards", async () => {
  expect((await t.api("GET", "/api/admin/settings", { cookie: t.cookie })).body).toEqual(DEFAULT_SETTINGS);
  const saved = await t.api("PUT", "/api/admin/settings", { body: next, cookie: t.cookie });
  expect(saved.status).toBe(200);
  expect(saved.body).toEqual(next);
  expect((await t.api("GET", "/api/admin/settings", { cookie: t.cookie })).body).toEqual(next);
  expect((await t.api("GET", "/api/growth/metrics", { cookie: t.cookie })).body.targets).toEqual(next.targets);
  expect((await t.api("GET", "/api/revenue/dashboard", { cookie: t.cookie })).body.revenueSplit).toEqual(next.revenueSplit);
});

test("bad values are a 400 naming the field and store nothing", async () => {
  const before = (await t.api("GET", "/api/admin/settings", { cookie: t.cookie })).body;
  for (const body of [
    { ...next, revenueSplit: { adNetwork: 70, directAdvertising: 25, premiumSubscriptions: 10 } },
    { ...next, targets: { ...next.targets, engagementRate: 140 } },
    { ...next, targets: { ...next.targets, monthlyVisitors: -1 } },
    { ...next, targets: { ...next.targets, monthlyVisitors: 10.5 } },
    { targets: next.targets },
  ]) {
    const res = await t.api("PUT", "/api/admin/settings", { body, cookie: t.cookie });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/Invalid input/);
  }
  const sum = await t.api("PUT", "/api/admin/settings", { body: { ...next, revenueSplit: { adNetwork: 50, directAdvertising: 25, premiumSubscriptions: 5 } }, cookie: t.cookie });
  expect(sum.body.message).toContain("must add up to 100");
  expect((await t.api("GET", "/api/admin/settings", { cookie: t.cookie })).body).toEqual(before);
});
