// Finding 1: the login throttle counts every attempt before the slow hash, so a flood of parallel or
// batched guesses gets at most RATE_LIMIT_LOGIN checks; the one administrator account has a limit of its own.
import { RateLimitPoints } from "../../../src/entities/RateLimitPoints.js";
import { TEST_PASSWORD, useTestApp } from "../../helpers/testApp.js";

const LIMIT = 3;
const t = useTestApp({ RATE_LIMIT_LOGIN: String(LIMIT), RATE_LIMIT_LOGIN_ACCOUNT: "8", TRUST_PROXY: "127.0.0.1" });
afterEach(() => t.ds.getRepository(RateLimitPoints).clear());

const loginFrom = (ip: string, password: string) => t.api("POST", "/api/admin/login", { body: { password }, headers: { "x-forwarded-for": ip } });

test("20 parallel wrong logins from one client: at most RATE_LIMIT_LOGIN are checked, the rest are 429 with Retry-After", async () => {
  const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => loginFrom("198.51.100.7", `wrong-${i}`)));
  const checked = answers.filter((a) => a.status === 200);
  const refused = answers.filter((a) => a.status === 429);
  expect(checked.length).toBeLessThanOrEqual(LIMIT);
  expect(checked.length + refused.length).toBe(20);
  for (const a of checked) expect(a.body).toEqual({ success: false });
  for (const a of refused) {
    expect(Number(a.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(a.body.message).toMatch(/try again in \d+ (seconds|minutes)/i);
  }
});

test("a correct password inside a flood does not reset the count: the flood stays capped and later guesses are refused", async () => {
  const passwords = Array.from({ length: 20 }, (_, i) => (i === 1 ? TEST_PASSWORD : `guess-${i}`));
  const answers = await Promise.all(passwords.map((p) => loginFrom("198.51.100.8", p)));
  // at most LIMIT wrong guesses, plus the right one (a success is not counted)
  expect(answers.filter((a) => a.status === 200).length).toBeLessThanOrEqual(LIMIT + 1);
  // the right password gives back its own attempt only: wrong guesses checked, in the flood and after it, stay within the limit
  const later = [];
  for (let i = 0; i < LIMIT + 1; i++) later.push(await loginFrom("198.51.100.8", `later-${i}`));
  const wrongChecked = [...answers.filter((a, i) => passwords[i] !== TEST_PASSWORD), ...later].filter((a) => a.status === 200);
  expect(wrongChecked.length).toBeLessThanOrEqual(LIMIT);
  expect(later.at(-1)!.status).toBe(429);
});

test("a login inside a tRPC batch is refused with 400 before any password is checked", async () => {
  const paths = Array.from({ length: 5 }, () => "admin.login").join(",");
  const input = Object.fromEntries(Array.from({ length: 5 }, (_, i) => [String(i), { password: i === 4 ? TEST_PASSWORD : `wrong-${i}` }]));
  const res = await t.api("POST", `/api/trpc/${paths}?batch=1`, { body: input });
  expect(res.status).toBe(400);
  expect(JSON.stringify(res.body)).toMatch(/cannot be batched/);
  expect(res.headers.get("set-cookie")).toBeNull();
  // mixed with another procedure too
  const mixed = await t.api("POST", "/api/trpc/admin.status,admin.login?batch=1", { body: { "1": { password: TEST_PASSWORD } } });
  expect(mixed.status).toBe(400);
  expect(mixed.headers.get("set-cookie")).toBeNull();
  expect(await t.ds.getRepository(RateLimitPoints).count()).toBe(0);
  // alone (even in batch form, as the web client sends it) it works
  const alone = await t.api("POST", "/api/trpc/admin.login?batch=1", { body: { "0": { password: TEST_PASSWORD } } });
  expect(alone.status).toBe(200);
});

test("failures against the administrator account from many clients hit the account limit, with a wait (not permanent)", async () => {
  // 8 failures spread over 4 clients (2 each, under the per-client limit) block the account for everyone
  for (let i = 0; i < 8; i++) expect((await loginFrom(`203.0.113.${i % 4}`, "wrong")).status).toBe(200);
  const fresh = await loginFrom("203.0.113.99", TEST_PASSWORD);
  expect(fresh.status).toBe(429);
  const wait = Number(fresh.headers.get("retry-after"));
  expect(wait).toBeGreaterThan(0);
  expect(wait).toBeLessThanOrEqual(15 * 60);
  // once the wait has passed the owner gets in again
  await t.ds.getRepository(RateLimitPoints).createQueryBuilder().update().set({ expire: String(Date.now() - 1000) }).where("key LIKE :block", { block: "%-block:%" }).execute();
  expect((await loginFrom("203.0.113.99", TEST_PASSWORD)).body).toEqual({ success: true });
});

test("successful logins are not counted, and do not erase earlier failures", async () => {
  for (let i = 0; i < LIMIT + 3; i++) expect((await loginFrom("192.0.2.50", TEST_PASSWORD)).body).toEqual({ success: true });
  for (let i = 0; i < LIMIT - 1; i++) expect((await loginFrom("192.0.2.51", "wrong")).status).toBe(200);
  expect((await loginFrom("192.0.2.51", TEST_PASSWORD)).body).toEqual({ success: true });
  expect((await loginFrom("192.0.2.51", "wrong")).status).toBe(200);
  expect((await loginFrom("192.0.2.51", "wrong")).status).toBe(429);
});
