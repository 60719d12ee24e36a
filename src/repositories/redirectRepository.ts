import { In, type DataSource } from "typeorm";
import { Redirect } from "../entities/Redirect.js";
import { ConflictError, NotFoundError, isUniqueViolation } from "../lib/errors.js";
import { iso } from "../lib/time.js";
import type { RedirectDto } from "../schemas/redirects.js";
import { managerOf, type Tx } from "./transaction.js";

export type RedirectOrigin = "wordpress" | "admin";
export interface RedirectCounts {
  created: number;
  updated: number;
  unchanged: number;
  /** Sources the administrator had already redirected elsewhere: theirs is kept. */
  kept: number;
}

export const toRedirectDto = (r: Redirect): RedirectDto => ({ id: r.id, source: r.source, target: r.target, origin: r.origin as RedirectOrigin, hits: r.hits, lastHitAt: iso(r.lastHitAt), createdAt: iso(r.createdAt)! });

/** The redirect table. Sources arrive normalised (lib/redirectPaths.ts) and targets checked by the caller's schema. */
export class RedirectRepository {
  constructor(private readonly ds: DataSource) {}

  private repo(tx?: Tx) {
    return managerOf(this.ds, tx).getRepository(Redirect);
  }

  async findTarget(source: string): Promise<string | null> {
    const row = await this.repo().findOne({ select: { target: true }, where: { source } });
    return row?.target ?? null;
  }

  /** Newest first, optionally only sources or targets containing `q`. */
  async list(input: { limit: number; offset: number; q?: string }): Promise<{ items: RedirectDto[]; total: number }> {
    const qb = this.repo().createQueryBuilder("r");
    if (input.q) qb.where("(r.source LIKE :q OR r.target LIKE :q)", { q: `%${input.q.replace(/[\\%_]/g, "\\$&")}%` });
    const [rows, total] = await qb.orderBy("r.id", "DESC").take(input.limit).skip(input.offset).getManyAndCount();
    return { items: rows.map(toRedirectDto), total };
  }

  async create(source: string, target: string, origin: RedirectOrigin): Promise<RedirectDto> {
    try {
      const row = await this.repo().save(this.repo().create({ source, target, origin, hits: 0, lastHitAt: null }));
      return toRedirectDto(row);
    } catch (error) {
      if (isUniqueViolation(error)) throw new ConflictError(`${source} already redirects somewhere: delete that redirect first`);
      throw error;
    }
  }

  /** Deletes one redirect and answers its source. */
  async delete(id: number): Promise<string> {
    const row = await this.repo().findOneBy({ id });
    if (!row) throw new NotFoundError("Redirect not found");
    await this.repo().delete({ id });
    return row.source;
  }

  /** Adds counted hits (gathered in memory between flushes). */
  async addHits(counts: ReadonlyMap<string, number>, at: Date): Promise<void> {
    for (const [source, n] of counts) {
      await this.repo().createQueryBuilder().update(Redirect).set({ hits: () => `hits + ${Math.floor(n)}`, lastHitAt: at }).where("source = :source", { source }).execute();
    }
  }

  /**
   * An import's redirects, in the caller's transaction: new sources are added, its own earlier ones follow the
   * new target, and a source the administrator redirected by hand keeps the administrator's target.
   */
  async upsertImported(tx: Tx, rows: { source: string; target: string }[]): Promise<RedirectCounts> {
    const counts: RedirectCounts = { created: 0, updated: 0, unchanged: 0, kept: 0 };
    const wanted = new Map(rows.map((r) => [r.source, r.target]));
    if (!wanted.size) return counts;
    const repo = this.repo(tx);
    const existing = new Map<string, Redirect>();
    const sources = [...wanted.keys()];
    for (let i = 0; i < sources.length; i += 500) for (const r of await repo.findBy({ source: In(sources.slice(i, i + 500)) })) existing.set(r.source, r);
    for (const [source, target] of wanted) {
      const row = existing.get(source);
      if (!row) {
        await repo.insert({ source, target, origin: "wordpress", hits: 0, lastHitAt: null });
        counts.created++;
      } else if (row.target === target) counts.unchanged++;
      else if (row.origin !== "wordpress") counts.kept++;
      else {
        await repo.update({ id: row.id }, { target });
        counts.updated++;
      }
    }
    return counts;
  }

  /** Every redirect in id order, a page at a time (the export). */
  async page(afterId: number, limit: number): Promise<Redirect[]> {
    return this.repo().createQueryBuilder("r").where("r.id > :afterId", { afterId }).orderBy("r.id", "ASC").take(limit).getMany();
  }

  async count(): Promise<number> {
    return this.repo().count();
  }

  /** Rows restored from an export, in the caller's transaction. */
  async insertRestored(tx: Tx, rows: Omit<Redirect, "id">[]): Promise<void> {
    if (rows.length) await this.repo(tx).insert(rows);
  }
}
