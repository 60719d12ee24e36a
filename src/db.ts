import type { DataSource, EntityManager } from "typeorm";

/** Runs a write transaction; on SQLite transactions are serialised (TypeORM's better-sqlite3 driver cannot run two at once). */
export function createTransactionRunner(ds: DataSource) {
  const serialise = ds.options.type === "better-sqlite3";
  let tail: Promise<unknown> = Promise.resolve();
  return function transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    if (!serialise) return ds.transaction(work);
    const run = tail.then(() => ds.transaction(work));
    tail = run.catch(() => undefined);
    return run;
  };
}
export type TransactionRunner = ReturnType<typeof createTransactionRunner>;

export const isMysqlSource = (ds: DataSource) => ds.options.type !== "better-sqlite3";

/** The transaction a multi-step write runs in, as services hand it to repositories (only repositories use it). */
export type Tx = EntityManager;
