// The one durable runner for background work kept in the database (imports, the newsletter, webhook deliveries,
// the outbox): one instance at a time holds a lease and drives the work in bounded steps, renewing the lease
// between them, and releases it in `finally` whatever a step throws; a restart (or another instance, once the
// lease expires) picks up where the stored state says.
import { Lease } from "./lease.js";

/** What one step did: whether there may be more to do now, and how many items it finished (mails sent, events delivered). */
export interface StepResult {
  more: boolean;
  done?: number;
}

export interface DurableWork {
  /**
   * Does one bounded piece of pending work. `stillHeld` renews the lease (call it between items) and answers false
   * when another instance took over: stop then.
   */
  step(stillHeld: () => Promise<boolean>): Promise<StepResult>;
}

export class LeasedRunner {
  private running: Promise<number> | null = null;
  private again = false;

  constructor(
    readonly lease: Lease,
    private readonly work: DurableWork,
    private readonly logError: (error: unknown) => void,
  ) {}

  /** Runs now, and every `intervalMs` (work stored by other instances, retries due, or left by a restart). */
  start(intervalMs = 10_000): () => void {
    const timer = setInterval(() => this.kick(), intervalMs);
    timer.unref();
    this.kick();
    return () => clearInterval(timer);
  }

  kick(): void {
    void this.tick().catch(this.logError);
  }

  /**
   * Works until nothing is pending (or the lease is someone else's) and answers how many items this run finished.
   * A call during a run answers that run, and one more run follows it.
   */
  tick(): Promise<number> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = this.run().finally(() => {
      this.running = null;
      if (this.again) {
        this.again = false;
        this.kick();
      }
    });
    return this.running;
  }

  /** Resolves when no run is going on. */
  async idle(): Promise<void> {
    while (this.running) await this.running.catch(() => undefined);
  }

  private async run(): Promise<number> {
    if (!(await this.lease.acquire())) return 0;
    let done = 0;
    try {
      const stillHeld = () => this.lease.acquire();
      for (;;) {
        const step = await this.work.step(stillHeld);
        done += step.done ?? 0;
        if (!step.more || !(await stillHeld())) return done;
      }
    } finally {
      await this.lease.release();
    }
  }
}
