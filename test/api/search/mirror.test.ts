// MariaDB/MySQL: the local search mirror (src/repositories/search/mirror.ts) follows every writer through
// `search_change`: the app's saves, SQL that bypasses the app, nothing of a write that rolled back, and a write whose
// transaction commits after a later one's. It is built again when it cannot follow, in the background while the
// server's engine answers (also when its database's feed was made afresh, as by a restore), and searches arriving
// together read the feed once. SQLite has no mirror.
import { spawn } from "node:child_process";
import fs from "node:fs";
import type { Worker } from "node:worker_threads";
import path from "node:path";
import { jest } from "@jest/globals";
import Database from "better-sqlite3";
import { prepareSearchEngine, searchArticleIds, searchEngineOf } from "../../../src/repositories/articleSearch.js";
import { closeSearchEngine, configureSearchEngine, followSearchChanges, searchMirrorOf } from "../../../src/repositories/search/engine.js";
import { createChangeFeed, dropChangeFeed } from "../../../src/repositories/search/changeFeed.js";
import { SearchMirror } from "../../../src/repositories/search/mirror.js";
import { parseSearchQuery } from "../../../src/repositories/search/terms.js";
import { MIRROR_VERSION } from "../../../src/repositories/search/mirrorSchema.js";
import { createTestApp, type TestApp } from "../../helpers/testApp.js";

const mariadb = process.env.DATABASE_URL?.startsWith("mariadb:") === true;
const HOUR = 3_600_000;
const word = () => `m${Math.random().toString(36).replace(/[^a-z]/g, "").slice(0, 8)}x`;
const dbDate = (ms: number) => new Date(Date.now() - ms).toISOString().replace("T", " ").replace("Z", "");
const INSERT = `INSERT INTO article (slug, title, excerpt, content, contentHtml, headings, author, category, contentTier, isBreaking, isPremium, status, publishedAt, createdAt, updatedAt)
  VALUES (?, ?, '', 'Plain.', '', '[]', 'Staff', 'land', 'news_brief', 0, 0, 'published', ?, ?, ?)`;

(mariadb ? describe : describe.skip)("the local search mirror (MariaDB)", () => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    // Whatever SEARCH_ENGINE the run forces on the other suites.
    t = await createTestApp({ SEARCH_ENGINE: "auto" });
    cookie = await t.login();
  });
  afterAll(() => t.close());

  const ids = (q: string, gated = false) => searchArticleIds(t.ds, q, { now: new Date(), gated });
  const create = async (body: Record<string, unknown>) => {
    const res = await t.api("POST", "/api/articles", { body: { category: "land", content: "Text.", ...body }, cookie });
    if (res.status !== 201) throw new Error(`create failed: ${res.status} ${res.text}`);
    return res.body as { id: number };
  };
  const insertRaw = (w: string, runner: { query: (sql: string, params: unknown[]) => Promise<unknown> } = t.ds) =>
    runner.query(INSERT, [`raw-${w}`, `Raw ${w}`, dbDate(HOUR), dbDate(HOUR), dbDate(HOUR)]);
  const idOf = async (w: string) => Number(((await t.ds.query("SELECT id FROM article WHERE slug = ?", [`raw-${w}`])) as { id: number }[])[0].id);

  test("answers searches, and follows a premium change at once: a non-member's search never finds members-only text", async () => {
    expect((await searchEngineOf(t.ds)).engine).toBe("sqlite-mirror");
    const [free, gated] = [word(), word()];
    const a = await create({ title: "Analysis", excerpt: "A summary.", content: `Lead names ${free}.\n\nSecond paragraph.\n\n## Further\n\nThe rest names ${gated}.` });
    expect([await ids(gated), await ids(gated, true)]).toEqual([[a.id], [a.id]]);
    await t.api("PUT", `/api/articles/${a.id}`, { body: { isPremium: true }, cookie });
    expect([await ids(free), await ids(gated), await ids(gated.slice(0, 5)), await ids(gated, true)]).toEqual([[a.id], [], [], [a.id]]);
    await t.api("PUT", `/api/articles/${a.id}`, { body: { isPremium: false }, cookie });
    expect(await ids(gated)).toEqual([a.id]);
  });

  test("follows SQL that bypasses the app: insert, update, delete", async () => {
    const [w, other] = [word(), word()];
    await insertRaw(w);
    const id = await idOf(w);
    expect(await ids(w)).toEqual([id]);
    await t.ds.query("UPDATE article SET title = ? WHERE id = ?", [`Raw ${other}`, id]);
    expect([await ids(w), await ids(other)]).toEqual([[], [id]]);
    await t.ds.query("UPDATE article SET status = 'draft' WHERE id = ?", [id]);
    expect(await ids(other)).toEqual([]);
    await t.ds.query("UPDATE article SET status = 'published' WHERE id = ?", [id]);
    expect(await ids(other)).toEqual([id]);
    // A flag alone (the mirror then updates that column only, without re-indexing the text).
    const breaking = () => searchArticleIds(t.ds, other, { now: new Date(), breaking: true });
    expect(await breaking()).toEqual([]);
    await t.ds.query("UPDATE article SET isBreaking = 1 WHERE id = ?", [id]);
    expect([await breaking(), await ids(other)]).toEqual([[id], [id]]);
    await t.ds.query("DELETE FROM article WHERE id = ?", [id]);
    expect(await ids(other)).toEqual([]);
  });

  test("a write that rolls back leaves no change; one that commits after a later one is still followed", async () => {
    const changes = async () => Number(((await t.ds.query("SELECT COUNT(*) AS n FROM search_change")) as { n: number }[])[0].n);
    const before = await changes();
    const w = word();
    const runner = t.ds.createQueryRunner();
    try {
      await runner.startTransaction();
      await insertRaw(w, runner);
      await runner.rollbackTransaction();
      expect(await changes()).toBe(before);
      expect(await ids(w)).toEqual([]);
      // Slow takes its change number first but commits after fast: the mirror applies fast, then still finds slow.
      const [slow, fast] = [word(), word()];
      await runner.startTransaction();
      await insertRaw(slow, runner);
      await insertRaw(fast);
      expect(await ids(fast)).toEqual([await idOf(fast)]);
      expect(await ids(slow)).toEqual([]);
      await runner.commitTransaction();
      expect(await ids(slow)).toEqual([await idOf(slow)]);
    } finally {
      if (runner.isTransactionActive) await runner.rollbackTransaction();
      await runner.release();
    }
  });

  test("searches arriving together read the feed once per round and apply each change once", async () => {
    const w = word();
    await insertRaw(w);
    const feedReads: string[] = [];
    const query = t.ds.query.bind(t.ds);
    const spy = jest.spyOn(t.ds, "query").mockImplementation((sql: string, params?: Parameters<typeof query>[1]) => {
      if (/FROM search_change WHERE seq >/.test(sql)) feedReads.push(sql);
      return query(sql, params);
    });
    const mirror = searchMirrorOf(t.ds)!;
    const applied = jest.spyOn(mirror as unknown as { apply: () => void }, "apply");
    try {
      const answers = await Promise.all([...Array(8)].map(() => ids(w)));
      expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
      expect(answers[0]).toHaveLength(1);
      // The first search's read, then one shared by the seven that arrived while it ran.
      expect(feedReads.length).toBeLessThanOrEqual(2);
      expect(applied).toHaveBeenCalledTimes(1);
    } finally {
      spy.mockRestore();
      applied.mockRestore();
    }
  });

  test("a mirror of another version, of another database or too far behind is built again; in the background, the server's engine answering meanwhile", async () => {
    const mirror = searchMirrorOf(t.ds)!;
    const w = word();
    const a = await create({ title: `Rebuilt ${w}` });
    expect(await ids(w)).toEqual([a.id]);
    const edit = (sql: string) => {
      const db = new Database(mirror.file);
      db.exec(sql);
      db.close();
    };
    await mirror.close();
    const file = new Database(mirror.file, { readonly: true });
    const { feed } = file.prepare("SELECT feed FROM mirror_state").get() as { feed: string };
    file.close();
    const reopened = new SearchMirror(t.ds, mirror.file, 1);
    edit(`PRAGMA user_version = ${MIRROR_VERSION + 1}`);
    expect(await reopened.open()).toMatch(/another version/);
    edit(`PRAGMA user_version = ${MIRROR_VERSION}; UPDATE mirror_state SET feed = 'elsewhere'`);
    expect(await reopened.open()).toMatch(/another database/);
    edit(`UPDATE mirror_state SET feed = '${feed.replace(/'/g, "''")}', syncedAt = ${Date.now() - 30 * HOUR}`);
    expect(await reopened.open()).toMatch(/last followed the changes 30 h ago/);
    edit(`UPDATE mirror_state SET syncedAt = ${Date.now()}`);
    expect(await reopened.open()).toBeUndefined();
    await reopened.close();
    // Not a database, or one left half-made (its version set, no state): built again too, never a failed start.
    const other = path.join(path.dirname(mirror.file), "other.sqlite");
    const openOther = async () => {
      const opened = new SearchMirror(t.ds, other, 1);
      const why = await opened.open();
      await opened.close();
      return why;
    };
    fs.writeFileSync(other, "not a database".repeat(100));
    expect(await openOther()).toMatch(/cannot be read/);
    fs.rmSync(other);
    const half = new Database(other);
    half.pragma(`user_version = ${MIRROR_VERSION}`);
    half.close();
    expect(await openOther()).toMatch(/cannot be read \(no such table: mirror_state\)/);
    edit(`UPDATE mirror_state SET syncedAt = ${Date.now() - 30 * HOUR}`);

    const logged: string[] = [];
    const info = await prepareSearchEngine(t.ds, { info: (m) => logged.push(m), warn: (m) => logged.push(m) });
    expect(logged.join("\n")).toMatch(/building the local search mirror .* in the background \(it last followed/);
    expect(info.engine).not.toBe("sqlite-mirror");
    expect(info.detail).toMatch(/meanwhile the local search mirror is being built/);
    // The server's engine answers meanwhile.
    expect(await ids(w)).toEqual([a.id]);
    for (let i = 0; i < 200 && (await searchEngineOf(t.ds)).engine !== "sqlite-mirror"; i++) await new Promise((r) => setTimeout(r, 50));
    expect((await searchEngineOf(t.ds)).engine).toBe("sqlite-mirror");
    expect(logged.join("\n")).toMatch(/the local search mirror is built/);
    expect(await ids(w)).toEqual([a.id]);
  });

  test("a feed made afresh (a restore drops every table) is noticed by the background tick: the mirror is built again", async () => {
    const w = word();
    await insertRaw(w);
    const id = await idOf(w);
    expect(await ids(w)).toEqual([id]);
    await dropChangeFeed((sql) => t.ds.query(sql));
    // CREATE_TIME has a resolution of a second: the feed made again must differ from the one dropped.
    await new Promise((r) => setTimeout(r, 1_100));
    await createChangeFeed((sql) => t.ds.query(sql));
    await followSearchChanges(t.ds);
    expect((await searchEngineOf(t.ds)).engine).not.toBe("sqlite-mirror");
    for (let i = 0; i < 200 && (await searchEngineOf(t.ds)).engine !== "sqlite-mirror"; i++) await new Promise((r) => setTimeout(r, 50));
    expect((await searchEngineOf(t.ds)).engine).toBe("sqlite-mirror");
    await t.ds.query("UPDATE article SET title = 'Renamed' WHERE id = ?", [id]);
    expect(await ids(w)).toEqual([]);
  });

  test("one instance writes a mirror: another on the same file (this process or another) leaves it alone and says why, then takes it over once free", async () => {
    const mirror = searchMirrorOf(t.ds)!;
    const w = word();
    await insertRaw(w);
    const id = await idOf(w);
    const REFUSED = /another instance uses this DATA_DIR's search mirror .*each instance needs a DATA_DIR of its own/;
    const second = new SearchMirror(t.ds, mirror.file, 1, { syncWaitMs: 60_000 });
    expect(second.takeLock()).toBe(false);
    expect(second.refused).toMatch(REFUSED);
    await expect(second.open()).rejects.toThrow(REFUSED);
    await expect(second.build()).rejects.toThrow(REFUSED);
    await mirror.close();
    expect(second.takeLock()).toBe(true);
    expect(await second.open()).toBeUndefined();
    expect(await second.ids(parseSearchQuery(w), { now: new Date() })).toEqual([id]);
    await second.close();

    // Another process holds the lock (a second instance given this DATA_DIR).
    const holder = spawn(process.execPath, ["-e", `const d = new (require("better-sqlite3"))(${JSON.stringify(mirror.file + ".lock")}); d.exec("BEGIN EXCLUSIVE"); console.log("held"); setInterval(() => {}, 1000);`], {
      stdio: ["ignore", "pipe", "inherit"],
    });
    try {
      await new Promise((resolve, reject) => {
        holder.stdout.on("data", resolve);
        holder.once("exit", reject);
      });
      const logged: string[] = [];
      const info = await prepareSearchEngine(t.ds, { info: (m) => logged.push(m), warn: (m) => logged.push(`warn: ${m}`) });
      expect(logged.join("\n")).toMatch(/warn: search: the local search mirror is off, the engine below answers: another instance uses/);
      expect(info.engine).not.toBe("sqlite-mirror");
      expect((await t.api("GET", "/readyz")).body.search.detail).toMatch(REFUSED);
      // The server's engine answers, and the tick leaves the mirror alone while the lock is held.
      expect(await ids(w)).toEqual([id]);
      await followSearchChanges(t.ds);
      expect((await searchEngineOf(t.ds)).engine).not.toBe("sqlite-mirror");
    } finally {
      holder.kill("SIGKILL");
    }
    await new Promise((resolve) => holder.once("exit", resolve));
    // Its holder dead, the lock is free: the next tick takes the mirror over.
    await followSearchChanges(t.ds);
    expect((await searchEngineOf(t.ds)).engine).toBe("sqlite-mirror");
    expect(await ids(w)).toEqual([id]);
  });

  test("changes are written on a thread of the mirror's own: if it dies, the sync waiting for it fails and the next one starts it again", async () => {
    const [w, after] = [word(), word()];
    await insertRaw(w);
    expect(await ids(w)).toEqual([await idOf(w)]);
    const mirror = searchMirrorOf(t.ds)!;
    const { worker } = (mirror as unknown as { writer: { worker: Worker } }).writer;
    jest.spyOn(worker, "postMessage").mockImplementation(() => void worker.terminate());
    await insertRaw(after);
    await expect(mirror.sync()).rejects.toThrow(/its thread stopped/);
    expect(await ids(after)).toEqual([await idOf(after)]);
    await mirror.sync();
    const { worker: second } = (mirror as unknown as { writer: { worker: Worker } }).writer;
    expect(second).not.toBe(worker);
    // A search whose sync fails is answered by the server's engine, which finds the write; the next sync recovers.
    const failed = word();
    jest.spyOn(second, "postMessage").mockImplementation(() => void second.terminate());
    await insertRaw(failed);
    expect(await mirror.ids(parseSearchQuery(failed), { now: new Date() })).toBeUndefined();
    expect(await ids(failed)).toEqual([await idOf(failed)]);
    await mirror.sync();
    expect(mirror.catchingUp).toBe(false);
    expect(await mirror.ids(parseSearchQuery(failed), { now: new Date() })).toEqual([await idOf(failed)]);
  });

  test("a mirror built again while it is open answers from the new file, with no change lost (its WAL is not read as the new file's)", async () => {
    const mirror = searchMirrorOf(t.ds)!;
    const [w, meanwhile, after] = [word(), word(), word()];
    // The old file's WAL holds pages written since its last checkpoint.
    for (let i = 0; i < 40; i++) await insertRaw(`${w}${i}`);
    await mirror.sync();
    const building = mirror.build("asked to");
    await insertRaw(meanwhile);
    await building;
    for (let i = 0; i < 40; i++) await insertRaw(`${after}${i}`);
    expect((await searchEngineOf(t.ds)).engine).toBe("sqlite-mirror");
    expect([await ids(`${w}7`), await ids(meanwhile), await ids(`${after}39`)]).toEqual([[await idOf(`${w}7`)], [await idOf(meanwhile)], [await idOf(`${after}39`)]]);
    const file = new Database(mirror.file, { readonly: true });
    expect(file.pragma("integrity_check", { simple: true })).toBe("ok");
    file.close();
  });

  test("a backlog longer than the wait: the search is answered by the server's engine within it, finding the newest write; the mirror catches up in the background, then answers again", async () => {
    const WAIT = 150;
    const dataDir = path.dirname(searchMirrorOf(t.ds)!.file);
    const silent = { info: () => undefined, warn: () => undefined };
    const reconfigure = async (syncWaitMs: number) => {
      await closeSearchEngine(t.ds);
      configureSearchEngine(t.ds, "auto", { dataDir, readThreads: 1, syncWaitMs });
      await prepareSearchEngine(t.ds, silent);
    };
    await reconfigure(WAIT);
    try {
      const mirror = searchMirrorOf(t.ds)!;
      const mirrorIds = (q: string) => mirror.ids(parseSearchQuery(q), { now: new Date() });
      expect((await searchEngineOf(t.ds)).engine).toBe("sqlite-mirror");
      // 600 articles of ~4 KB written by SQL beside the app (a bulk import): well over a second to re-index.
      const [bulk, last] = [word(), word()];
      const body = (i: number) => Array.from({ length: 600 }, (_, j) => `w${(i * 7 + j * 13) % 5000}`).join(" ");
      for (let chunk = 0; chunk < 3; chunk++) {
        const rows = Array.from({ length: 200 }, (_, k) => chunk * 200 + k);
        await t.ds.query(
          INSERT.replace(/VALUES \(.*\)$/s, `VALUES ${rows.map(() => "(?, ?, '', ?, '', '[]', 'Staff', 'land', 'news_brief', 0, 0, 'published', ?, ?, ?)").join(", ")}`),
          rows.flatMap((i) => [`raw-${bulk}${i}`, `Bulk ${bulk} ${i}`, body(i), dbDate(HOUR), dbDate(HOUR), dbDate(HOUR)]),
        );
      }
      await insertRaw(last);
      const lastId = await idOf(last);

      let since = performance.now();
      expect(await ids(last)).toEqual([lastId]);
      const waited = performance.now() - since;
      expect(waited).toBeLessThan(WAIT + 400);
      const during = await searchEngineOf(t.ds);
      expect(during.engine).not.toBe("sqlite-mirror");
      expect(during.detail).toMatch(/; the local search mirror is catching up \(\d+ changes behind\): this engine answers meanwhile$/);
      expect((await t.api("GET", "/readyz")).body.search.detail).toMatch(/catching up/);
      // The next searches skip the mirror at once while it catches up.
      since = performance.now();
      expect((await ids(bulk)).length).toBeGreaterThan(0);
      expect(performance.now() - since).toBeLessThan(WAIT);
      expect(mirror.catchingUp).toBe(true);

      for (let i = 0; i < 300 && (await searchEngineOf(t.ds)).engine !== "sqlite-mirror"; i++) await new Promise((r) => setTimeout(r, 50));
      expect((await searchEngineOf(t.ds)).engine).toBe("sqlite-mirror");
      expect(await mirror.backlog()).toBe(0);
      expect(await mirrorIds(last)).toEqual([lastId]);
      // A save without a backlog: the mirror applies it within the wait and answers.
      const next = word();
      await insertRaw(next);
      expect(await mirrorIds(next)).toEqual([await idOf(next)]);
      expect(mirror.catchingUp).toBe(false);
    } finally {
      await reconfigure(60_000);
    }
  });
});
