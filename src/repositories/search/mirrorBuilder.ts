// The search mirror's builder thread (mirror.ts): writes the articles it is sent into a new mirror file, then builds
// its full-text and covering indexes over them. Off the event loop: inserting 100,000 articles and FTS5's 'rebuild'
// over them take tens of seconds of CPU in synchronous statements, during which every request would wait.
import { parentPort, workerData } from "node:worker_threads";
import Database from "better-sqlite3";
import { prepareSqliteConnection } from "../sqlitePragmas.js";
import { MIRROR_INDEXES, MIRROR_INSERT, MIRROR_TABLES, MIRROR_VERSION, type MirrorState } from "./mirrorSchema.js";

/** Rows as the columns of MIRROR_INSERT, or the end of the build with where the mirror follows the feed from. */
export type BuildMessage = { kind: "rows"; rows: unknown[][] } | { kind: "finish"; state: MirrorState };

const db = new Database((workerData as { file: string }).file);
prepareSqliteConnection(db);
// A file nobody reads until it is moved in place: a crash leaves a file that is built again.
db.pragma("journal_mode = OFF");
db.pragma("synchronous = OFF");
for (const statement of MIRROR_TABLES) db.exec(statement);
const insert = db.prepare(MIRROR_INSERT);
const insertAll = db.transaction((rows: unknown[][]) => rows.forEach((r) => insert.run(r)));

parentPort!.on("message", (message: BuildMessage) => {
  try {
    if (message.kind === "rows") insertAll(message.rows);
    else {
      for (const statement of MIRROR_INDEXES) db.exec(statement);
      db.prepare("INSERT INTO mirror_state (id, seq, gaps, syncedAt, feed) VALUES (1, @seq, @gaps, @syncedAt, @feed)").run(message.state);
      db.pragma(`user_version = ${MIRROR_VERSION}`);
      db.close();
    }
    parentPort!.postMessage({ ok: true });
  } catch (err) {
    parentPort!.postMessage({ error: err instanceof Error ? err.message : String(err) });
  }
});
