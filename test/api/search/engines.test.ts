// Which full-text engine answers, and that each one keeps the search's rules: SQLite FTS5; on MariaDB the local search
// mirror (SQLite FTS5 following search_change), the Mroonga index when the server runs Mroonga (CI loads it;
// SEARCH_ENGINE=mroonga forces it here) and InnoDB FULLTEXT when it does not (SEARCH_ENGINE=innodb forces that fallback). /readyz says which one answers. Each engine: title above excerpt above body, phrases, the last
// word as a prefix, the paywall rule, and an index that follows create, edit and delete.
import { mroongaAvailable, mroongaIndexState, dropMroongaIndex } from "../../../src/repositories/search/mroongaIndex.js";
import { prepareSearchEngine, searchArticleIds, searchEngineOf, type SearchEngineName } from "../../../src/repositories/articleSearch.js";
import { closeReadThreads, readThreadsOf } from "../../../src/repositories/readThreads.js";
import { parseSearchQuery } from "../../../src/repositories/search/terms.js";
import { createArticle } from "../../helpers/factories.js";
import { createTestApp, type TestApp } from "../../helpers/testApp.js";

const mariadb = process.env.DATABASE_URL?.startsWith("mariadb:") === true;
const HOUR = 3_600_000;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();
// Letters only, so each run's words are its own whatever the tokeniser.
const word = () => `q${Math.random().toString(36).replace(/[^a-z]/g, "").slice(0, 8)}x`;

/** The engines this database can run, each with the settings that select it. */
const ENGINES: { name: string; env: Record<string, string>; expect: (engine: SearchEngineName, fallback: boolean) => void }[] = mariadb
  ? [
      { name: "MariaDB, the local search mirror (SEARCH_ENGINE=auto)", env: { SEARCH_ENGINE: "auto" }, expect: (engine, fallback) => expect([engine, fallback]).toEqual(["sqlite-mirror", false]) },
      { name: "MariaDB, the engine the server offers (SEARCH_ENGINE=mroonga)", env: { SEARCH_ENGINE: "mroonga" }, expect: () => undefined },
      { name: "MariaDB, the fallback forced (SEARCH_ENGINE=innodb)", env: { SEARCH_ENGINE: "innodb" }, expect: (engine, fallback) => expect([engine, fallback]).toEqual(["innodb-fulltext", true]) },
    ]
  : [
      { name: "SQLite, searches on a thread of their own", env: {}, expect: (engine, fallback) => expect([engine, fallback]).toEqual(["sqlite-fts5", false]) },
      { name: "SQLite, searches on the event loop (READ_THREADS=0)", env: { READ_THREADS: "0" }, expect: (engine, fallback) => expect([engine, fallback]).toEqual(["sqlite-fts5", false]) },
    ];

describe.each(ENGINES)("$name", ({ env, expect: expectEngine }) => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp(env);
    cookie = await t.login();
  });
  afterAll(() => t.close());

  const create = async (body: Record<string, unknown>) => {
    const res = await t.api("POST", "/api/articles", { body: { category: "land", content: "Text.", ...body }, cookie });
    if (res.status !== 201) throw new Error(`create failed: ${res.status} ${res.text}`);
    return res.body as { id: number };
  };
  const ids = (q: string, gated = false) => searchArticleIds(t.ds, q, { now: new Date(), gated });

  test("/readyz says which engine answers searches and whether it is the bounded fallback", async () => {
    const res = await t.api("GET", "/readyz");
    expect(res.status).toBe(200);
    const { engine, fallback, detail } = res.body.search as { engine: SearchEngineName; fallback: boolean; detail: string };
    expectEngine(engine, fallback);
    if (mariadb && env.SEARCH_ENGINE === "mroonga") expect([engine, fallback]).toEqual((await mroongaAvailable(t.ds)) ? ["mroonga", false] : ["innodb-fulltext", true]);
    if (fallback) expect(detail).toMatch(/fallback/);
    expect(await searchEngineOf(t.ds)).toEqual({ engine, fallback, detail });
  });

  test("title above excerpt above body whatever their age; phrases; the last word as a prefix; words apart are no phrase", async () => {
    const w = word();
    const body = await create({ title: "Body only", content: `Long report on the ${w} fleet at sea.`, excerpt: "A summary without it.", publishedAt: ago(HOUR) });
    const excerpt = await create({ title: "Excerpt only", content: "Nothing here.", excerpt: `Summary naming the ${w} fleet.`, publishedAt: ago(2 * HOUR) });
    const title = await create({ title: `The ${w} fleet in the title`, content: "Plain text.", excerpt: "Plain summary.", publishedAt: ago(3 * HOUR) });
    const apart = await create({ title: `${w} and a fleet`, content: `The fleet and the ${w}.`, excerpt: "Plain.", publishedAt: ago(HOUR / 2) });
    // The two title matches first (in either order: the engines weigh their lengths and counts differently).
    const titlesFirst = (found: number[]) => [[...found.slice(0, 2)].sort((x, y) => x - y), ...found.slice(2)];
    for (const q of [w, `${w} fle`, w.slice(0, -1)]) expect([q, titlesFirst(await ids(q))]).toEqual([q, [[title.id, apart.id].sort((x, y) => x - y), excerpt.id, body.id]]);
    expect(await ids(`"${w} fleet"`)).toEqual([title.id, excerpt.id, body.id]);
    // Only the last word is a prefix.
    expect(await ids(`${w.slice(0, -1)} fleet`)).toEqual([]);
    // Hyphens and apostrophes join words as they do in the text.
    const hyphen = await create({ title: `Counter-${w} systems for O'Brien`, content: "Plain text." });
    expect(await ids(`"counter ${w}"`)).toEqual([hyphen.id]);
    expect(await ids(`counter-${w} o'brien`)).toEqual([hyphen.id]);
  });

  test("the paywall: a non-member's search reads titles, excerpts and free previews only; a member's everything", async () => {
    const [free, gated] = [word(), word()];
    const premium = await create({ title: "Premium analysis", content: `Free lead names ${free}.\n\nSecond free paragraph.\n\n## For members\n\nThe gated part names ${gated}.`, isPremium: true });
    expect(await ids(free)).toEqual([premium.id]);
    for (const q of [gated, gated.slice(0, 5), `"names ${gated}"`]) {
      expect([q, await ids(q)]).toEqual([q, []]);
      expect([q, await ids(q, true)]).toEqual([q, [premium.id]]);
    }
  });

  test("the index follows create, edit, unpublish, schedule and delete", async () => {
    const [before, after] = [word(), word()];
    const a = await create({ title: `Index ${before}`, content: "Plain." });
    expect(await ids(before)).toEqual([a.id]);
    await t.api("PUT", `/api/articles/${a.id}`, { body: { title: `Index ${after}` }, cookie });
    expect([await ids(before), await ids(after)]).toEqual([[], [a.id]]);
    await t.api("PUT", `/api/articles/${a.id}`, { body: { status: "draft" }, cookie });
    expect(await ids(after)).toEqual([]);
    await t.api("PUT", `/api/articles/${a.id}`, { body: { status: "published", publishedAt: new Date(Date.now() + HOUR).toISOString() }, cookie });
    expect(await ids(after)).toEqual([]);
    expect(await searchArticleIds(t.ds, after, { now: new Date(Date.now() + 2 * HOUR) })).toEqual([a.id]);
    expect((await t.api("DELETE", `/api/articles/${a.id}`, { cookie })).status).toBe(200);
    expect(await searchArticleIds(t.ds, after, { now: new Date(Date.now() + 2 * HOUR) })).toEqual([]);
  });

  test("filters and sort are plain conditions beside the match: category, breaking, date range, newest first", async () => {
    const w = word();
    const old = await create({ title: `Old ${w}`, category: "sea", publishedAt: ago(30 * 24 * HOUR) });
    const recent = await create({ title: `Recent`, excerpt: `Naming ${w}.`, category: "air", isBreaking: true, publishedAt: ago(HOUR) });
    const now = new Date();
    expect(await searchArticleIds(t.ds, w, { now })).toEqual([old.id, recent.id]);
    expect(await searchArticleIds(t.ds, w, { now, sort: "newest" })).toEqual([recent.id, old.id]);
    expect(await searchArticleIds(t.ds, w, { now, category: "sea" })).toEqual([old.id]);
    expect(await searchArticleIds(t.ds, w, { now, breaking: true })).toEqual([recent.id]);
    expect(await searchArticleIds(t.ds, w, { now, after: new Date(Date.now() - 2 * HOUR) })).toEqual([recent.id]);
    expect(await searchArticleIds(t.ds, w, { now, before: new Date(Date.now() - 2 * HOUR) })).toEqual([old.id]);
  });

  // The thread reads through a connection of its own: it sees what is committed, never waits for a write in progress,
  // and is started again by the next search after it stopped.
  (!mariadb && !env.READ_THREADS ? test : test.skip)("SQLite: the search thread's own connection sees committed writes only, and a stopped thread starts again", async () => {
    const [w, during] = [word(), word()];
    const a = await create({ title: `Thread ${w}` });
    expect(await ids(w)).toEqual([a.id]);
    await closeReadThreads(t.ds);
    expect(await ids(w)).toEqual([a.id]);
    await t.ds.transaction(async (tx) => {
      const at = ago(HOUR).replace("T", " ").replace("Z", "");
      await tx.query(
        `INSERT INTO article (slug, title, excerpt, content, contentHtml, headings, author, category, contentTier, isBreaking, isPremium, status, publishedAt, createdAt, updatedAt)
         VALUES (?, ?, '', 'Plain.', '', '[]', 'Staff', 'land', 'news_brief', 0, 0, 'published', ?, ?, ?)`,
        [`uncommitted-${during}`, `Uncommitted ${during}`, at, at, at],
      );
      expect(await tx.query("SELECT COUNT(*) AS n FROM article_fts WHERE article_fts MATCH ?", [during])).toEqual([{ n: 1 }]);
      // On the app's connection the write is visible inside its transaction; the thread's answers without waiting for it.
      expect(await ids(during)).toEqual([]);
    });
    expect(await ids(during)).toHaveLength(1);
  });

  // One read at a time keeps the thread's heap to one read's rows: a search whose statements take turns (a prefix) is
  // answered before a later one that takes none, where the thread used to start the later one in the earlier's turn.
  (!mariadb && !env.READ_THREADS ? test : test.skip)("SQLite: the thread answers one read at a time, in the order asked", async () => {
    const [w, other] = [word(), word()];
    await create({ title: `Order ${w}` });
    await create({ title: `Order ${other}` });
    const threads = readThreadsOf(t.ds)!;
    const answered: string[] = [];
    const now = new Date();
    await Promise.all([
      threads.ids(parseSearchQuery(w), { now }).then((ids) => answered.push(`prefix ${ids.length}`)),
      threads.ids(parseSearchQuery(`"${other}"`), { now, sort: "newest" }).then((ids) => answered.push(`phrase ${ids.length}`)),
    ]);
    expect(answered).toEqual(["prefix 1", "phrase 1"]);
  });

  // InnoDB cannot stop at the newest matches, so its full-text query has a time limit (the fallback's bound).
  (mariadb && env.SEARCH_ENGINE === "innodb" ? test : test.skip)("InnoDB: a full-text query past its time limit falls back to the newest titles, summaries and categories", async () => {
    // As on a server without Mroonga: no index table, no triggers (which would also make the load below slow).
    await dropMroongaIndex((sql) => t.ds.query(sql));
    // 20,000 older articles sharing a word: the index walks all of them for a query with that word.
    await t.ds.query(
      `INSERT INTO article (slug, title, excerpt, content, contentHtml, headings, author, category, contentTier, isBreaking, isPremium, status, publishedAt, createdAt, updatedAt)
       SELECT CONCAT('filler-', seq), CONCAT('Filler ', seq), 'filler summary', 'filler body', '', '[]', 'Staff', 'land', 'news_brief', 0, 0, 'published', ?, ?, ? FROM seq_1_to_20000`,
      [...Array(3)].map(() => ago(10 * HOUR).replace("T", " ").replace("Z", "")),
    );
    try {
      const w = word();
      const inTitle = await create({ title: `Filler ${w} headline`, content: "Plain.", publishedAt: ago(HOUR) });
      const inSummary = await create({ title: "Filler second", excerpt: `Summary with ${w}.`, content: "Plain.", publishedAt: ago(2 * HOUR) });
      await create({ title: "Filler body only", excerpt: "A summary without it.", content: `The ${w} only in the body.`, publishedAt: ago(3 * HOUR) });
      await create({ title: `Filler draft ${w}`, content: "Plain.", status: "draft" });
      let gaveUp = 0;
      // A limit of 1 µs cannot hold that walk: the fallback answers, without the body-only match or the draft.
      const found = await searchArticleIds(t.ds, `filler ${w}`, { now: new Date(), timeoutMs: 0.001, onTimeout: () => gaveUp++ });
      expect(gaveUp).toBe(1);
      expect(found).toEqual([inTitle.id, inSummary.id]);
      // With the normal limit the index answers, the body-only match included. Once, on the CI machine, InnoDB answered
      // this query with no rows and no error right after the interrupted one (not seen here in 13 runs, loaded or not):
      // the index gets a few tries, and each miss is printed with the server's open transactions.
      let answered: number[] = [];
      for (let i = 0; i < 10 && answered.length !== 3; i++) {
        if (i > 0) {
          console.log(`InnoDB answered ${JSON.stringify(answered)} (try ${i}); open transactions:`, await t.ds.query("SELECT trx_state, trx_started, trx_query FROM information_schema.innodb_trx"));
          await new Promise((r) => setTimeout(r, 300));
        }
        answered = await searchArticleIds(t.ds, `filler ${w}`, { now: new Date(), onTimeout: () => gaveUp++ });
      }
      expect(answered).toHaveLength(3);
      expect(gaveUp).toBe(1);
    } finally {
      await t.ds.query("DELETE FROM article WHERE slug LIKE 'filler-%'");
    }
  });

  // Mroonga loaded after the migrations ran (or its index lost): the app builds the index at start, the fallback answering meanwhile.
  (mariadb && env.SEARCH_ENGINE === "mroonga" ? test : test.skip)("Mroonga without its index at start: built in the background, then used", async () => {
    if (!(await mroongaAvailable(t.ds))) return;
    const a = await createArticle(t.services, { title: `Rebuilt ${word()}` });
    await dropMroongaIndex((sql) => t.ds.query(sql));
    const logged: string[] = [];
    const log = { info: (m: string) => logged.push(m), warn: (m: string) => logged.push(m) };
    expect((await prepareSearchEngine(t.ds, log)).engine).toBe("innodb-fulltext");
    expect(logged.join("\n")).toMatch(/building it in the background/);
    for (let i = 0; i < 100 && (await searchEngineOf(t.ds)).engine !== "mroonga"; i++) await new Promise((r) => setTimeout(r, 100));
    expect((await searchEngineOf(t.ds)).engine).toBe("mroonga");
    expect(await mroongaIndexState(t.ds)).toEqual({ table: true, fulltext: true, triggers: 3 });
    expect(await ids(a.title.split(" ")[1])).toEqual([a.id]);
  });
});
