// Staff sessions: the token's hash, whose it is, when it expires and when it was last used.
import { type DataSource, In } from "typeorm";
import { AdminSession } from "../entities/AdminSession.js";
import { fromDbDate } from "../lib/days.js";
import { toDbDate } from "../lib/time.js";

export class AdminSessionRepository {
  constructor(private readonly ds: DataSource) {}

  private get repo() {
    return this.ds.getRepository(AdminSession);
  }

  async add(row: Pick<AdminSession, "tokenHash" | "staffId" | "expiresAt" | "lastSeenAt" | "userAgent">): Promise<void> {
    await this.repo.insert(row);
  }

  /** The session with its staff member. */
  findWithStaff(tokenHash: string): Promise<AdminSession | null> {
    return this.repo.findOne({ where: { tokenHash }, relations: { staff: true } });
  }

  async touch(tokenHash: string, at: Date): Promise<void> {
    await this.repo.update({ tokenHash }, { lastSeenAt: at });
  }

  async delete(tokenHash: string): Promise<void> {
    await this.repo.delete({ tokenHash });
  }

  /** Ends every session of a person but the one with the hash `keepHash`. */
  async deleteOf(staffId: number, keepHash?: string): Promise<void> {
    const qb = this.repo.createQueryBuilder().delete().where("staffId = :staffId", { staffId });
    if (keepHash) qb.andWhere("tokenHash <> :keep", { keep: keepHash });
    await qb.execute();
  }

  /** A person's sessions, newest first. */
  listOf(staffId: number): Promise<AdminSession[]> {
    return this.repo.find({ where: { staffId }, order: { createdAt: "DESC" } });
  }

  async hashesOf(staffId: number): Promise<string[]> {
    return (await this.repo.find({ select: { tokenHash: true }, where: { staffId } })).map((r) => r.tokenHash);
  }

  async deleteHashes(hashes: string[]): Promise<void> {
    if (hashes.length) await this.repo.delete({ tokenHash: In(hashes) });
  }

  async pruneExpired(now: Date): Promise<void> {
    await this.repo.createQueryBuilder().delete().where("expiresAt < :now", { now: toDbDate(now) }).execute();
  }

  /** Each person's newest session activity. */
  async lastSeenPerStaff(): Promise<Map<number, Date | null>> {
    const seen: Array<{ staffId: number; seen: string | Date | null }> = await this.repo.createQueryBuilder("s").select("s.staffId", "staffId").addSelect("MAX(s.lastSeenAt)", "seen").groupBy("s.staffId").getRawMany();
    return new Map(seen.map((r) => [Number(r.staffId), fromDbDate(r.seen)]));
  }
}
