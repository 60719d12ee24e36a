// The outbox's rows: a change stored with the write that made it, removed once every listener has had it.
import type { DataSource } from "typeorm";
import { managerOf, type Tx } from "./transaction.js";
import { OutboxEvent } from "../entities/OutboxEvent.js";
import { toDbDate } from "../lib/time.js";

export class OutboxRepository {
  constructor(private readonly ds: DataSource) {}

  private repo(manager?: Tx) {
    return managerOf(this.ds, manager).getRepository(OutboxEvent);
  }

  /** Stores a change (in the caller's transaction when given), due for the runner after `graceMs` unless delivered first. */
  async add(id: string, change: string, now: Date, graceMs: number, manager?: Tx): Promise<void> {
    await this.repo(manager).insert({ id, change, createdAt: now, attempts: 0, nextAttemptAt: new Date(now.getTime() + graceMs), lastError: null });
  }

  async remove(id: string): Promise<void> {
    await this.repo().delete({ id });
  }

  /** After a failed delivery: tried again at `next`. */
  async postpone(id: string, next: Date, error: string): Promise<void> {
    await this.repo()
      .createQueryBuilder()
      .update()
      .set({ attempts: () => "attempts + 1", nextAttemptAt: next, lastError: error.slice(0, 500) })
      .where("id = :id", { id })
      .execute();
  }

  /** Changes due for delivery, oldest first. */
  due(now: Date, limit: number): Promise<OutboxEvent[]> {
    return this.repo().createQueryBuilder("o").where("o.nextAttemptAt <= :now", { now: toDbDate(now) }).orderBy("o.createdAt", "ASC").addOrderBy("o.id", "ASC").limit(limit).getMany();
  }
}
