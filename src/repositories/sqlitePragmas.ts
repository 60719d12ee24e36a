// The settings of every connection to the embedded database: the DataSource's (src/dataSource.ts) and the read
// threads' read-only ones (readWorker.ts).

/** Applies them to a fresh better-sqlite3 connection. */
export function prepareSqliteConnection(db: { pragma: (s: string) => unknown }) {
  db.pragma("busy_timeout = 5000");
  db.pragma("synchronous = NORMAL");
  // SQLite's own page cache (better-sqlite3 builds it at 16 MB per connection): 4 MB keeps the hot
  // pages of the indexes; the rest of the file is read from the operating system's cache.
  db.pragma("cache_size = -4000");
}
