// The append-only audit log's rows: written once, read newest first with filters, pruned by age only.
import { type DataSource, LessThan } from "typeorm";
import { AuditEntry } from "../entities/AuditEntry.js";
import { toDbDate } from "../lib/time.js";

export interface AuditFilter {
  actorId?: number;
  actorEmail?: string;
  /** An exact action, or (`prefix`) every action that starts with it. */
  action?: { exact: string } | { prefix: string };
  since?: Date;
  /** Entries with ids below it (the last id of the previous page). */
  beforeId?: number;
}

export class AuditRepository {
  constructor(private readonly ds: DataSource) {}

  private get repo() {
    return this.ds.getRepository(AuditEntry);
  }

  async add(entry: Omit<AuditEntry, "id">): Promise<void> {
    await this.repo.insert(entry);
  }

  /** Newest first, `limit` at most. */
  search(filter: AuditFilter, limit: number): Promise<AuditEntry[]> {
    const qb = this.repo.createQueryBuilder("e").orderBy("e.id", "DESC").take(limit);
    if (filter.actorId !== undefined) qb.andWhere("e.actorId = :actorId", { actorId: filter.actorId });
    if (filter.actorEmail !== undefined) qb.andWhere("e.actorEmail = :actorEmail", { actorEmail: filter.actorEmail });
    if (filter.action && "prefix" in filter.action) qb.andWhere("e.action LIKE :prefix", { prefix: `${filter.action.prefix.replace(/[%_\\]/g, "")}%` });
    else if (filter.action) qb.andWhere("e.action = :action", { action: filter.action.exact });
    if (filter.since) qb.andWhere("e.at >= :since", { since: toDbDate(filter.since) });
    if (filter.beforeId) qb.andWhere("e.id < :cursor", { cursor: filter.beforeId });
    return qb.getMany();
  }

  /** Drops entries older than `before`. */
  async prune(before: Date): Promise<void> {
    await this.repo.delete({ at: LessThan(before) });
  }
}
