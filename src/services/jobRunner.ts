// A durable runner for background work kept in the database: one instance at a time holds a lease and drives
// the work in bounded steps, renewing the lease between them; a restart (or another instance, once the lease
// expires) picks up where the stored state says. Small on purpose: the work only has to answer `step`, so the
// coming outbox runner can drive the same work.
import { Lease } from "./lease.js";

export interface DurableWork {
  /**
   * Does one bounded piece of pending work and answers whether there may be more. `stillHeld` renews the lease
   * (call it between batches) and answers false when another instance took over: stop then.
   */
  step(stillHeld: () => Promise<boolean>): Promise<boolean>;
}

export class LeasedRunner {
  private running: Promise<void> | null = null;
  private again = false;

  constructor(
    readonly lease: Lease,
    private readonly work: DurableWork,
    private readonly logError: (error: unknown) => void,
  ) {}

  /** Runs now, and every `intervalMs` (work stored by other instances, or left by a restart). */
  start(intervalMs = 10_000): () => void {
    const timer = setInterval(() => this.kick(), intervalMs);
    timer.unref();
    this.kick();
    return () => clearInterval(timer);
  }

  /** Resolves when the run in progress (if any) has finished its step and released the lease. */
  async idle(): Promise<void> {
    while (this.running) await this.running.catch(() => undefined);
  }

  kick(): void {
    void this.tick().catch(this.logError);
  }

  /** Works until nothing is pending (or the lease is someone else's). A call during a run runs once more after it. */
  tick(): Promise<void> {
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

  private async run(): Promise<void> {
    if (!(await this.lease.acquire())) return;
    try {
      const stillHeld = () => this.lease.acquire();
      while ((await this.work.step(stillHeld)) && (await stillHeld()));
    } finally {
      await this.lease.release();
    }
  }
}
