// The read threads (src/repositories/readThreads.ts) on a database file of their own: a statement's rows, an error
// that fails one read and not the thread, a thread stopped with reads waiting, the event loop free meanwhile, a thread
// stopping when idle, and its heap limit whatever V8 flags the process runs with.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import v8 from "node:v8";
import Database from "better-sqlite3";
import { ReadThreads } from "../../../src/repositories/readThreads.js";
import { parseSearchQuery } from "../../../src/repositories/articleSearch.js";
import { buildSnippet } from "../../../src/services/search/snippet.js";

/** A statement that keeps SQLite busy for a while (a recursive count to 3 million). */
const SLOW = "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 3000000) SELECT COUNT(*) AS c FROM n";

let dir: string;
let threads: ReadThreads;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "read-threads-"));
  const db = new Database(path.join(dir, "site.db"));
  db.pragma("journal_mode = WAL");
  db.exec("CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT); INSERT INTO t (name) VALUES ('a'), ('b'), ('c')");
  db.close();
  threads = new ReadThreads(path.join(dir, "site.db"), 2);
});
afterAll(async () => {
  await threads.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

test("a statement's rows, with its parameters", async () => {
  expect(await threads.rows("SELECT id, name FROM t WHERE id > ? ORDER BY id", [1])).toEqual([
    { id: 2, name: "b" },
    { id: 3, name: "c" },
  ]);
});

test("rows read for search results come with their texts as their snippets", async () => {
  const terms = parseSearchQuery("frigate");
  const body = `${"Words of filler. ".repeat(600)}The frigate sailed.${" More filler.".repeat(600)}`;
  const rows = await threads.rows<{ excerpt: string; body: string; preview: string }>("SELECT ? AS excerpt, ? AS body, ? AS preview", ["Nothing.", body, ""], {
    terms,
    excerpt: "excerpt",
    texts: ["body", "preview"],
  });
  expect(rows).toEqual([{ excerpt: "Nothing.", body: buildSnippet(terms, { excerpt: "Nothing.", body }), preview: "Nothing." }]);
  expect(rows[0].body).toContain("The <mark>frigate</mark> sailed.");
});

test("a bad statement fails its read with SQLite's message; the thread answers the next one", async () => {
  await expect(threads.rows("SELECT nope FROM t", [])).rejects.toThrow(/no such column: nope/);
  await expect(threads.rows("DELETE FROM t RETURNING id", [])).rejects.toThrow(/readonly/);
  expect(await threads.rows("SELECT COUNT(*) AS n FROM t", [])).toEqual([{ n: 3 }]);
});

test("the event loop runs while a thread works", async () => {
  let ticks = 0;
  const timer = setInterval(() => ticks++, 1);
  const started = performance.now();
  const rows = await threads.rows(SLOW, []);
  clearInterval(timer);
  expect(rows).toEqual([{ c: 3_000_000 }]);
  // Run on the event loop, the statement would have let no timer fire until it was done.
  expect(ticks).toBeGreaterThan(Math.min(10, (performance.now() - started) / 10));
});

test("a thread stopped with reads waiting fails them; the next read starts a thread again", async () => {
  const waiting = threads.rows(SLOW, []);
  await new Promise((resolve) => setTimeout(resolve, 20));
  await threads.close();
  await expect(waiting).rejects.toThrow(/read thread stopped/);
  expect(await threads.rows("SELECT name FROM t WHERE id = ?", [3])).toEqual([{ name: "c" }]);
});

test("an idle thread stops; the next read starts one again and answers", async () => {
  const idle = new ReadThreads(path.join(dir, "site.db"), 1, 100);
  try {
    expect(await idle.rows("SELECT name FROM t WHERE id = ?", [1])).toEqual([{ name: "a" }]);
    expect(idle.running).toBe(1);
    // A read arriving before the idle time keeps it.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await idle.rows("SELECT name FROM t WHERE id = ?", [2])).toEqual([{ name: "b" }]);
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(idle.running).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(idle.running).toBe(0);
    expect(await idle.rows("SELECT name FROM t WHERE id = ?", [3])).toEqual([{ name: "c" }]);
    expect(idle.running).toBe(1);
  } finally {
    await idle.close();
  }
});

test("a thread's heap has its own limit even where the process's V8 flags size the main thread's (npm start's)", async () => {
  v8.setFlagsFromString("--max-old-space-size=1024");
  v8.setFlagsFromString("--max-semi-space-size=2");
  const limited = new ReadThreads(path.join(dir, "site.db"), 1);
  try {
    // About 100 MB of rows in the thread's heap: past its limit, within the flags'. The read fails, not the process.
    const big = "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 600000) SELECT i, printf('%0100d', i) AS s FROM n";
    await expect(limited.rows(big, [])).rejects.toThrow(/read thread|memory/i);
    expect(await limited.rows("SELECT COUNT(*) AS n FROM t", [])).toEqual([{ n: 3 }]);
  } finally {
    await limited.close();
    v8.setFlagsFromString("--max-old-space-size=0");
    v8.setFlagsFromString("--max-semi-space-size=0");
  }
});
