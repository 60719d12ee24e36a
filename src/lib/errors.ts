/** Domain errors thrown by repositories and services; src/trpc/trpc.ts maps them to HTTP codes in one place. */
export class DomainError extends Error {}
export class NotFoundError extends DomainError {}
export class ConflictError extends DomainError {}
export class ValidationError extends DomainError {
  constructor(
    message: string,
    readonly fields: { path: string; message: string }[] = [],
  ) {
    super(message);
  }
}
export class UnauthorizedError extends DomainError {
  constructor(message = "Authentication required") {
    super(message);
  }
}
/** The password was right (or a code wrong): the second factor is due. REST answers 401 {code: "TWO_FACTOR_REQUIRED"}. */
export class TwoFactorRequiredError extends UnauthorizedError {
  readonly reason = "TWO_FACTOR_REQUIRED";
  constructor(message = "Enter the code from your authenticator app (or a recovery code)") {
    super(message);
  }
}

/** Signed in, but the role does not allow it (403). */
export class ForbiddenError extends DomainError {
  constructor(message = "Your role does not allow this") {
    super(message);
  }
}
export class RateLimitError extends DomainError {
  constructor(readonly retryAfterSeconds: number) {
    const minutes = Math.ceil(retryAfterSeconds / 60);
    super(
      retryAfterSeconds < 90
        ? `Too many attempts. Try again in ${retryAfterSeconds} seconds.`
        : `Too many attempts. Try again in ${minutes} minutes.`,
    );
  }
}

/** True when a database error is a unique-key violation on MySQL/MariaDB or SQLite. */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; driverError?: { code?: string } };
  const code = e?.driverError?.code ?? e?.code ?? "";
  return code === "ER_DUP_ENTRY" || code === "SQLITE_CONSTRAINT_UNIQUE" || code === "SQLITE_CONSTRAINT_PRIMARYKEY";
}
