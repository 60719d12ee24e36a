import { Column, CreateDateColumn, Entity, Index, PrimaryColumn } from "typeorm";
import { CREATED_AT, DATETIME, longText } from "./columnTypes.js";

/**
 * A WordPress import started from the admin screen or the API: its file (in import_chunk rows, so any
 * instance can run it and a restart resumes it), its options, its progress and its report.
 */
@Entity("import_job")
@Index("IDX_import_job_status_created", ["status", "createdAt"])
export class ImportJob {
  @PrimaryColumn({ type: "varchar", length: 36 })
  id: string;

  /** ready (parsed, waiting for the mapping) | queued | running | done | failed | cancelled */
  @Column({ type: "varchar", length: 16 })
  status: string;

  @Column({ type: "boolean", default: false })
  dryRun: boolean;

  /** JSON: the mapping and the options the import runs with. */
  @Column({ type: "text" })
  options: string;

  /** JSON: what the validating parse found (categories with their posts, counts per kind, the site's address). */
  @Column(longText())
  analysis: string;

  /** Items (in file order) whose writes are committed: a resumed job starts after them. */
  @Column({ type: "int", default: 0 })
  itemsDone: number;

  @Column({ type: "int", default: 0 })
  itemsTotal: number;

  /** JSON: counts per kind, problems and the list of what was kept as HTML, as far as the import got. */
  @Column(longText())
  report: string;

  @Column({ type: "varchar", length: 500, nullable: true })
  error: string | null;

  @CreateDateColumn(CREATED_AT)
  createdAt: Date;

  @Column({ ...DATETIME, nullable: true })
  startedAt: Date | null;

  @Column({ ...DATETIME, nullable: true })
  finishedAt: Date | null;
}
