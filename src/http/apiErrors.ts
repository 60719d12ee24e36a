import type { Request, Response } from "express";

const TRPC_CODES: Record<string, number> = { UNAUTHORIZED: -32001, FORBIDDEN: -32003, TOO_MANY_REQUESTS: -32029, UNSUPPORTED_MEDIA_TYPE: -32015 };

/** An error answered before the API adapters run: tRPC clients read tRPC's envelope, REST clients a plain body. */
export function sendApiError(req: Request, res: Response, status: number, code: string, message: string) {
  res.setHeader("Cache-Control", "no-store");
  // Mounted on /api or on the app: the full path tells a tRPC call from a REST one.
  const body = (req.baseUrl + req.path).startsWith("/api/trpc/") ? { error: { message, code: TRPC_CODES[code] ?? -32600, data: { code, httpStatus: status } } } : { message, code };
  res.status(status).json(body);
}
