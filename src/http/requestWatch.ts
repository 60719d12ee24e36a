// One `close` listener per request does the work of three: the request metrics (method, route pattern, status,
// duration: src/http/metricsRoute.ts), the shutdown drain's bookkeeping (src/services/lifecycle.ts) and the access log
// line (src/lib/logger.ts). `close` follows `finish` for every answer sent, and comes alone for one whose client went
// away: that answer is logged ("closed by the client") but not counted, as when the metrics listened for `finish`.
import type { RequestHandler, Response } from "express";
import type { AccessLog } from "../lib/logger.js";
import type { Lifecycle } from "../services/lifecycle.js";
import type { requestCounter } from "./metricsRoute.js";

const WATCH = Symbol("requestWatch");

interface Watch {
  started: number;
  /** The request's id once it reached the log (src/app.ts starts the log after the static assets). */
  logId?: string;
}

type Watched = Response & { [WATCH]?: Watch };

export function requestWatch(options: { count: ReturnType<typeof requestCounter>; lifecycle: Pick<Lifecycle, "admit" | "release">; log: AccessLog }) {
  const { count, lifecycle, log } = options;
  /** The first layer of all: every answer is counted, and waited for during a shutdown. */
  const watch: RequestHandler = (req, res, next) => {
    const state: Watch = { started: performance.now(), logId: undefined };
    (res as Watched)[WATCH] = state;
    const admitted = lifecycle.admit(res);
    res.on("close", () => {
      const ms = performance.now() - state.started;
      if (admitted) lifecycle.release(res);
      if (res.writableFinished) count(req, res, ms / 1000);
      if (state.logId !== undefined) log.write(req, res, state.logId, ms);
    });
    next();
  };
  /** Where the access log starts: the request gets its id (X-Request-Id), and a line when its answer is over. */
  const logged: RequestHandler = (req, res, next) => {
    const state = (res as Watched)[WATCH];
    if (state) state.logId = log.open(req, res);
    next();
  };
  return { watch, logged };
}
