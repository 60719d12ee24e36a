// Imports started from the admin screen or the API: the upload is read (and validated) as it arrives and kept in
// the database with its job; the mapping step starts it; a LeasedRunner imports it in batches, each committed
// with the job's progress, so a restart or another instance resumes it after its last batch.
import { randomUUID } from "node:crypto";
import { DomainError, ValidationError } from "../lib/errors.js";
import { iso } from "../lib/time.js";
import type { TransactionRunner } from "../repositories/transaction.js";
import type { ImportJob } from "../entities/ImportJob.js";
import { CHUNK_CHARS, type ImportRepository } from "../repositories/importRepository.js";
import { importOptionsSchema, type ImportAnalysis, type ImportJobDto, type ImportOptions, type ImportReport } from "../schemas/imports.js";
import type { DurableWork, StepResult } from "./jobRunner.js";
import { analyseWxr, emptyReport, type WordPressImporter } from "./wordpress/importer.js";

/** A job left waiting for its mapping this long is cancelled and its file dropped. */
const READY_TTL_MS = 24 * 60 * 60_000;

const parse = <T>(text: string, fallback: T): T => {
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
};

export function toImportJobDto(job: ImportJob): ImportJobDto {
  const analysis = parse<ImportAnalysis>(job.analysis, { site: { title: "", url: "", wxrVersion: "" }, counts: { posts: 0, pages: 0, comments: 0, attachments: 0, categories: 0, tags: 0, authors: 0, otherItems: 0 }, categories: [], tags: [] });
  const report = parse<ImportReport>(job.report, emptyReport(analysis));
  return {
    id: job.id,
    status: job.status as ImportJobDto["status"],
    dryRun: Boolean(job.dryRun),
    options: importOptionsSchema.parse(parse(job.options, {})),
    analysis,
    progress: { done: job.itemsDone, total: job.itemsTotal },
    counts: report.counts,
    problems: report.problems,
    keptHtml: report.keptHtml,
    error: job.error,
    createdAt: iso(job.createdAt)!,
    startedAt: iso(job.startedAt),
    finishedAt: iso(job.finishedAt),
  };
}

export class ImportJobs implements DurableWork {
  /** Set by the runner: a queued job starts at once on this instance. */
  onQueued: () => void = () => undefined;

  constructor(
    private readonly imports: ImportRepository,
    private readonly importer: WordPressImporter,
    private readonly transaction: TransactionRunner,
    private readonly logError: (error: unknown) => void = () => undefined,
  ) {}

  /**
   * Reads an upload as it streams in: validated by the same parse as the import (a bad file is refused with the
   * reason, and what was stored of it removed), kept in chunks, and either queued with `options` or, for the
   * mapping step, left `ready`.
   */
  async upload(body: AsyncIterable<Buffer>, options: ImportOptions, review: boolean): Promise<{ id: string }> {
    const id = randomUUID();
    const chunks = this.imports;
    let buffered = "";
    let seq = 0;
    const decoder = new TextDecoder("utf-8");
    const stored: string[] = [];
    async function* keep(): AsyncGenerator<string> {
      for await (const piece of body) {
        const text = decoder.decode(piece, { stream: true });
        buffered += text;
        yield text;
        while (buffered.length >= CHUNK_CHARS) {
          stored.push(buffered.slice(0, CHUNK_CHARS));
          buffered = buffered.slice(CHUNK_CHARS);
          if (stored.length >= 8) await flush();
        }
      }
      const tail = decoder.decode();
      buffered += tail;
      yield tail;
    }
    const flush = async () => {
      const batch = stored.splice(0);
      await this.transaction((tx) => chunks.addChunks(tx, id, seq, batch));
      seq += batch.length;
    };
    let analysis: ImportAnalysis;
    try {
      ({ analysis } = await analyseWxr({ read: keep }));
      if (buffered) stored.push(buffered);
      await flush();
    } catch (error) {
      await this.imports.deleteChunks(id).catch(this.logError);
      throw error;
    }
    await this.transaction((tx) =>
      this.imports.createJob(tx, {
        id,
        status: review ? "ready" : "queued",
        dryRun: options.dryRun,
        options: JSON.stringify(options),
        analysis: JSON.stringify(analysis),
        report: JSON.stringify(emptyReport(analysis)),
        itemsTotal: analysis.counts.posts + analysis.counts.pages + analysis.counts.attachments + analysis.counts.otherItems,
      }),
    );
    if (!review) this.onQueued();
    return { id };
  }

  async get(id: string): Promise<ImportJobDto> {
    return toImportJobDto(await this.imports.findJob(id));
  }

  async list(): Promise<ImportJobDto[]> {
    return (await this.imports.listJobs(20)).map(toImportJobDto);
  }

  /** The mapping step's answer: a `ready` job is queued with these options (once: a second start is a 409). */
  async start(id: string, options: ImportOptions): Promise<ImportJobDto> {
    const job = await this.imports.findJob(id);
    if (job.status !== "ready") throw new ValidationError(`This import is ${job.status}: only an import waiting for its mapping can be started`);
    if (!(await this.imports.transitionJob(id, "ready", { status: "queued", options: JSON.stringify(options), dryRun: options.dryRun }))) throw new ValidationError("This import was started already");
    this.onQueued();
    return this.get(id);
  }

  /** Cancels an import that has not started; its file is dropped. */
  async cancel(id: string): Promise<ImportJobDto> {
    const job = await this.imports.findJob(id);
    if (!(await this.imports.transitionJob(id, job.status === "queued" ? "queued" : "ready", { status: "cancelled", finishedAt: new Date() }))) {
      throw new ValidationError(`This import is ${job.status}: it can no longer be cancelled`);
    }
    await this.imports.deleteChunks(id);
    return this.get(id);
  }

  /** Runs the oldest queued (or interrupted) job to its end, or until the lease is lost; `more` when one ran. */
  async step(stillHeld: () => Promise<boolean>): Promise<StepResult> {
    await this.imports.pruneStale(new Date(Date.now() - READY_TTL_MS));
    const job = await this.imports.nextRunnable();
    if (!job) return { more: false };
    let lost = false;
    await this.imports.updateJob(undefined, job.id, { status: "running", startedAt: job.startedAt ?? new Date() });
    const dto = toImportJobDto(job);
    try {
      await this.importer.run({ read: () => this.imports.chunks(job.id) }, dto.options, {
        startAt: job.itemsDone,
        report: job.itemsDone ? { counts: dto.counts, problems: dto.problems, keptHtml: dto.keptHtml } : undefined,
        saveProgress: (tx, itemsDone, report) => this.imports.updateJob(tx, job.id, { itemsDone, report: JSON.stringify(report) }),
        // A dry run keeps its report here: nothing else of it is written.
        onReport: dto.options.dryRun ? (itemsDone, report) => this.imports.updateJob(undefined, job.id, { itemsDone, report: JSON.stringify(report) }) : undefined,
        shouldStop: () => lost,
        keepAlive: async () => {
          lost = !(await stillHeld());
        },
      });
      if (lost) return { more: false };
      await this.imports.updateJob(undefined, job.id, { status: "done", itemsDone: job.itemsTotal, finishedAt: new Date() });
    } catch (error) {
      this.logError(error);
      const message = error instanceof DomainError ? error.message : "The import stopped on an unexpected error; what its committed batches imported stays (re-importing the file completes it)";
      await this.imports.updateJob(undefined, job.id, { status: "failed", error: message.slice(0, 500), finishedAt: new Date() });
    }
    await this.imports.deleteChunks(job.id);
    return { more: true, done: 1 };
  }
}
