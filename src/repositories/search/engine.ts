// Which full-text engine answers searches on a database, decided from what the server offers: FTS5 on SQLite;
// on MariaDB/MySQL the Mroonga index when the server runs Mroonga and the index is built, else InnoDB FULLTEXT
// (the bounded fallback). `SEARCH_ENGINE=innodb` forces the fallback.
import path from "node:path";
import type { DataSource } from "typeorm";
import { isMysqlSource } from "../transaction.js";
import { orderedIds, type CandidateRow, type SearchFilters } from "./articleFilters.js";
import { innodbCandidatesFor } from "./innodbFulltext.js";
import { mroongaCandidates } from "./mroonga.js";
import { MROONGA_TRIGGER_COUNT, createMroongaIndex, dropMroongaIndex, mroongaAvailable, mroongaIndexState } from "./mroongaIndex.js";
import { fts5Candidates } from "./sqliteFts5.js";
import { readThreadsOf } from "../readThreads.js";
import { MIRROR_FILE, SearchMirror } from "./mirror.js";
import { CHANGE_TABLE } from "./changeFeed.js";
import type { SearchTerm } from "./terms.js";

export type SearchEngineName = "sqlite-fts5" | "sqlite-mirror" | "mroonga" | "innodb-fulltext";
export type SearchEnginePreference = "auto" | "mroonga" | "innodb";

export interface SearchEngineInfo {
  engine: SearchEngineName;
  /** The bounded fallback answers (InnoDB FULLTEXT): slow words fall back to the newest titles and summaries. */
  fallback: boolean;
  /** Why the fallback answers, or what the engine is. */
  detail: string;
}

const CANDIDATES: Record<SearchEngineName, (ds: DataSource, terms: SearchTerm[], filters: SearchFilters) => Promise<CandidateRow[]>> = {
  "sqlite-fts5": fts5Candidates,
  // Answered by the mirror's read threads (engineIds).
  "sqlite-mirror": () => Promise.reject(new Error("the search mirror answers through its threads")),
  mroonga: mroongaCandidates,
  "innodb-fulltext": innodbCandidatesFor,
};

const preferences = new WeakMap<DataSource, SearchEnginePreference>();
const mirrors = new WeakMap<DataSource, SearchMirror>();
type Log = { info: (m: string) => void; warn: (m: string) => void };
/** The log prepareSearchEngine was given: a mirror built again later says so there. */
const logs = new WeakMap<DataSource, Log>();
const detected = new WeakMap<DataSource, Promise<SearchEngineInfo>>();

/** Sets the engine preference of a data source (SEARCH_ENGINE); the next search detects again. On SQLite, the read
 *  threads answer searches when the data source has them (READ_THREADS, ../readThreads.ts). */
export function configureSearchEngine(ds: DataSource, preference: SearchEnginePreference, mirror?: { dataDir: string; readThreads: number; syncWaitMs?: number }) {
  preferences.set(ds, preference);
  detected.delete(ds);
  void mirrors.get(ds)?.close();
  mirrors.delete(ds);
  if (mirror && isMysqlSource(ds) && preference === "auto") {
    // Catching up on a backlog, and through with it, changes which engine answers (detect).
    const options = { syncWaitMs: mirror.syncWaitMs, onCatchingUpChange: () => detected.delete(ds) };
    mirrors.set(ds, new SearchMirror(ds, path.join(mirror.dataDir, MIRROR_FILE), Math.max(1, mirror.readThreads), options));
  }
}

/** The local search mirror of a data source (MariaDB/MySQL with SEARCH_ENGINE=auto), built or not. */
export const searchMirrorOf = (ds: DataSource): SearchMirror | undefined => mirrors.get(ds);

/**
 * Brings the search mirror up to date (a background tick: searches then rarely wait for changes). A database whose
 * feed was made afresh meanwhile (a restore drops every table) numbers its changes from 1 again, which the mirror
 * would take for changes it has applied: it is built again, the server's engine answering meanwhile.
 */
export async function followSearchChanges(ds: DataSource): Promise<void> {
  const mirror = mirrors.get(ds);
  // The instance that held the mirror's lock has stopped (a deploy's old instance, say): this one takes the mirror over.
  if (mirror?.refused && mirror.takeLock()) {
    const log = logs.get(ds) ?? console;
    log.info(`search: the local search mirror's lock is free: this instance takes ${mirror.file} over`);
    return openMirror(ds, mirror, log);
  }
  if (!mirror?.ready || mirror.building) return;
  if (await mirror.followsItsFeed()) return mirror.sync();
  await mirror.close();
  buildMirror(ds, mirror, "its database's feed was made afresh (restored?)", logs.get(ds) ?? console);
}

/** Stops the search mirror's threads and closes its file (the app closing). */
export async function closeSearchEngine(ds: DataSource) {
  await mirrors.get(ds)?.close();
}

/** The engine of a data source, detected once (and again after configureSearchEngine or prepareSearchEngine). */
export function searchEngineOf(ds: DataSource): Promise<SearchEngineInfo> {
  let info = detected.get(ds);
  if (!info) {
    info = detect(ds);
    detected.set(ds, info);
    info.catch(() => detected.delete(ds));
  }
  return info;
}

/**
 * The ids of the matching articles in their order (orderCandidates). On SQLite with read threads the thread orders its
 * candidates too, so what crosses into the event loop is up to 500 ids, not 500 rows to copy and sort there (about
 * 0.2 ms of the event loop per search).
 */
export async function engineIds(ds: DataSource, terms: SearchTerm[], filters: SearchFilters): Promise<number[]> {
  let { engine } = await searchEngineOf(ds);
  if (engine === "sqlite-mirror") {
    const ids = await mirrors.get(ds)!.ids(terms, filters);
    if (ids) return ids;
    // Not caught up within its wait, or its sync failed: the server's engine sees every committed write.
    ({ engine } = await searchEngineOf(ds));
    if (engine === "sqlite-mirror") ({ engine } = await detectOnServer(ds));
  }
  const threads = engine === "sqlite-fts5" ? readThreadsOf(ds) : undefined;
  return threads ? threads.ids(terms, filters) : orderedIds(await CANDIDATES[engine](ds, terms, filters), filters.sort);
}

const INNODB_DETAIL = "InnoDB FULLTEXT, the bounded fallback: a query past SEARCH_TIMEOUT_MS answers from the newest titles and summaries";

const fallback = (why: string): SearchEngineInfo => ({ engine: "innodb-fulltext", fallback: true, detail: `${INNODB_DETAIL} (${why})` });

async function detect(ds: DataSource): Promise<SearchEngineInfo> {
  if (!isMysqlSource(ds)) return { engine: "sqlite-fts5", fallback: false, detail: "SQLite FTS5 (article_fts)" };
  if (preferences.get(ds) === "innodb") return fallback("SEARCH_ENGINE=innodb");
  const mirror = mirrors.get(ds);
  if (mirror?.ready && !mirror.catchingUp) return { engine: "sqlite-mirror", fallback: false, detail: `the local search mirror (SQLite FTS5 in ${mirror.file}, following ${CHANGE_TABLE})` };
  const info = await detectOnServer(ds);
  if (mirror?.catchingUp)
    return { ...info, detail: `${info.detail}; the local search mirror is catching up (${await mirror.backlog()} changes behind): this engine answers meanwhile` };
  if (mirror?.refused) return { ...info, detail: `${info.detail}; the local search mirror is off: ${mirror.refused}` };
  return mirror?.building ? { ...info, detail: `${info.detail}; meanwhile the local search mirror is being built (${mirror.building})` } : info;
}

/** Mroonga when the server runs it and its index is built, else the fallback. */
async function detectOnServer(ds: DataSource): Promise<SearchEngineInfo> {
  if (!(await mroongaAvailable(ds))) return fallback("this server has no Mroonga: INSTALL SONAME 'ha_mroonga'");
  const state = await mroongaIndexState(ds);
  if (!state.fulltext || state.triggers < MROONGA_TRIGGER_COUNT) return fallback("the Mroonga index is not built yet");
  return { engine: "mroonga", fallback: false, detail: "Mroonga (article_search, kept in step by triggers)" };
}

/**
 * At start (MariaDB/MySQL): makes the index match what the server offers, then detects the engine.
 * Mroonga gone (the plugin uninstalled) while its triggers remain: every article write would fail on the table, so
 * the triggers and the table go. Mroonga present without its index (the plugin loaded after the migrations ran):
 * the index is built in the background, the fallback answering meanwhile.
 */
export async function prepareSearchEngine(ds: DataSource, log: Log): Promise<SearchEngineInfo> {
  if (isMysqlSource(ds) && preferences.get(ds) !== "innodb") {
    const available = await mroongaAvailable(ds);
    const state = await mroongaIndexState(ds);
    if (!available && (state.triggers || state.table)) {
      log.warn("search: the Mroonga index exists but this server no longer runs Mroonga; its triggers and table are removed so article writes keep working");
      await dropMroongaIndex((sql) => ds.query(sql));
    } else if (available && (!state.fulltext || state.triggers < MROONGA_TRIGGER_COUNT)) {
      log.info("search: this server runs Mroonga but the index is not built: building it in the background (the fallback answers meanwhile)");
      void buildOnce(ds).then(
        () => {
          detected.delete(ds);
          log.info("search: the Mroonga index is built; searches use it");
        },
        (err: unknown) => log.warn(`search: building the Mroonga index failed, the fallback keeps answering: ${String(err)}`),
      );
    }
  }
  const mirror = mirrors.get(ds);
  if (mirror) logs.set(ds, log);
  if (mirror && !mirror.ready) await openMirror(ds, mirror, log);
  detected.delete(ds);
  return searchEngineOf(ds);
}

/** Opens the mirror, or builds it in the background; unless another instance holds its lock, which is said loudly. */
async function openMirror(ds: DataSource, mirror: SearchMirror, log: Log) {
  if (!mirror.takeLock()) return log.warn(`search: the local search mirror is off, the engine below answers: ${mirror.refused}`);
  const why = await mirror.open();
  if (why) buildMirror(ds, mirror, why, log);
  detected.delete(ds);
}

/** Builds the mirror in the background; the server's engine answers meanwhile (detect). */
function buildMirror(ds: DataSource, mirror: SearchMirror, why: string, log: Log) {
  log.info(`search: building the local search mirror ${mirror.file} in the background (${why}); the engine below answers meanwhile`);
  const since = Date.now();
  void mirror.build(why).then(
    () => {
      detected.delete(ds);
      log.info(`search: the local search mirror is built (${Math.round((Date.now() - since) / 1000)} s); searches use it`);
    },
    (err: unknown) => {
      detected.delete(ds);
      log.warn(`search: building the local search mirror failed, the engine below keeps answering: ${String(err)}`);
    },
  );
  detected.delete(ds);
}

/** One instance builds; another one starting meanwhile waits for the lock, then finds the index there. */
async function buildOnce(ds: DataSource) {
  const runner = ds.createQueryRunner();
  try {
    await runner.query("SELECT GET_LOCK('article_search_build', 3600)");
    const state = await mroongaIndexState(runner);
    if (!state.fulltext || state.triggers < MROONGA_TRIGGER_COUNT) {
      await dropMroongaIndex((sql) => runner.query(sql));
      await createMroongaIndex((sql) => runner.query(sql));
    }
    await runner.query("SELECT RELEASE_LOCK('article_search_build')");
  } finally {
    await runner.release();
  }
}
