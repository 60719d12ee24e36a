import type { RequestHandler } from "express";

/**
 * Small middlewares run one after the other as one layer of the app: what `app.use(a); app.use(b); …` does, without
 * the router's matching and bookkeeping between them on every request. An error one passes on (or throws, or rejects
 * with, as Express 5 takes it from a layer) skips the rest.
 */
export function inOrder(...handlers: RequestHandler[]): RequestHandler {
  return (req, res, next) => {
    let i = 0;
    const step = (error?: unknown) => {
      if (error !== undefined && error !== null) return next(error);
      if (i === handlers.length) return next();
      const result: unknown = handlers[i++](req, res, step);
      if (result instanceof Promise) result.catch(next);
    };
    step();
  };
}
