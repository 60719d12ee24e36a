// Structured logs: one JSON line per request with id (echoed as X-Request-Id), method, route, status and
// duration; errors with their stack in the log only; no cookies, passwords, tokens or e-mail addresses.
import { logSink } from "../../helpers/logSink.js";
import { createTestApp, TEST_PASSWORD, type TestApp } from "../../helpers/testApp.js";

const { stream: sink, lines } = logSink();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ LOG_LEVEL: "info", RATE_LIMIT_NEWSLETTER: "100" }, [
    (app) => {
      app.get("/boom", () => {
        throw new Error("kaboom from the test");
      });
    },
  ], { logDestination: sink });
});
afterAll(() => t.close());
beforeEach(() => void (lines.length = 0));

const entries = () => lines.map((l) => JSON.parse(l));

test("one JSON line per request with request id, method, route, status and duration; the id is sent back", async () => {
  const res = await t.api("GET", "/api/articles?limit=2");
  const id = res.headers.get("x-request-id");
  expect(id).toMatch(/^[0-9a-f-]{36}$/);
  const line = entries().find((e) => e.req?.id === id);
  expect(line).toMatchObject({ req: { id, method: "GET" }, res: { status: 200 }, route: "/api/articles" });
  expect(typeof line.durationMs).toBe("number");
  // a caller's own request id is kept when it is well-formed, replaced when not
  expect((await t.api("GET", "/api/pages", { headers: { "x-request-id": "edge-abc.123" } })).headers.get("x-request-id")).toBe("edge-abc.123");
  expect((await t.api("GET", "/api/pages", { headers: { "x-request-id": "bad id\u00e9<script>" } })).headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
});

test("an error's stack is in the log, never in the answer", async () => {
  const res = await t.api("GET", "/boom");
  expect(res.status).toBe(500);
  expect(res.text).not.toContain("kaboom");
  expect(res.text).not.toMatch(/\bat .*:\d+/);
  const error = entries().find((e) => e.err?.message === "kaboom from the test");
  expect(error.err.stack).toMatch(/kaboom from the test\n\s+at /);
  expect(error.level).toBe(50);
});

test("no cookie, password, token or e-mail address reaches any log line", async () => {
  const cookie = await t.login();
  const token = cookie.split("=")[1];
  await t.api("POST", "/api/admin/login", { body: { password: "wrong-secret-password" } });
  await t.api("POST", "/api/newsletter/subscribe", { body: { email: "private.reader@example.com" } });
  await t.api("GET", "/api/admin/status", { cookie });
  const unsubscribe = await t.services.newsletter.unsubscribeToken("private.reader@example.com");
  await t.api("GET", `/api/newsletter/unsubscribe?token=${unsubscribe}`);
  await t.api("GET", "/api/articles?q=someone%40example.com");
  t.services.logger.info({ email: "x@example.com", nested: { password: "p4ss", token: "tok" } }, "mail to other.person@example.org failed");
  const all = lines.join("\n");
  expect(lines.length).toBeGreaterThan(5);
  for (const secret of [token, TEST_PASSWORD, "wrong-secret-password", "private.reader", "someone@example.com", "someone%40example.com", unsubscribe, "x@example.com", "p4ss", "tok\"", "other.person@example.org"]) {
    expect([secret, all.includes(secret)]).toEqual([secret, false]);
  }
  expect(all).toContain("[email]");
});

test("LOG_LEVEL=warn keeps successful requests out of the log", async () => {
  const quiet = await createTestApp({ LOG_LEVEL: "warn" }, [], { logDestination: sink });
  try {
    await quiet.api("GET", "/api/pages");
    await quiet.api("GET", "/api/no-such-endpoint");
    const levels = entries().map((e) => e.level);
    expect(levels.length).toBeGreaterThan(0);
    expect(levels.every((l) => l >= 40)).toBe(true);
  } finally {
    await quiet.close();
  }
});

test("a preview link's token never reaches a log line: not from the page, the REST view or revocation, nor from tRPC", async () => {
  const cookie = await t.login();
  const { id } = (await t.api("POST", "/api/articles", { cookie, body: { title: "Logged draft", content: "Body", status: "draft" } })).body;
  const { url } = (await t.api("POST", `/api/articles/${id}/previews`, { cookie })).body;
  const token = url.split("/preview/")[1];
  lines.length = 0;
  await t.api("GET", `/api/previews/${token}`);
  await t.api("GET", `/api/PREVIEWS/${token}`);
  await t.api("GET", `/preview/${token}`);
  await t.api("GET", `/api/trpc/previews.view?input=${encodeURIComponent(JSON.stringify({ token }))}`);
  await t.api("DELETE", `/api/previews/${token}`, { cookie });
  await t.api("GET", `/api/previews/${token}`); // now a 404, logged at warn
  expect(lines.length).toBeGreaterThanOrEqual(6);
  expect(lines.join("\n")).not.toContain(token);
  expect(entries().map((e) => e.route)).toEqual(expect.arrayContaining(["/api/previews/:secret", "/preview/:secret"]));
});

test("a failed statement's values reach no log: not the driver's own console lines, nor the logged error", async () => {
  const secret = "tok3n-value-in-a-failed-statement";
  const printed: string[] = [];
  const methods = ["log", "info", "warn", "error"] as const;
  const kept = { ...console };
  for (const m of methods) console[m] = (...args: unknown[]) => void printed.push(args.map(String).join(" "));
  let failure: unknown;
  try {
    await t.ds.query("SELECT ? AS v FROM no_such_table", [secret]).catch((err: unknown) => (failure = err));
  } finally {
    Object.assign(console, kept);
  }
  expect(failure).toBeInstanceOf(Error);
  expect(printed.join("\n")).not.toContain(secret);
  // Logged as any error is (a job's, a request's): its message and statement, not its values.
  t.services.logger.error({ err: failure }, "a job failed");
  const line = entries().find((e) => e.msg === "a job failed");
  expect(line.err.message).toMatch(/no_such_table/);
  expect(line.err.query).toContain("no_such_table");
  expect(lines.join("\n")).not.toContain(secret);
});
