// The Mroonga index of published articles (MariaDB with Mroonga, MariaDB's own full-text engine): a table
// `article_search` (ENGINE=Mroonga) holding what a search reads of each published article, kept in step with
// `article` by triggers, so every writer (the app, an import, a restore, a bulk load) keeps it current.
// Mroonga is not transactional: a write that rolls back after its trigger ran leaves its index row behind
// until the article's next save; a search reads the articles it found from `article` itself.
import type { DataSource, QueryRunner } from "typeorm";

export const MROONGA_TABLE = "article_search";
/** Two indexes: Groonga's prefix search ignores which columns of an index a query names, so a non-member's query
 *  (free text only) needs an index without the members-only body. */
export const MROONGA_FULLTEXT = { free: "FT_article_search_free", all: "FT_article_search_all" };
const TRIGGERS = ["article_search_insert", "article_search_update", "article_search_delete"];

/**
 * Characters replaced by a space before Groonga reads the text: its tokenizer (TokenBigram) makes each of them a
 * word of its own, so "counter-drone", "F-35" or "O'Brien" would not match the phrases "counter drone", "f 35",
 * "o brien" that the query's words make (as FTS5 on SQLite does). REPLACE, not REGEXP_REPLACE: PCRE's Unicode
 * classes cost 3 ms per 5 KB body (5 minutes for 100,000 articles), a REPLACE chain a few microseconds.
 */
const PUNCTUATION = [..."-'’‘/.,:;!?()[]{}\"“”*_#|&+=<>~`–—…@%$^\\", "\n", "\r", "\t"];
const literal = (c: string) => `'${c.replace(/\\/g, "\\\\").replace(/'/g, "''")}'`;
const words = (expr: string) => PUNCTUATION.reduce((e, c) => `REPLACE(${e}, ${literal(c)}, ' ')`, expr);

const COLUMNS = ["id", "title", "excerpt", "category", "body", "gated", "publishedMs", "isBreaking"];
/** An index row from an article row (`NEW` in a trigger, `a` in the backfill): the free body (a premium article's
 *  preview) apart from the members-only one, so a non-member's query leaves `gated` out. */
const values = (r: string) => [
  `${r}.id`,
  words(`${r}.title`),
  words(`${r}.excerpt`),
  `${r}.category`,
  words(`CASE WHEN ${r}.isPremium = 1 THEN COALESCE(${r}.previewContent, '') ELSE ${r}.content END`),
  words(`CASE WHEN ${r}.isPremium = 1 THEN ${r}.content ELSE '' END`),
  // Milliseconds since 1970 whatever the session's time zone (publishedAt is stored in UTC).
  `TIMESTAMPDIFF(MICROSECOND, '1970-01-01 00:00:00', ${r}.publishedAt) DIV 1000`,
  `${r}.isBreaking`,
];
const SEARCHABLE = (r: string) => `${r}.status = 'published' AND ${r}.publishedAt IS NOT NULL`;
const ADD = `REPLACE INTO ${MROONGA_TABLE} (${COLUMNS.join(", ")}) VALUES (${values("NEW").join(", ")})`;
/** The columns whose change changes the index row (and the search mirror's: changeFeed.ts). */
export const WATCHED = ["id", "status", "publishedAt", "title", "excerpt", "category", "content", "previewContent", "isPremium", "isBreaking"];

const CREATE_TABLE =
  `CREATE TABLE IF NOT EXISTS ${MROONGA_TABLE} (id INT NOT NULL PRIMARY KEY, title TEXT NOT NULL, excerpt TEXT NOT NULL, category VARCHAR(20) NOT NULL, ` +
  "body MEDIUMTEXT NOT NULL, gated MEDIUMTEXT NOT NULL, publishedMs BIGINT NOT NULL, isBreaking TINYINT NOT NULL, " +
  `KEY IDX_${MROONGA_TABLE}_published (publishedMs), KEY IDX_${MROONGA_TABLE}_category (category)) ENGINE=Mroonga DEFAULT CHARSET=utf8mb4 COLLATE utf8mb4_unicode_ci`;
const CREATE_TRIGGERS = [
  `CREATE TRIGGER article_search_insert AFTER INSERT ON article FOR EACH ROW BEGIN IF ${SEARCHABLE("NEW")} THEN ${ADD}; END IF; END`,
  `CREATE TRIGGER article_search_update AFTER UPDATE ON article FOR EACH ROW BEGIN IF NOT (${WATCHED.map((c) => `NEW.${c} <=> OLD.${c}`).join(" AND ")}) THEN ` +
    `DELETE FROM ${MROONGA_TABLE} WHERE id = OLD.id; IF ${SEARCHABLE("NEW")} THEN ${ADD}; END IF; END IF; END`,
  `CREATE TRIGGER article_search_delete AFTER DELETE ON article FOR EACH ROW DELETE FROM ${MROONGA_TABLE} WHERE id = OLD.id`,
];
/** The articles already there. IGNORE: a row a trigger wrote meanwhile is newer. */
const BACKFILL = `INSERT IGNORE INTO ${MROONGA_TABLE} (${COLUMNS.join(", ")}) SELECT ${values("a").join(", ")} FROM article a WHERE ${SEARCHABLE("a")}`;
/** Built once the rows are in: Groonga builds an index over loaded rows several times faster than row by row. */
const ADD_FULLTEXT =
  `ALTER TABLE ${MROONGA_TABLE} ADD FULLTEXT INDEX ${MROONGA_FULLTEXT.free} (title, excerpt, category, body), ADD FULLTEXT INDEX ${MROONGA_FULLTEXT.all} (title, excerpt, category, body, gated)`;

type Run = (sql: string) => Promise<unknown>;

/** Creates the table, its triggers and its full-text index, and fills it from `article`. */
export async function createMroongaIndex(run: Run): Promise<void> {
  await run(CREATE_TABLE);
  for (const name of TRIGGERS) await run(`DROP TRIGGER IF EXISTS ${name}`);
  for (const statement of CREATE_TRIGGERS) await run(statement);
  await run(BACKFILL);
  await run(ADD_FULLTEXT);
}

/** Removes the triggers first (without them article writes never touch the table), then the table. */
export async function dropMroongaIndex(run: Run): Promise<void> {
  for (const name of TRIGGERS) await run(`DROP TRIGGER IF EXISTS ${name}`);
  await run(`DROP TABLE IF EXISTS ${MROONGA_TABLE}`);
}

type Query = (sql: string, params?: unknown[]) => Promise<Record<string, unknown>[]>;
const queryOf = (source: DataSource | QueryRunner): Query => (sql, params) => source.query(sql, params);

/** Whether the server can run Mroonga tables (the plugin is loaded: `INSTALL SONAME 'ha_mroonga'`). */
export async function mroongaAvailable(source: DataSource | QueryRunner): Promise<boolean> {
  const rows = await queryOf(source)("SELECT SUPPORT AS support FROM information_schema.ENGINES WHERE ENGINE = 'Mroonga'");
  return ["YES", "DEFAULT"].includes(rows[0]?.support as string);
}

export interface MroongaIndexState {
  table: boolean;
  fulltext: boolean;
  triggers: number;
}

/** What of the index exists in this database. */
export async function mroongaIndexState(source: DataSource | QueryRunner): Promise<MroongaIndexState> {
  const query = queryOf(source);
  const [[table], [fulltext], [triggers]] = await Promise.all([
    query("SELECT COUNT(*) AS n FROM information_schema.TABLES WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = ?", [MROONGA_TABLE]),
    query("SELECT COUNT(DISTINCT INDEX_NAME) AS n FROM information_schema.STATISTICS WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = ? AND INDEX_NAME IN (?, ?)", [MROONGA_TABLE, MROONGA_FULLTEXT.free, MROONGA_FULLTEXT.all]),
    query(`SELECT COUNT(*) AS n FROM information_schema.TRIGGERS WHERE TRIGGER_SCHEMA = DATABASE() AND TRIGGER_NAME IN (${TRIGGERS.map(() => "?").join(", ")})`, TRIGGERS),
  ]);
  return { table: Number(table.n) > 0, fulltext: Number(fulltext.n) === 2, triggers: Number(triggers.n) };
}
export const MROONGA_TRIGGER_COUNT = TRIGGERS.length;
