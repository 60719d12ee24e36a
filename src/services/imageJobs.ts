import os from "node:os";
import pLimit from "p-limit";
import { ServiceUnavailableError } from "../lib/errors.js";

/** How long an upload may take from the moment its body is read: past it, the answer is a 503. */
export const IMAGE_BUDGET_MS = 5_000;

/** The image service cannot take the upload now (queue full, or not done within the budget): 503 with Retry-After. */
export class ImageBusyError extends ServiceUnavailableError {
  constructor(message: string, retryAfterSeconds: number) {
    super(retryAfterSeconds, message);
  }
}

/** A job's time limit: checked between steps, and handed to sharp (whole seconds) so libvips itself stops. */
export class Deadline {
  readonly at: number;
  constructor(readonly budgetMs: number) {
    this.at = Date.now() + budgetMs;
  }
  get passed() {
    return Date.now() >= this.at;
  }
  /** Throws the 503 once the time is up: called before each step and before anything is stored. */
  check() {
    if (this.passed) throw timedOut(this.budgetMs);
  }
  /** What is left, in whole seconds, at least 1 (sharp's timeout takes seconds; 0 would mean none). */
  get secondsLeft() {
    return Math.max(1, Math.ceil((this.at - Date.now()) / 1000));
  }
}

const timedOut = (budgetMs: number) => new ImageBusyError(`Processing the image took longer than ${budgetMs / 1000} seconds: try again in a moment, or upload a smaller image.`, Math.ceil(budgetMs / 1000));

/**
 * Image work, at most one job per core (libvips is CPU-bound: more at once only share the cores and hold more
 * memory), a short waiting line, and an answer within the budget. A job that is still running at its deadline
 * keeps its slot until sharp stops it, so the line never admits more work than the cores can do.
 */
export class ImageJobQueue {
  private readonly limit;

  constructor(
    readonly concurrency = os.availableParallelism(),
    /** Jobs that may wait for a core; more are refused at once. */
    readonly maxWaiting = concurrency * 2,
    readonly budgetMs = IMAGE_BUDGET_MS,
  ) {
    this.limit = pLimit(concurrency);
  }

  /** Jobs running now. */
  get active() {
    return this.limit.activeCount;
  }

  /** Runs `job` when a core is free; rejects with ImageBusyError when the line is full or at the deadline. */
  run<T>(job: (deadline: Deadline) => Promise<T>): Promise<T> {
    // Running and waiting together (p-limit counts a job as pending until the next tick, even with a core free).
    if (this.limit.activeCount + this.limit.pendingCount >= this.concurrency + this.maxWaiting) {
      return Promise.reject(new ImageBusyError("Too many images are being processed right now: try again in a few seconds.", Math.ceil(this.budgetMs / 1000)));
    }
    const deadline = new Deadline(this.budgetMs);
    const work = this.limit(() => {
      deadline.check();
      return job(deadline);
    });
    let timer: NodeJS.Timeout | undefined;
    const expiry = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(timedOut(this.budgetMs)), this.budgetMs);
    });
    // The job may settle after the answer was given: its failure is expected then, never unhandled.
    work.catch(() => undefined);
    return Promise.race([work, expiry]).finally(() => clearTimeout(timer));
  }
}
