import type { DataSource, EntityManager } from "typeorm";

declare const txBrand: unique symbol;
/**
 * A write transaction as services see it: a token they hand back to repositories, which alone reach the
 * database through it (managerOf). Services never touch TypeORM's EntityManager.
 */
export interface Tx {
  readonly [txBrand]: true;
}

/** Runs a unit of work in one transaction; the callback passes the Tx to each repository call that belongs to it. */
export type TransactionRunner = <T>(work: (tx: Tx) => Promise<T>) => Promise<T>;

const runners = new WeakMap<DataSource, TransactionRunner>();

/**
 * The write transactions of a database; on SQLite they are serialised (TypeORM's better-sqlite3 driver cannot run
 * two at once), so every caller on one DataSource shares one runner.
 */
export function createTransactionRunner(ds: DataSource): TransactionRunner {
  const known = runners.get(ds);
  if (known) return known;
  const serialise = ds.options.type === "better-sqlite3";
  let tail: Promise<unknown> = Promise.resolve();
  const runner: TransactionRunner = <T>(work: (tx: Tx) => Promise<T>): Promise<T> => {
    const run = () => ds.transaction((manager) => work(manager as unknown as Tx));
    if (!serialise) return run();
    const result = tail.then(run);
    tail = result.catch(() => undefined);
    return result;
  };
  runners.set(ds, runner);
  return runner;
}

/** The EntityManager a repository call runs on: the transaction's when one is given, else the DataSource's own. */
export function managerOf(ds: DataSource, tx?: Tx | null): EntityManager {
  return tx ? (tx as unknown as EntityManager) : ds.manager;
}

/** The Tx of an EntityManager a repository already holds (one transaction, handed on to another repository). */
export const txOf = (manager: EntityManager): Tx => manager as unknown as Tx;

export const isMysqlSource = (ds: DataSource) => ds.options.type !== "better-sqlite3";
