// Issue 24, item 3: one error table. Each domain error class, thrown by the same service call, leaves by every door
// (tRPC, REST, an Express page route, an Express API route) with the same status, code and message.
import { jest } from "@jest/globals";
import * as errors from "../../../src/lib/errors.js";
import { createTestApp, type TestApp } from "../../helpers/testApp.js";
import { expectNoStack } from "../../helpers/dbSnapshot.js";

let t: TestApp;
let cookie: string;
/** What the service calls below throw now. */
let failure: Error;
beforeAll(async () => {
  // An Express route of the kind the SSR pages are: whatever escapes it goes to the app's error handler.
  t = await createTestApp({}, [(app) => void app.get("/test/escaping-error", () => Promise.reject(failure))]);
  cookie = await t.login();
  jest.spyOn(t.services.newsletter, "unsubscribe").mockImplementation(() => Promise.reject(failure));
  jest.spyOn(t.services.images, "upload").mockImplementation(() => Promise.reject(failure));
});
afterAll(() => t.close());

const CLASSES: errors.DomainError[] = [
  new errors.ValidationError("The token is not valid", [{ path: "token", message: "Bad signature" }]),
  new errors.ParseError("The token is not readable"),
  new errors.UnauthorizedError(),
  new errors.ForbiddenError("Not for this address"),
  new errors.NotFoundError("No subscription for this address"),
  new errors.ConflictError("Already unsubscribed elsewhere"),
  new errors.PayloadTooLargeError("The token is too long"),
  new errors.UnsupportedMediaTypeError("Not a kind of body we read"),
  new errors.RateLimitError(42),
  new errors.ServiceUnavailableError(7, "The mail service is briefly unavailable"),
];

/** Status, code, message and Retry-After as each door gives them. */
async function throughEveryDoor() {
  const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47]);
  const doors = {
    trpc: await t.api("POST", "/api/trpc/unsubscribe.confirm", { body: { token: "t" } }),
    rest: await t.api("POST", "/api/newsletter/unsubscribe", { body: { token: "t" } }),
    expressPage: await t.api("POST", "/unsubscribe?token=t", { headers: { "content-type": "application/x-www-form-urlencoded" }, body: "List-Unsubscribe=One-Click" }),
    expressApi: await fetch(`${t.baseUrl}/api/admin/images`, { method: "POST", headers: { cookie, "content-type": "image/png" }, body: png }).then(async (res) => ({ status: res.status, headers: res.headers, text: await res.text(), body: undefined as any })),
    escaping: await t.api("GET", "/test/escaping-error"),
  };
  for (const res of Object.values(doors)) expectNoStack(res.text);
  return doors;
}

test.each(CLASSES.map((error) => [error.constructor.name, error] as const))("%s answers the same through tRPC, REST and the Express routes", async (_name, error) => {
  failure = error;
  const { trpc, rest, expressPage, expressApi, escaping } = await throughEveryDoor();
  for (const res of [trpc, rest, expressPage, expressApi, escaping]) {
    expect(res.status).toBe(error.status);
    expect(res.headers.get("retry-after")).toBe(error.headers()["Retry-After"] ?? null);
  }
  expect(trpc.body.error).toMatchObject({ message: error.message, data: { code: error.code, httpStatus: error.status } });
  expect(rest.body).toMatchObject({ message: error.message, code: error.code });
  expect(JSON.parse(expressApi.text)).toMatchObject({ message: error.message, code: error.code });
  // Readers' pages get the site's message page with the same message.
  for (const page of [expressPage, escaping]) {
    expect(page.headers.get("content-type")).toMatch(/text\/html/);
    expect(page.text).toContain(error.message);
  }
  if (error instanceof errors.ValidationError) {
    expect(trpc.body.error.data.fields).toEqual(error.fields);
    expect(rest.body.data.fields).toEqual(error.fields);
  }
});

test("an unexpected error is a bare 500 through every door, its message never shown", async () => {
  failure = new Error("SQLITE_ERROR: no such column secret_column");
  const doors = await throughEveryDoor();
  for (const res of Object.values(doors)) {
    expect(res.status).toBe(500);
    expect(res.text).not.toContain("secret_column");
  }
  expect(doors.trpc.body.error.message).toBe("Internal server error");
  expect(doors.rest.body.message).toBe("Internal server error");
});

test("a REST input its schema refuses names the fields in the message, as tRPC does (no 'Input validation failed')", async () => {
  const rest = await t.api("POST", "/api/newsletter/unsubscribe", { body: { token: "" } });
  const trpc = await t.api("POST", "/api/trpc/unsubscribe.confirm", { body: { token: "" } });
  expect(rest.status).toBe(400);
  expect(rest.body.message).toBe("Invalid input: token: token is required");
  expect(rest.body.data.fields).toEqual([{ path: "token", message: "token is required" }]);
  expect(trpc.body.error.message).toBe(rest.body.message);
});
