// Column types that differ per dialect. Entities are decorated at import time, so the dialect
// is read from the environment here (the same DATABASE_URL that config.ts validates).
const isMysql = /^(mysql|mariadb):/.test(process.env.DATABASE_URL ?? "");

/** Long text: MySQL `text` stops at 65,535 bytes, SQLite has no `mediumtext`. */
export const LONG_TEXT = isMysql ? "mediumtext" : "text";
export const DATETIME = { type: "datetime", precision: 3 } as const;

const NOW = isMysql ? "CURRENT_TIMESTAMP(3)" : "datetime('now')";
/** Options for Create/UpdateDateColumn with millisecond precision on both dialects. */
export const CREATED_AT = { ...DATETIME, default: () => NOW } as const;
export const UPDATED_AT = { ...DATETIME, default: () => NOW, ...(isMysql ? { onUpdate: NOW } : {}) } as const;
