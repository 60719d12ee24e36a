// The statements (with their parameters) that a piece of work sends through a data source, read from its logger
// while the work runs: the real database answers them.
import type { DataSource, Logger } from "typeorm";

export async function statementsDuring(ds: DataSource, run: () => Promise<unknown>) {
  const sent: { sql: string; params: unknown[] }[] = [];
  const logger: Logger = {
    logQuery: (sql, params) => void sent.push({ sql, params: (params ?? []) as unknown[] }),
    logQueryError: () => undefined,
    logQuerySlow: () => undefined,
    logSchemaBuild: () => undefined,
    logMigration: () => undefined,
    log: () => undefined,
  };
  const original = ds.logger;
  Object.assign(ds, { logger });
  try {
    await run();
  } finally {
    Object.assign(ds, { logger: original });
  }
  return sent;
}
