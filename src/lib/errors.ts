// The one error table (as Ghost's @tryghost/errors): each domain error carries its HTTP status, its code and its
// default message, so every door (tRPC, REST, Express routes) answers it alike through src/http/toHttp.ts.
// Repositories and services throw these; nothing above them maps errors by hand.

/** The codes a domain error can carry: tRPC's names for HTTP statuses, so the tRPC door can use them as they are. */
export type ErrorCode =
  | "BAD_REQUEST"
  | "PARSE_ERROR"
  | "UNAUTHORIZED"
  | "FORBIDDEN"
  | "NOT_FOUND"
  | "CONFLICT"
  | "PAYLOAD_TOO_LARGE"
  | "UNSUPPORTED_MEDIA_TYPE"
  | "TOO_MANY_REQUESTS"
  | "SERVICE_UNAVAILABLE";

/** The field-by-field detail of an invalid input. */
export type FieldError = { path: string; message: string };

/** A failure the caller can act on; never a 500. */
export abstract class DomainError extends Error {
  abstract readonly status: number;
  abstract readonly code: ErrorCode;
  /** Headers the answer carries besides the body (Retry-After). */
  headers(): Record<string, string> {
    return {};
  }
}

/** One row of the table: a domain error class with its status, code and default message. */
function errorClass(status: number, code: ErrorCode, defaultMessage: string) {
  return class extends DomainError {
    readonly status = status;
    readonly code = code;
    constructor(message = defaultMessage) {
      super(message);
    }
  };
}

export class ValidationError extends errorClass(400, "BAD_REQUEST", "Invalid input") {
  constructor(
    message: string,
    readonly fields: FieldError[] = [],
  ) {
    super(message);
  }
}
/** A body that is not readable JSON. */
export class ParseError extends errorClass(400, "PARSE_ERROR", "Malformed JSON body") {}
export class UnauthorizedError extends errorClass(401, "UNAUTHORIZED", "Authentication required") {}
export class ForbiddenError extends errorClass(403, "FORBIDDEN", "This operation is not allowed") {}
export class NotFoundError extends errorClass(404, "NOT_FOUND", "Not found") {}
export class ConflictError extends errorClass(409, "CONFLICT", "This conflicts with what is stored") {}
export class PayloadTooLargeError extends errorClass(413, "PAYLOAD_TOO_LARGE", "Request body too large (at most 1 MB)") {}
export class UnsupportedMediaTypeError extends errorClass(415, "UNSUPPORTED_MEDIA_TYPE", "Requests that change data must be sent as JSON (Content-Type: application/json)") {}

/** Too many attempts: 429 with Retry-After. */
export class RateLimitError extends errorClass(429, "TOO_MANY_REQUESTS", "Too many attempts") {
  constructor(
    readonly retryAfterSeconds: number,
    message = retryAfterSeconds < 90 ? `Too many attempts. Try again in ${retryAfterSeconds} seconds.` : `Too many attempts. Try again in ${Math.ceil(retryAfterSeconds / 60)} minutes.`,
  ) {
    super(message);
  }
  override headers() {
    return { "Retry-After": String(this.retryAfterSeconds) };
  }
}

/** Briefly unable to serve (the database is unreachable, the image workers are busy): 503, try again after Retry-After. */
export class ServiceUnavailableError extends errorClass(503, "SERVICE_UNAVAILABLE", "The service is briefly unavailable. Please try again in a few seconds.") {
  constructor(
    readonly retryAfterSeconds: number,
    message?: string,
  ) {
    super(message);
  }
  override headers() {
    return { "Retry-After": String(this.retryAfterSeconds) };
  }
}

/** True when a database error is a unique-key violation on MySQL/MariaDB or SQLite. */
/** What failed, as a line for a log or a stored note: an error's message, anything else thrown as text. */
export const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; driverError?: { code?: string } };
  const code = e?.driverError?.code ?? e?.code ?? "";
  return code === "ER_DUP_ENTRY" || code === "SQLITE_CONSTRAINT_UNIQUE" || code === "SQLITE_CONSTRAINT_PRIMARYKEY";
}

/** The password was right (or a code wrong): the second factor is due. REST answers 401 {code: "TWO_FACTOR_REQUIRED"}. */
export class TwoFactorRequiredError extends UnauthorizedError {
  readonly reason = "TWO_FACTOR_REQUIRED";
  constructor(message = "Enter the code from your authenticator app (or a recovery code)") {
    super(message);
  }
}
