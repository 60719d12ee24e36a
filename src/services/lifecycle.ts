// The process's way out on a deploy (SIGTERM): stop accepting, let requests in flight finish (each told to close
// its connection), end long-lived streams with a reconnect hint, let job steps finish and release their leases.
// Streams register here: `const off = services.lifecycle.onShutdown(() => endStreamWithReconnectHint(res))`, and
// call `off()` when the stream ends by itself.
import type { Response } from "express";

/** Milliseconds an EventSource waits before reconnecting (to another instance, or this one restarted). */
export const RECONNECT_HINT_MS = 1000;

/** Ends a server-sent event stream so the browser reconnects soon: a `retry:` field, then the end of the answer. */
export function endStreamWithReconnectHint(res: Response) {
  if (res.writableEnded) return;
  res.write(`retry: ${RECONNECT_HINT_MS}\n: the server is restarting; reconnect\n\n`);
  res.end();
}

export class Lifecycle {
  private stoppingNow = false;
  private readonly hooks = new Set<() => unknown>();
  private readonly inflight = new Set<Response>();

  get stopping() {
    return this.stoppingNow;
  }

  /** Runs `hook` when the shutdown begins (or at once if it has); returns a function that unregisters it. */
  onShutdown(hook: () => unknown): () => void {
    if (this.stoppingNow) {
      void Promise.resolve().then(hook).catch(() => undefined);
      return () => undefined;
    }
    this.hooks.add(hook);
    return () => this.hooks.delete(hook);
  }

  /**
   * Keeps an answer in flight until `release(res)` (its `close`: src/http/requestWatch.ts); once stopping, the answer
   * asks its client to close the connection instead, and false is returned.
   */
  admit(res: Response): boolean {
    if (this.stoppingNow) {
      res.setHeader("Connection", "close");
      return false;
    }
    this.inflight.add(res);
    return true;
  }

  /** The answer is over (sent, or its connection gone). */
  release(res: Response) {
    this.inflight.delete(res);
  }

  /** Requests answered now or later close their connection; registered streams are ended. */
  async beginShutdown(): Promise<void> {
    if (this.stoppingNow) return;
    this.stoppingNow = true;
    for (const res of this.inflight) if (!res.headersSent) res.setHeader("Connection", "close");
    const hooks = [...this.hooks];
    this.hooks.clear();
    await Promise.allSettled(hooks.map((hook) => Promise.resolve().then(hook)));
  }
}
