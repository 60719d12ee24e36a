// The import aggregate: jobs with their uploaded file (in chunks, so any instance can run a job and a restart
// resumes it), and the map of WordPress GUIDs to what they became here (so a re-import updates, never duplicates).
import { createHash } from "node:crypto";
import { In, type DataSource } from "typeorm";
import { ImportChunk } from "../entities/ImportChunk.js";
import { ImportJob } from "../entities/ImportJob.js";
import { ImportedItem } from "../entities/ImportedItem.js";
import { NotFoundError } from "../lib/errors.js";
import { managerOf, type Tx } from "./transaction.js";

export type ImportedKind = "post" | "page" | "comment" | "media";
/** The map's key: a hash, so GUIDs of any length index alike. */
export const importedItemKey = (kind: ImportedKind, guid: string) => createHash("sha256").update(`${kind}\n${guid}`).digest("hex");
/** What an item converted to, hashed: equal fingerprints mean a re-import has nothing to write. */
export const fingerprintOf = (value: unknown) => createHash("sha256").update(JSON.stringify(value)).digest("hex");

/** Characters per stored chunk of an upload (well under MySQL's packet limit, even in 4-byte characters). */
export const CHUNK_CHARS = 512 * 1024;

export class ImportRepository {
  constructor(private readonly ds: DataSource) {}

  private manager(tx?: Tx) {
    return managerOf(this.ds, tx);
  }

  /** What these keys became, by key. */
  async findItems(tx: Tx | undefined, keys: string[]): Promise<Map<string, ImportedItem>> {
    const found = new Map<string, ImportedItem>();
    for (let i = 0; i < keys.length; i += 500) for (const row of await this.manager(tx).findBy(ImportedItem, { key: In(keys.slice(i, i + 500)) })) found.set(row.key, row);
    return found;
  }

  async saveItem(tx: Tx | undefined, row: ImportedItem): Promise<void> {
    await this.manager(tx).getRepository(ImportedItem).upsert(row, ["key"]);
  }

  async createJob(tx: Tx, job: Pick<ImportJob, "id" | "status" | "dryRun" | "options" | "analysis" | "report" | "itemsTotal">): Promise<void> {
    await this.manager(tx).getRepository(ImportJob).insert({ ...job, itemsDone: 0, error: null, startedAt: null, finishedAt: null });
  }

  /** Stores pieces of an upload, numbered from `firstSeq`. */
  async addChunks(tx: Tx, jobId: string, firstSeq: number, chunks: string[]): Promise<void> {
    for (const [i, text] of chunks.entries()) await this.manager(tx).getRepository(ImportChunk).insert({ jobId, seq: firstSeq + i, text });
  }

  async findJob(id: string): Promise<ImportJob> {
    const job = await this.ds.getRepository(ImportJob).findOneBy({ id });
    if (!job) throw new NotFoundError("Import not found");
    return job;
  }

  async listJobs(limit: number): Promise<ImportJob[]> {
    return this.ds.getRepository(ImportJob).find({ order: { createdAt: "DESC" }, take: limit });
  }

  /** The oldest job that is queued, or was running when its process stopped. */
  async nextRunnable(): Promise<ImportJob | null> {
    return this.ds.getRepository(ImportJob).findOne({ where: { status: In(["running", "queued"]) }, order: { createdAt: "ASC" } });
  }

  async updateJob(tx: Tx | undefined, id: string, fields: Partial<Omit<ImportJob, "id">>): Promise<void> {
    await this.manager(tx).getRepository(ImportJob).update({ id }, fields);
  }

  /** Moves a job from one status to the next only if it is still in the first (two tabs starting one import). */
  async transitionJob(id: string, from: string, fields: Partial<Omit<ImportJob, "id">>): Promise<boolean> {
    const result = await this.ds.getRepository(ImportJob).update({ id, status: from }, fields);
    return result.affected === 1;
  }

  /** The uploaded file, a chunk at a time. */
  async *chunks(jobId: string): AsyncGenerator<string> {
    for (let seq = 0; ; seq++) {
      const chunk = await this.ds.getRepository(ImportChunk).findOneBy({ jobId, seq });
      if (!chunk) return;
      yield chunk.text;
    }
  }

  async deleteChunks(jobId: string): Promise<void> {
    await this.ds.getRepository(ImportChunk).delete({ jobId });
  }

  /** Jobs left waiting for their mapping longer than `before`, with their files. */
  async pruneStale(before: Date): Promise<number> {
    const stale = await this.ds.getRepository(ImportJob).createQueryBuilder("j").select("j.id", "id").where("j.status = 'ready' AND j.createdAt < :before", { before }).getRawMany<{ id: string }>();
    for (const { id } of stale) {
      await this.deleteChunks(id);
      await this.updateJob(undefined, id, { status: "cancelled", finishedAt: new Date(), error: "Left waiting for its mapping for a day: cancelled" });
    }
    return stale.length;
  }
}
