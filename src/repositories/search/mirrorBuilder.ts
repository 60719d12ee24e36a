// The search mirror's threads (mirror.ts): the builder writes the articles it is sent into a new mirror file, then
// builds its full-text and covering indexes over them; the writer applies the changes the mirror follows to the open
// file. Off the event loop: inserting 100,000 articles and FTS5's 'rebuild' over them take tens of seconds of CPU in
// synchronous statements, and re-indexing a batch of 200 edited articles about a second at 20,000, during which every
// request would wait.
import { workerData } from "node:worker_threads";
import Database from "better-sqlite3";
import { answerRequests } from "../../lib/requestWorker.js";
import { prepareSqliteConnection } from "../sqlitePragmas.js";
import { MIRROR_INDEXES, MIRROR_INSERT, MIRROR_TABLES, MIRROR_VERSION, MirrorWriter, type MirrorState } from "./mirrorSchema.js";

/** Which file, and whether to follow it (the writer) or build it. */
export interface MirrorThreadData {
  file: string;
  follow?: boolean;
}
/** Rows as the columns of MIRROR_INSERT, or the end of the build with where the mirror follows the feed from. */
export type BuildMessage = { kind: "rows"; rows: unknown[][] } | { kind: "finish"; state: MirrorState };
/** Changes to apply in one transaction (MirrorWriter.apply), that the feed was read with nothing new, or the end. */
export type FollowMessage = { kind: "apply"; ids: number[]; rows: unknown[][]; state: Omit<MirrorState, "feed"> } | { kind: "followed"; now: number } | { kind: "close" };

const { file, follow } = workerData as MirrorThreadData;
const db = new Database(file);
prepareSqliteConnection(db);
// Each thread is sent its own kind of message only (mirror.ts).
const handle = (follow ? writer() : builder()) as (message: BuildMessage | FollowMessage) => void;

answerRequests(handle);

function writer() {
  const mirror = new MirrorWriter(db);
  return (message: FollowMessage) => {
    if (message.kind === "apply") mirror.apply(message.ids, message.rows, message.state);
    else if (message.kind === "followed") mirror.followed(message.now);
    else db.close();
  };
}

function builder() {
  // A file nobody reads until it is moved in place: a crash leaves a file that is built again.
  db.pragma("journal_mode = OFF");
  db.pragma("synchronous = OFF");
  for (const statement of MIRROR_TABLES) db.exec(statement);
  const insert = db.prepare(MIRROR_INSERT);
  const insertAll = db.transaction((rows: unknown[][]) => rows.forEach((r) => insert.run(r)));
  return (message: BuildMessage) => {
    if (message.kind === "rows") insertAll(message.rows);
    else {
      for (const statement of MIRROR_INDEXES) db.exec(statement);
      db.prepare("INSERT INTO mirror_state (id, seq, gaps, syncedAt, feed) VALUES (1, @seq, @gaps, @syncedAt, @feed)").run(message.state);
      db.pragma(`user_version = ${MIRROR_VERSION}`);
      db.close();
    }
  };
}
