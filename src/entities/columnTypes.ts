// Column types that differ per dialect. Entities are decorated at import time, before anyone knows
// the database; so the decorators share the option objects below and createDataSource adapts them
// to its dialect (useDialect) before TypeORM reads them when the DataSource is initialised.

type Dialect = "mysql" | "sqlite";
let dialect: Dialect = "sqlite";

const NOW = { mysql: "CURRENT_TIMESTAMP(3)", sqlite: "datetime('now')" };
/** Long text: MySQL `text` stops at 65,535 bytes, SQLite has no `mediumtext`. */
const LONG_TEXT_TYPE = { mysql: "mediumtext", sqlite: "text" } as const;

export const DATETIME = { type: "datetime", precision: 3 } as const;

const longTextColumns: { type: "text" | "mediumtext" }[] = [];
/** Options of a long-text column (pass the other options here: the object must reach the decorator as is). */
export function longText<T extends object>(options?: T): T & { type: "text" | "mediumtext" } {
  const column = { ...(options as T), type: LONG_TEXT_TYPE[dialect] };
  longTextColumns.push(column);
  return column;
}

/** Options for Create/UpdateDateColumn with millisecond precision on both dialects. */
export const CREATED_AT: { type: "datetime"; precision: 3; default: () => string } = { ...DATETIME, default: () => NOW[dialect] };
export const UPDATED_AT: { type: "datetime"; precision: 3; default: () => string; onUpdate?: string } = { ...DATETIME, default: () => NOW[dialect] };

/** Adapts the shared column options to the database about to be opened. */
export function useDialect(kind: "sqlite" | "mysql" | "mariadb") {
  dialect = kind === "sqlite" ? "sqlite" : "mysql";
  for (const column of longTextColumns) column.type = LONG_TEXT_TYPE[dialect];
  if (dialect === "mysql") UPDATED_AT.onUpdate = NOW.mysql;
  else delete UPDATED_AT.onUpdate;
}
