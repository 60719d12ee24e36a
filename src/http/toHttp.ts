// toHttp(): the one mapping from an error to what a client receives. tRPC's error formatter, the REST adapter's
// response hook and the Express routes' error handler all answer through it, so a domain error has the same
// status, code and message whichever door it leaves by.
import { TRPCError } from "@trpc/server";
import { getHTTPStatusCodeFromError } from "@trpc/server/http";
import { TRPC_ERROR_CODES_BY_KEY, type TRPC_ERROR_CODE_KEY } from "@trpc/server/rpc";
import { ZodError } from "zod";
import { DomainError, ValidationError, type FieldError } from "../lib/errors.js";

export interface HttpError {
  status: number;
  /** tRPC's name of the status (every domain error's code is one: the tRPC door throws it as it is). */
  code: TRPC_ERROR_CODE_KEY;
  message: string;
  /** The invalid fields of a validation error. */
  fields?: FieldError[];
  headers: Record<string, string>;
  /** Why a refusal needs more than its status (TWO_FACTOR_REQUIRED): the REST body's code, tRPC's data.reason. */
  reason?: string;
}

const INTERNAL: HttpError = { status: 500, code: "INTERNAL_SERVER_ERROR", message: "Internal server error", headers: {} };

/** The codes of the statuses Express's own middleware (body parsers, static files) may raise. */
const CODE_OF_STATUS: Record<number, TRPC_ERROR_CODE_KEY> = { 400: "BAD_REQUEST", 401: "UNAUTHORIZED", 403: "FORBIDDEN", 404: "NOT_FOUND", 405: "METHOD_NOT_SUPPORTED", 409: "CONFLICT", 413: "PAYLOAD_TOO_LARGE", 415: "UNSUPPORTED_MEDIA_TYPE", 429: "TOO_MANY_REQUESTS" };

/** The human-readable message of a validation error, naming every invalid field. */
export function invalidInputMessage(fields: FieldError[]) {
  const detail = fields.map((f) => (f.path ? `${f.path}: ${f.message}` : f.message)).join("; ");
  return detail.startsWith("Invalid input") ? detail : `Invalid input: ${detail}`;
}

/** The domain error an error is or stands for: itself, a tRPC error's cause, or an input its schema refused. */
export function asDomainError(error: unknown): DomainError | undefined {
  if (error instanceof DomainError) return error;
  if (error instanceof ZodError) {
    const fields = error.issues.map((i) => ({ path: i.path.join("."), message: i.message }));
    return new ValidationError(invalidInputMessage(fields), fields);
  }
  if (error instanceof TRPCError && (error.cause instanceof DomainError || (error.code === "BAD_REQUEST" && error.cause instanceof ZodError))) return asDomainError(error.cause);
  return undefined;
}

/** Status, code, message (never a stack or an internal detail) and headers for any error. */
export function toHttp(error: unknown): HttpError {
  const domain = asDomainError(error);
  if (domain) return { status: domain.status, code: domain.code, message: domain.message, fields: domain instanceof ValidationError ? domain.fields : undefined, headers: domain.headers(), reason: (domain as { reason?: string }).reason };
  if (error instanceof TRPCError) return error.code === "INTERNAL_SERVER_ERROR" ? INTERNAL : { status: getHTTPStatusCodeFromError(error), code: error.code, message: error.message, headers: {} };
  // Express's middleware (body-parser, static files) marks its client errors with a 4xx status and a safe message.
  const e = error as { status?: unknown; statusCode?: unknown; message?: unknown } | undefined;
  const status = Number(e?.status ?? e?.statusCode);
  const message = typeof e?.message === "string" && e.message ? e.message : "Bad request";
  if (status >= 400 && status < 500) return { status, code: CODE_OF_STATUS[status] ?? "BAD_REQUEST", message, headers: {} };
  return INTERNAL;
}

/** The error body tRPC clients read (tRPC's shape); the REST body is the same with the code's name as `code`. */
export function errorShape(http: HttpError, path?: string) {
  return { message: http.message, code: TRPC_ERROR_CODES_BY_KEY[http.code], data: { code: http.code, httpStatus: http.status, path, fields: http.fields, ...(http.reason ? { reason: http.reason } : {}) } };
}

/** The REST body: what trpc-to-openapi answers for a procedure's error, for the Express routes too. */
export function restErrorBody(http: HttpError) {
  return { ...errorShape(http), code: http.reason ?? http.code };
}
