import type { RequestHandler } from "express";
import { ValidationError } from "../lib/errors.js";
import { MAX_BATCH_SIZE } from "../schemas/constants.js";

export { MAX_BATCH_SIZE };
/** Procedures that never run inside a batch (one request, one password guess). */
const UNBATCHABLE = new Set(["admin.login"]);

/**
 * The procedure names a tRPC request calls, read as tRPC's adapter reads them: the last path segment,
 * percent-decoded, split on commas (so `admin%2Elogin` is `admin.login`). Null when the segment is not valid
 * percent-encoding.
 */
export function procedureNames(path: string): string[] | null {
  try {
    return decodeURIComponent(path.slice(path.lastIndexOf("/") + 1)).split(",");
  } catch {
    return null;
  }
}

/** Why a tRPC request's path is refused before any procedure runs (an oversized batch, a batched login), if it is. */
export function batchRefusal(path: string): string | undefined {
  const paths = procedureNames(path);
  if (!paths) return "The procedure name is not valid percent-encoding";
  if (paths.length > MAX_BATCH_SIZE) return `Too many procedures in one batch (at most ${MAX_BATCH_SIZE})`;
  if (paths.length > 1 && paths.some((p) => UNBATCHABLE.has(p))) return "admin.login cannot be batched: send it as a request of its own";
  return undefined;
}

/** Refuses oversized batches and batched logins with a 400, before any procedure runs. Mounted on /api/trpc. */
export const trpcBatchGuard: RequestHandler = (req, _res, next) => {
  const refusal = batchRefusal(req.path);
  next(refusal ? new ValidationError(refusal) : undefined);
};
