// Job leases: one named row per job loop, held by one instance at a time until it expires or is released.
import type { DataSource } from "typeorm";
import { JobLease } from "../entities/JobLease.js";
import { isUniqueViolation } from "../lib/errors.js";

export class LeaseRepository {
  constructor(private readonly ds: DataSource) {}

  /** Takes the lease until `expiresAt`, or extends it when `holder` has it; false while another holder's lease lasts past `now`. */
  async take(name: string, holder: string, expiresAt: Date, now: Date): Promise<boolean> {
    const result = await this.ds
      .createQueryBuilder()
      .update(JobLease)
      .set({ holder, expiresAt })
      .where("name = :name AND (holder = :holder OR expiresAt < :now)", { name, holder, now })
      .execute();
    if (result.affected === 1) return true;
    const repo = this.ds.getRepository(JobLease);
    if (await repo.existsBy({ name })) return false;
    try {
      await repo.insert({ name, holder, expiresAt });
      return true;
    } catch (error) {
      if (isUniqueViolation(error)) return false;
      throw error;
    }
  }

  /** Ends the lease now when `holder` has it. */
  async release(name: string, holder: string): Promise<void> {
    await this.ds.createQueryBuilder().update(JobLease).set({ expiresAt: new Date(0) }).where("name = :name AND holder = :holder", { name, holder }).execute();
  }
}
