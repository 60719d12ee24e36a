// Reader accounts with their sessions and sign-in links (the address is the account; Stripe's customer id links payments).
import type { DataSource } from "typeorm";
import { Reader } from "../entities/Reader.js";
import { ReaderSession } from "../entities/ReaderSession.js";
import { ReaderSignIn } from "../entities/ReaderSignIn.js";
import { isUniqueViolation } from "../lib/errors.js";
import { toDbDate } from "../lib/time.js";
import { managerOf, type Tx } from "./transaction.js";

export class ReaderRepository {
  constructor(private readonly ds: DataSource) {}

  private readers(tx?: Tx) {
    return managerOf(this.ds, tx).getRepository(Reader);
  }
  private sessions(tx?: Tx) {
    return managerOf(this.ds, tx).getRepository(ReaderSession);
  }
  private links(tx?: Tx) {
    return managerOf(this.ds, tx).getRepository(ReaderSignIn);
  }

  findById(id: number): Promise<Reader | null> {
    return this.readers().findOneBy({ id });
  }

  findByEmail(email: string, tx?: Tx): Promise<Reader | null> {
    return this.readers(tx).findOneBy({ email });
  }

  findByCustomer(stripeCustomerId: string, tx?: Tx): Promise<Reader | null> {
    return this.readers(tx).findOneBy({ stripeCustomerId });
  }

  /** These readers (the administrator's list of members shows their addresses). */
  findByIds(ids: number[]): Promise<Reader[]> {
    if (!ids.length) return Promise.resolve([]);
    return this.readers().createQueryBuilder("r").where("r.id IN (:...ids)", { ids }).getMany();
  }

  /** The reader of a (normalised) address, created when there is none (a concurrent creation is read back). */
  async findOrCreate(email: string, stripeCustomerId: string | null = null): Promise<Reader> {
    const repo = this.readers();
    const existing = await repo.findOneBy({ email });
    if (existing) return existing;
    try {
      return await repo.save(repo.create({ email, stripeCustomerId, lastSignInAt: null }));
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      return (await repo.findOneBy({ email }))!;
    }
  }

  /** A new reader, in the caller's transaction; answers the stored row. */
  async insert(tx: Tx, fields: Pick<Reader, "email" | "stripeCustomerId">): Promise<Reader | null> {
    await this.readers(tx).insert({ ...fields, lastSignInAt: null });
    return this.readers(tx).findOneBy({ email: fields.email });
  }

  async linkCustomer(tx: Tx, id: number, stripeCustomerId: string): Promise<void> {
    await this.readers(tx).update({ id }, { stripeCustomerId });
  }

  async markSignedIn(id: number, at: Date): Promise<void> {
    await this.readers().update({ id }, { lastSignInAt: at });
  }

  async delete(tx: Tx, reader: Pick<Reader, "id" | "email">): Promise<void> {
    await this.sessions(tx).delete({ readerId: reader.id });
    await this.links(tx).delete({ email: reader.email });
    await this.readers(tx).delete({ id: reader.id });
  }

  // ---------- sign-in links ----------

  /** The address's link with a key that is valid after `after` (the one that lasts longest). */
  freshLink(email: string, after: Date): Promise<ReaderSignIn | null> {
    return this.links()
      .createQueryBuilder("l")
      .where("l.email = :email AND l.linkKey IS NOT NULL AND l.expiresAt > :after", { email, after: toDbDate(after) })
      .orderBy("l.expiresAt", "DESC")
      .getOne();
  }

  async addLink(row: Pick<ReaderSignIn, "tokenHash" | "email" | "linkKey" | "expiresAt">): Promise<void> {
    await this.links().insert(row);
  }

  findLink(tokenHash: string): Promise<ReaderSignIn | null> {
    return this.links().findOneBy({ tokenHash });
  }

  /** Deletes the link; of two concurrent spends only one answers true (what makes a link single-use). */
  async spendLink(tokenHash: string): Promise<boolean> {
    const deleted = await this.links().delete({ tokenHash });
    return Boolean(deleted.affected);
  }

  async deleteLinksOf(email: string): Promise<void> {
    await this.links().delete({ email });
  }

  // ---------- sessions ----------

  async addSession(row: Pick<ReaderSession, "tokenHash" | "readerId" | "expiresAt">): Promise<void> {
    await this.sessions().insert(row);
  }

  findSession(tokenHash: string): Promise<ReaderSession | null> {
    return this.sessions().findOneBy({ tokenHash });
  }

  async deleteSession(tokenHash: string): Promise<void> {
    await this.sessions().delete({ tokenHash });
  }

  /** Forgets sessions and sign-in links that expired before `now`. */
  async pruneExpired(now: Date): Promise<void> {
    const at = toDbDate(now);
    await this.sessions().createQueryBuilder().delete().where("expiresAt < :now", { now: at }).execute();
    await this.links().createQueryBuilder().delete().where("expiresAt < :now", { now: at }).execute();
  }
}
