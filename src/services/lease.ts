import type { Clock } from "../lib/clock.js";
import type { LeaseRepository } from "../repositories/leaseRepository.js";

/** A named lease in the database: with several app instances, one holder at a time until it expires or is released. */
export class Lease {
  private halted = false;

  constructor(
    private readonly leases: LeaseRepository,
    private readonly clock: Clock,
    readonly name: string,
    readonly holder: string,
    private readonly durationMs: number,
  ) {}

  /** Takes the lease, or extends it when this holder has it; false while another holder's lease is unexpired. */
  async acquire(): Promise<boolean> {
    // On shutdown: the step in progress finishes, no further one starts, and the holder releases the lease.
    if (this.halted) return false;
    const now = this.clock.now();
    const expiresAt = new Date(now.getTime() + this.durationMs);
    return this.leases.take(this.name, this.holder, expiresAt, now);
  }

  /** Refuses every later acquire (the process is stopping); the current holder still releases. */
  halt(): void {
    this.halted = true;
  }

  async release(): Promise<void> {
    await this.leases.release(this.name, this.holder);
  }
}
