import { useTestApp } from "../../helpers/testApp.js";

const t = useTestApp({ RATE_LIMIT_NEWSLETTER: "1000" }, { signIn: true });

const request = async (email: string, plan: "monthly" | "annual") => (await t.api("POST", "/api/premium/subscribe", { body: { email, plan } })).body;
const setStatus = (id: number, status: string, auth = t.cookie) => t.api("PUT", `/api/admin/premium/${id}/status`, { body: { status }, cookie: auth });

test("sign-up requests are listed newest first with counts per status; admin only", async () => {
  const a = await request("a@example.com", "monthly");
  const b = await request("b@example.com", "annual");
  expect((await t.api("GET", "/api/admin/premium")).status).toBe(401);
  const anonymous = await t.caller();
  await expect(anonymous.premiumAdmin.list({})).rejects.toMatchObject({ code: "UNAUTHORIZED" });
  const list = await t.api("GET", "/api/admin/premium", { cookie: t.cookie });
  expect(list.status).toBe(200);
  expect(list.body.items.slice(0, 2).map((i: { id: number }) => i.id)).toEqual([b.id, a.id]);
  expect(list.body.items[0]).toEqual({ id: b.id, email: "b@example.com", plan: "annual", status: "requested", createdAt: expect.any(String), activatedAt: null, cancelledAt: null });
  expect(list.body.counts.requested).toBeGreaterThanOrEqual(2);
  const filtered = await t.api("GET", "/api/admin/premium?status=active", { cookie: t.cookie });
  expect(filtered.body.items).toEqual([]);
});

test("marking active, cancelled or refused; revenue counts recorded payments only, never a marked request", async () => {
  const monthly = await request("m@example.com", "monthly");
  const annual = await request("y@example.com", "annual");
  const refused = await request("r@example.com", "monthly");
  expect((await setStatus(monthly.id, "active", "")).status).toBe(401);

  const activated = await setStatus(monthly.id, "active");
  expect(activated.status).toBe(200);
  expect(activated.body).toMatchObject({ status: "active", activatedAt: expect.any(String), cancelledAt: null });
  await setStatus(annual.id, "active");
  expect((await setStatus(refused.id, "refused")).body.status).toBe("refused");

  let revenue = (await t.api("GET", "/api/admin/revenue-analytics", { cookie: t.cookie })).body;
  expect(revenue.monthlyRecurring).toBe(0);
  expect(revenue.totalRevenue).toBe(0);

  const cancelled = await setStatus(annual.id, "cancelled");
  expect(cancelled.body).toMatchObject({ status: "cancelled", cancelledAt: expect.any(String) });
  revenue = (await t.api("GET", "/api/admin/revenue-analytics", { cookie: t.cookie })).body;
  expect(revenue.monthlyRecurring).toBe(0);
  expect(revenue.totalRevenue).toBe(0);
});

test("an impossible change is a 400 and changes nothing; bad input is a 400; an unknown id is a 404", async () => {
  const s = await request("x@example.com", "monthly");
  await setStatus(s.id, "active");
  const res = await setStatus(s.id, "refused");
  expect(res.status).toBe(400);
  expect(res.body.message).toBe("Cannot mark an active sign-up as refused");
  expect((await setStatus(s.id, "requested")).status).toBe(400);
  expect((await setStatus(s.id, "paid")).status).toBe(400);
  expect((await setStatus(999999, "active")).status).toBe(404);
  const [row] = await t.ds.query("SELECT status FROM premium_signup WHERE id = ?", [s.id]);
  expect(row.status).toBe("active");
});
