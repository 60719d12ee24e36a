// MariaDB/MySQL: the feed of article changes the search mirror follows (mirror.ts). Triggers on `article` append the
// id of every article whose searched columns change to `search_change`, whoever writes (the app, an import, a restore,
// a bulk load), inside the writer's transaction: a write that rolls back leaves no change behind. Each instance's
// mirror reads the changes past the last one it applied and re-reads those articles.
import type { DataSource, QueryRunner } from "typeorm";
import { WATCHED } from "./mroongaIndex.js";

export const CHANGE_TABLE = "search_change";
/** How long changes are kept (pruneChanges): a mirror that last followed them longer ago is built again. */
export const CHANGES_KEPT_MS = 24 * 3_600_000;
/** Rows deleted per statement when pruning. */
const PRUNE_BATCH = 10_000;
const TRIGGERS = ["search_change_insert", "search_change_update", "search_change_delete"];
const APPEND = (id: string) => `INSERT INTO ${CHANGE_TABLE} (articleId) VALUES (${id})`;

const CREATE_TABLE =
  `CREATE TABLE IF NOT EXISTS ${CHANGE_TABLE} (seq BIGINT NOT NULL AUTO_INCREMENT PRIMARY KEY, articleId INT NOT NULL, ` +
  `at TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3), KEY IDX_${CHANGE_TABLE}_at (at)) ENGINE=InnoDB`;
const CREATE_TRIGGERS = [
  `CREATE TRIGGER search_change_insert AFTER INSERT ON article FOR EACH ROW ${APPEND("NEW.id")}`,
  // An id that changes is a delete of the old one and an insert of the new.
  `CREATE TRIGGER search_change_update AFTER UPDATE ON article FOR EACH ROW BEGIN IF NOT (${WATCHED.map((c) => `NEW.${c} <=> OLD.${c}`).join(" AND ")}) THEN ` +
    `${APPEND("NEW.id")}; IF NEW.id <> OLD.id THEN ${APPEND("OLD.id")}; END IF; END IF; END`,
  `CREATE TRIGGER search_change_delete AFTER DELETE ON article FOR EACH ROW ${APPEND("OLD.id")}`,
];

type Run = (sql: string) => Promise<unknown>;

/** Creates the table and its triggers (again, if they exist). */
export async function createChangeFeed(run: Run): Promise<void> {
  await run(CREATE_TABLE);
  for (const name of TRIGGERS) await run(`DROP TRIGGER IF EXISTS ${name}`);
  for (const statement of CREATE_TRIGGERS) await run(statement);
}

/** The triggers first (without them article writes never touch the table), then the table. */
export async function dropChangeFeed(run: Run): Promise<void> {
  for (const name of TRIGGERS) await run(`DROP TRIGGER IF EXISTS ${name}`);
  await run(`DROP TABLE IF EXISTS ${CHANGE_TABLE}`);
}

/** Whether the feed is complete here: its table and its three triggers. */
export async function changeFeedPresent(source: DataSource | QueryRunner): Promise<boolean> {
  const [[table], [triggers]]: { n: number | string }[][] = await Promise.all([
    source.query("SELECT COUNT(*) AS n FROM information_schema.TABLES WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = ?", [CHANGE_TABLE]),
    source.query(`SELECT COUNT(*) AS n FROM information_schema.TRIGGERS WHERE TRIGGER_SCHEMA = DATABASE() AND TRIGGER_NAME IN (${TRIGGERS.map(() => "?").join(", ")})`, TRIGGERS),
  ]);
  return Number(table.n) > 0 && Number(triggers.n) === TRIGGERS.length;
}

/** Deletes the changes older than CHANGES_KEPT_MS, in batches (any instance may run it, at the same time as others). */
export async function pruneChanges(ds: DataSource): Promise<number> {
  let pruned = 0;
  for (;;) {
    const result: { affectedRows?: number } = await ds.query(`DELETE FROM ${CHANGE_TABLE} WHERE at < NOW(3) - INTERVAL ? SECOND LIMIT ${PRUNE_BATCH}`, [CHANGES_KEPT_MS / 1000]);
    pruned += result.affectedRows ?? 0;
    if ((result.affectedRows ?? 0) < PRUNE_BATCH) return pruned;
  }
}
