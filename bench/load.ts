// One autocannon run against one target, as a browser would ask (compression accepted).
import autocannon from "autocannon";

const USER_AGENT = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36";

const SETTLE_TIMEOUT_S = 300;

/** One request, answered (any status) within SETTLE_TIMEOUT_S: false when it was not. */
async function settle(url: string, accept: string) {
  try {
    const res = await fetch(url, { headers: { accept }, signal: AbortSignal.timeout(SETTLE_TIMEOUT_S * 1000) });
    await res.arrayBuffer();
    return true;
  } catch (error) {
    if (error instanceof Error && error.name === "TimeoutError") return false;
    throw error;
  }
}

export interface Target {
  name: string;
  /** A fixed path, or a function giving the path of each request (e.g. the next search query). */
  path: string | (() => string);
  accept: string;
  /** Connections for this target when not the run's default (one reader at a time: latency without queueing). */
  connections?: number;
  /** Another server than the product's (the ceiling's), when the target is not the product. */
  origin?: string;
  /** Driven at the same time (its own connections), unmeasured: the target is measured under that load. */
  flood?: Target;
}

export interface RunResult {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  /** Responses received: p50 and p99 mean nothing when there are none. */
  answered: number;
  /** The server process's CPU per answered request (ms), when the caller measured it. */
  cpuMs?: number;
}

/**
 * Drives `origin` for `seconds` at `connections`; counts only 2xx answers as served. One request first, answered before
 * the run starts: a slow server may still be working through the previous run's last requests, which would otherwise
 * be charged to this target.
 */
export async function drive(origin: string, target: Target, seconds: number, connections: number): Promise<RunResult> {
  const next = target.path;
  const settled = await settle(origin + (typeof next === "string" ? next : next()), target.accept);
  if (!settled) console.log(`  (${target.name}: the server was still busy after ${SETTLE_TIMEOUT_S} s; measuring anyway)`);
  const result = await autocannon({
    url: origin,
    connections,
    duration: seconds,
    headers: { "accept-encoding": "gzip, br", accept: target.accept, "user-agent": USER_AGENT },
    requests: [typeof next === "string" ? { method: "GET", path: next } : { method: "GET", setupRequest: (request) => ({ ...request, path: next() }) }],
  });
  return {
    requestsPerSecond: result["2xx"] / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    answered: result["2xx"] + result.non2xx,
  };
}
