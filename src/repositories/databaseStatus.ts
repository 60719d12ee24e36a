// The database as the operator sees it: whether it answers, whether migrations wait, which search engine runs, the
// pool's connections, the job queues' depths, and how long each query takes.
import type { DataSource } from "typeorm";
import { searchEngineOf } from "./articleSearch.js";
import { isMysqlSource } from "./transaction.js";

const QUEUES: Array<{ queue: string; table: string; pending: string; failed: string }> = [
  { queue: "newsletter", table: "newsletter_delivery", pending: "status IN ('pending','sending')", failed: "status IN ('failed','bounced')" },
  { queue: "webhooks", table: "webhook_delivery", pending: "status = 'pending'", failed: "status = 'failed'" },
  { queue: "import", table: "import_job", pending: "status IN ('queued','running')", failed: "status = 'failed'" },
  // Delivered changes leave the outbox; one a listener failed on stays, with its error, until a retry succeeds.
  { queue: "outbox", table: "outbox_event", pending: "1 = 1", failed: "lastError IS NOT NULL" },
];

/** One finished query: its SQL, whether it succeeded, and its time in milliseconds when the driver measured it. */
export type QueryObserver = (query: string, success: boolean, executionMs: number | undefined) => void;
const observed = new WeakSet<DataSource>();

export class DatabaseStatus {
  constructor(private readonly ds: DataSource) {}

  /** Runs a trivial query; throws what the driver throws when the database does not answer. */
  async ping(): Promise<void> {
    await this.ds.query("SELECT 1");
  }

  /** Whether migrations wait to be run (true also when that cannot be told). */
  migrationsPending(): Promise<boolean> {
    return this.ds.showMigrations().catch(() => true);
  }

  /** Which full-text engine answers searches. */
  searchEngine() {
    return searchEngineOf(this.ds);
  }

  /** MySQL/MariaDB pool connections: open, idle and requests waiting for one; null on SQLite. */
  poolConnections(): { open: number; idle: number; waiting: number } | null {
    if (!isMysqlSource(this.ds)) return null;
    const pool = (this.ds.driver as unknown as { pool?: Record<string, { length: number }> }).pool;
    if (!pool?._allConnections) return null;
    return { open: pool._allConnections.length, idle: pool._freeConnections.length, waiting: pool._connectionQueue.length };
  }

  /** Jobs waiting or running, and kept failed, per queue (newsletter and webhook deliveries, imports, outbox changes), in one query. */
  async queueDepths(): Promise<{ queue: string; pending: number; failed: number }[]> {
    const sql = QUEUES.map((q) => `SELECT '${q.queue}' AS queue, SUM(CASE WHEN ${q.pending} THEN 1 ELSE 0 END) AS pending, SUM(CASE WHEN ${q.failed} THEN 1 ELSE 0 END) AS failed FROM ${q.table}`).join(" UNION ALL ");
    const rows = (await this.ds.query(sql)) as Array<{ queue: string; pending: unknown; failed: unknown }>;
    return rows.map((r) => ({ queue: r.queue, pending: Number(r.pending ?? 0), failed: Number(r.failed ?? 0) }));
  }

  /** Hands every query's outcome to `observe` (TypeORM's afterQuery event), once per data source. */
  observeQueries(observe: QueryObserver): void {
    if (observed.has(this.ds)) return;
    observed.add(this.ds);
    this.ds.subscribers.push({
      afterQuery(event) {
        observe(event.query, event.success, event.executionTime);
      },
    });
  }
}
