// SQLite: a search's statements run in worker threads with read-only connections to the same file
// (src/repositories/search/sqliteReader.ts), so a running search leaves the event loop to other requests. They see
// every committed write at once, end with the app, and an in-memory database is searched on its own connection.
import { DataSource } from "typeorm";
import { closeSearchEngine, searchArticleIds } from "../../../src/repositories/articleSearch.js";
import { SqliteReader, sqliteReads } from "../../../src/repositories/search/sqliteReader.js";
import { createArticle } from "../../helpers/factories.js";
import { createTestApp, type TestApp } from "../../helpers/testApp.js";

const sqlite = !process.env.DATABASE_URL;
const word = () => `q${Math.random().toString(36).replace(/[^a-z]/g, "").slice(0, 8)}x`;

(sqlite ? describe : describe.skip)("SQLite search in worker threads", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());
  const ids = (q: string) => searchArticleIds(t.ds, q, { now: new Date() });

  test("searches run in a worker thread that sees each create, edit and delete at once", async () => {
    const [w, v] = [word(), word()];
    const a = await createArticle(t.services, { title: `Reader ${w}` });
    expect(await ids(w)).toEqual([a.id]);
    const reader = sqliteReads(t.ds);
    expect(reader).toBeInstanceOf(SqliteReader);
    expect((reader as SqliteReader).threadCount).toBe(1);
    await t.services.articles.update({ id: a.id, title: `Reader ${v}` });
    expect([await ids(w), await ids(v)]).toEqual([[], [a.id]]);
    await t.services.articles.delete(a.id);
    expect(await ids(v)).toEqual([]);
  });

  test("a long statement in the worker leaves the event loop free; several at once use at most the pool's threads", async () => {
    const reader = new SqliteReader(t.ds.options.database as string, 2);
    try {
      // About a second of work for SQLite, in the worker.
      const slow = "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?) SELECT COUNT(*) AS c FROM n";
      let ticks = 0;
      const timer = setInterval(() => ticks++, 5);
      const started = Date.now();
      const running = reader.query<{ c: number }>(slow, [3_000_000]);
      const [fast] = await reader.query<{ one: number }>("SELECT 1 AS one");
      const [{ c }] = await running;
      clearInterval(timer);
      expect([c, fast.one]).toEqual([3_000_000, 1]);
      // The timer kept firing while the statement ran, and the quick statement did not wait for it (a second thread).
      expect(ticks).toBeGreaterThan((Date.now() - started) / 5 / 4);
      expect(reader.threadCount).toBe(2);
      await Promise.all([1, 2, 3].map(() => reader.query("SELECT 1")));
      expect(reader.threadCount).toBe(2);
      await expect(reader.query("SELECT * FROM no_such_table")).rejects.toThrow(/no such table/);
      await expect(reader.query("DELETE FROM article")).rejects.toThrow(/readonly|read-only|not a SELECT|does not return data/i);
    } finally {
      await reader.close();
    }
    expect(reader.threadCount).toBe(0);
  });

  test("closing ends the threads; a later search starts one again", async () => {
    const w = word();
    const a = await createArticle(t.services, { title: `Closed ${w}` });
    await ids(w);
    const reader = sqliteReads(t.ds) as SqliteReader;
    expect(reader.threadCount).toBeGreaterThan(0);
    await closeSearchEngine(t.ds);
    expect(reader.threadCount).toBe(0);
    expect(await ids(w)).toEqual([a.id]);
    expect(sqliteReads(t.ds)).not.toBe(reader);
  });

  test("an in-memory database is searched on its own connection", async () => {
    const memory = new DataSource({ type: "better-sqlite3", database: ":memory:" });
    await memory.initialize();
    try {
      expect(sqliteReads(memory)).toBe(memory);
    } finally {
      await memory.destroy();
    }
  });
});
