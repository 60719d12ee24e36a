import type { DataSource } from "typeorm";
import { JobLease } from "../entities/JobLease.js";
import type { Clock } from "../lib/clock.js";
import { isUniqueViolation } from "../lib/errors.js";

/** A named lease in the database: with several app instances, one holder at a time until it expires or is released. */
export class Lease {
  private halted = false;

  constructor(
    private readonly ds: DataSource,
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
    const result = await this.ds
      .createQueryBuilder()
      .update(JobLease)
      .set({ holder: this.holder, expiresAt })
      .where("name = :name AND (holder = :holder OR expiresAt < :now)", { name: this.name, holder: this.holder, now })
      .execute();
    if (result.affected === 1) return true;
    const repo = this.ds.getRepository(JobLease);
    if (await repo.existsBy({ name: this.name })) return false;
    try {
      await repo.insert({ name: this.name, holder: this.holder, expiresAt });
      return true;
    } catch (error) {
      if (isUniqueViolation(error)) return false;
      throw error;
    }
  }

  /** Refuses every later acquire (the process is stopping); the current holder still releases. */
  halt(): void {
    this.halted = true;
  }

  async release(): Promise<void> {
    await this.ds.createQueryBuilder().update(JobLease).set({ expiresAt: new Date(0) }).where("name = :name AND holder = :holder", { name: this.name, holder: this.holder }).execute();
  }
}
