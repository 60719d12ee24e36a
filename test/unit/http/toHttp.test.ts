// The one error table: every domain error's status, code, message and headers as toHttp() gives them to every door.
import { TRPCError } from "@trpc/server";
import { z } from "zod";
import {
  ConflictError,
  ForbiddenError,
  NotFoundError,
  ParseError,
  PayloadTooLargeError,
  RateLimitError,
  ServiceUnavailableError,
  UnauthorizedError,
  UnsupportedMediaTypeError,
  ValidationError,
} from "../../../src/lib/errors.js";
import { errorShape, restErrorBody, toHttp } from "../../../src/http/toHttp.js";

const TABLE = [
  [new ValidationError("Title is required", [{ path: "title", message: "Required" }]), 400, "BAD_REQUEST", "Title is required", {}],
  [new ParseError(), 400, "PARSE_ERROR", "Malformed JSON body", {}],
  [new UnauthorizedError(), 401, "UNAUTHORIZED", "Authentication required", {}],
  [new ForbiddenError("Not yours"), 403, "FORBIDDEN", "Not yours", {}],
  [new NotFoundError("Article not found"), 404, "NOT_FOUND", "Article not found", {}],
  [new ConflictError("Slug taken"), 409, "CONFLICT", "Slug taken", {}],
  [new PayloadTooLargeError(), 413, "PAYLOAD_TOO_LARGE", "Request body too large (at most 1 MB)", {}],
  [new UnsupportedMediaTypeError(), 415, "UNSUPPORTED_MEDIA_TYPE", "Requests that change data must be sent as JSON (Content-Type: application/json)", {}],
  [new RateLimitError(30), 429, "TOO_MANY_REQUESTS", "Too many attempts. Try again in 30 seconds.", { "Retry-After": "30" }],
  [new RateLimitError(600), 429, "TOO_MANY_REQUESTS", "Too many attempts. Try again in 10 minutes.", { "Retry-After": "600" }],
  [new ServiceUnavailableError(5), 503, "SERVICE_UNAVAILABLE", "The service is briefly unavailable. Please try again in a few seconds.", { "Retry-After": "5" }],
] as const;

test.each(TABLE)("%p answers %i %s with its own message and headers", (error, status, code, message, headers) => {
  expect(toHttp(error)).toMatchObject({ status, code, message, headers });
  expect(error.status).toBe(status);
  expect(error.code).toBe(code);
});

test("a domain error wrapped by tRPC answers as itself", () => {
  const cause = new ConflictError("Slug taken");
  expect(toHttp(new TRPCError({ code: "INTERNAL_SERVER_ERROR", cause }))).toMatchObject({ status: 409, code: "CONFLICT", message: "Slug taken" });
});

test("an input refused by its schema is a 400 naming every field, bare or as a tRPC error's cause", () => {
  const zod = z.object({ title: z.string(), n: z.number() }).safeParse({ n: "x" }).error!;
  const expected = { status: 400, code: "BAD_REQUEST", message: expect.stringMatching(/^Invalid input: title: .*; n: /), fields: [{ path: "title", message: expect.any(String) }, { path: "n", message: expect.any(String) }] };
  expect(toHttp(zod)).toMatchObject(expected);
  expect(toHttp(new TRPCError({ code: "BAD_REQUEST", cause: zod }))).toMatchObject(expected);
});

test("tRPC's own errors keep their status and message; an internal one says nothing of its cause", () => {
  expect(toHttp(new TRPCError({ code: "FORBIDDEN", message: "This API key lacks the scope content:write" }))).toMatchObject({ status: 403, code: "FORBIDDEN", message: "This API key lacks the scope content:write" });
  expect(toHttp(new TRPCError({ code: "INTERNAL_SERVER_ERROR", message: "SQLITE_ERROR near x", cause: new Error("secret") }))).toEqual({ status: 500, code: "INTERNAL_SERVER_ERROR", message: "Internal server error", headers: {} });
});

test("Express's client errors keep their 4xx; anything else is a bare 500", () => {
  expect(toHttp(Object.assign(new Error("request entity too large"), { status: 413, type: "entity.too.large" }))).toMatchObject({ status: 413, code: "PAYLOAD_TOO_LARGE", message: "request entity too large" });
  expect(toHttp(Object.assign(new Error("Not Found"), { statusCode: 404 }))).toMatchObject({ status: 404, code: "NOT_FOUND" });
  for (const error of [new Error("connection string with a password"), Object.assign(new Error("boom"), { status: 502 }), "a string", undefined, null]) {
    expect(toHttp(error)).toEqual({ status: 500, code: "INTERNAL_SERVER_ERROR", message: "Internal server error", headers: {} });
  }
});

test("the tRPC shape and the REST body carry the same status and message, and the fields", () => {
  const http = toHttp(new ValidationError("Bad", [{ path: "a", message: "Required" }]));
  expect(errorShape(http, "articles.create")).toEqual({ message: "Bad", code: -32600, data: { code: "BAD_REQUEST", httpStatus: 400, path: "articles.create", fields: [{ path: "a", message: "Required" }] } });
  expect(restErrorBody(http)).toMatchObject({ message: "Bad", code: "BAD_REQUEST", data: { httpStatus: 400, fields: [{ path: "a", message: "Required" }] } });
});
