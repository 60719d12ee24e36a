// Newsletter subscribe (a repeat is a success, one pending row until confirmed) and premium sign-up requests.
import { NewsletterSubscriber } from "../../../src/entities/NewsletterSubscriber.js";
import { PremiumSignup } from "../../../src/entities/PremiumSignup.js";
import { useTestApp } from "../../helpers/testApp.js";

const t = useTestApp({ RATE_LIMIT_NEWSLETTER: "1000" });

test("POST /api/newsletter/subscribe stores the address once; a repeat is a success", async () => {
  const first = await t.api("POST", "/api/newsletter/subscribe", { body: { email: "  Analyst@Example.org " } });
  expect(first.status).toBe(200);
  expect(first.body).toEqual({ success: true, message: expect.any(String) });
  const again = await t.api("POST", "/api/newsletter/subscribe", { body: { email: "analyst@example.org" } });
  expect(again.status).toBe(200);
  expect(again.body.success).toBe(true);
  const rows = await t.ds.getRepository(NewsletterSubscriber).findBy({ email: "analyst@example.org" });
  expect(rows).toHaveLength(1);
  expect(rows[0].status).toBe("pending");
  expect(first.headers.get("cache-control")).toBe("no-store");
});

test("newsletter through a tRPC caller; invalid addresses are 400 and store nothing", async () => {
  const caller = await t.caller(false, "newsletter-caller");
  expect((await caller.newsletter.subscribe({ email: "caller@example.org" })).success).toBe(true);
  const before = await t.ds.getRepository(NewsletterSubscriber).count();
  for (const body of [{}, { email: "" }, { email: "nope" }, { email: 42 }, { email: `${"a".repeat(250)}@x.io` }]) {
    const res = await t.api("POST", "/api/newsletter/subscribe", { body });
    expect([body, res.status]).toEqual([body, 400]);
    expect(res.body.message).toContain("email");
  }
  expect(await t.ds.getRepository(NewsletterSubscriber).count()).toBe(before);
});

test("POST /api/premium/subscribe records a request with its plan", async () => {
  for (const plan of ["monthly", "annual"] as const) {
    const res = await t.api("POST", "/api/premium/subscribe", { body: { email: `Premium-${plan}@example.com`, plan } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, id: expect.any(Number), plan, status: "requested" });
    const row = await t.ds.getRepository(PremiumSignup).findOneByOrFail({ id: res.body.id });
    expect(row).toMatchObject({ email: `premium-${plan}@example.com`, plan, status: "requested" });
  }
  const viaCaller = await (await t.caller(false, "premium-caller")).premium.subscribe({ email: "c@example.com", plan: "annual" });
  expect(viaCaller.plan).toBe("annual");
});

test("premium: a missing or unknown plan or a bad address is 400 and stores nothing", async () => {
  const before = await t.ds.getRepository(PremiumSignup).count();
  for (const body of [{ email: "a@example.com" }, { email: "a@example.com", plan: "weekly" }, { plan: "monthly" }, { email: "bad", plan: "monthly" }]) {
    const res = await t.api("POST", "/api/premium/subscribe", { body });
    expect([body, res.status]).toEqual([body, 400]);
    expect(res.body.message).toBeTruthy();
  }
  expect(await t.ds.getRepository(PremiumSignup).count()).toBe(before);
});
