// Reading stays cheap as the archive grows: keyset (cursor) paging with Link rel="next", list
// totals cached and dropped on every change (and when a scheduled article goes live), the start-up
// SEO audit in slices that yield and stop, and reader queries that use an index (SQLite plans).
import { Article } from "../../../src/entities/Article.js";
import { ArticleSeoAudit } from "../../../src/entities/ArticleSeoAudit.js";
import { COUNT_CACHE_MAX_AGE_MS, COUNT_ON_THREAD_ROWS, PublishedCountCache, countArticles, countPublished, decodeCursor, encodeCursor } from "../../../src/repositories/articleListing.js";
import { readThreadsOf } from "../../../src/repositories/readThreads.js";
import { toDbDate } from "../../../src/lib/time.js";
import { maxArticleId } from "../../../src/repositories/sitemapReads.js";
import { buildArticleSitemap, buildNewsSitemap, buildPagesSitemap, buildRss, buildSitemapIndex } from "../../../src/ssr/feeds.js";
import { createArticle } from "../../helpers/factories.js";
import { statementsDuring } from "../../helpers/statements.js";
import { createTestApp, type TestApp } from "../../helpers/testApp.js";

let t: TestApp;
let cookie: string;
const HOUR = 3_600_000;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

beforeAll(async () => {
  t = await createTestApp();
  cookie = await t.login();
});
afterAll(() => t.close());

/** The SELECT statements (with their parameters) that `run` sends to the database. */
const selectsDuring = async (run: () => Promise<unknown>) => (await statementsDuring(t.ds, run)).filter((q) => /^\s*SELECT/i.test(q.sql));

const nextLink = (res: { headers: Headers }) => /^<([^>]+)>; rel="next"$/.exec(res.headers.get("link") ?? "")?.[1] ?? null;

describe("cursor paging", () => {
  let ids: number[];
  beforeAll(async () => {
    // Eight sea articles, two of them published at the same instant (the id breaks the tie).
    const same = ago(50 * HOUR);
    for (let i = 0; i < 6; i++) await createArticle(t.services, { category: "sea", publishedAt: ago((40 - i) * HOUR) });
    await createArticle(t.services, { category: "sea", publishedAt: same });
    await createArticle(t.services, { category: "sea", publishedAt: same });
    ids = (await t.api("GET", "/api/article-cards?category=sea&limit=100")).body.map((a: { id: number }) => a.id);
    expect(ids).toHaveLength(8);
  });

  test("following Link rel=next walks the whole list once, in the offset order, and the last page has no link", async () => {
    for (const path of ["/api/article-cards", "/api/articles"]) {
      const seen: number[] = [];
      let url: string | null = `${path}?category=sea&limit=3`;
      let pages = 0;
      while (url) {
        const res = await t.api("GET", url);
        expect(res.status).toBe(200);
        expect(res.headers.get("x-total-count")).toBe("8");
        seen.push(...res.body.map((a: { id: number }) => a.id));
        url = nextLink(res);
        if (url) expect(url).toMatch(new RegExp(`^${path}\\?category=sea&limit=3&cursor=[A-Za-z0-9_-]+$`));
        expect(++pages).toBeLessThan(5);
      }
      expect(pages).toBe(3);
      expect(seen).toEqual(ids);
    }
  });

  test("a cursor is an opaque (publishedAt, id) token; the tRPC caller pages the same way; offset keeps working", async () => {
    const first = await t.api("GET", "/api/article-cards?category=sea&limit=4");
    const cursor = new URL(nextLink(first)!, "http://x").searchParams.get("cursor")!;
    const last = first.body[3];
    expect(decodeCursor(cursor)).toEqual({ publishedAt: new Date(last.publishedAt), id: last.id });
    const viaCaller = await (await t.caller()).articles.cards({ category: "sea", limit: 4, offset: 0, cursor });
    expect(viaCaller.map((a) => a.id)).toEqual(ids.slice(4));
    expect((await t.api("GET", "/api/article-cards?category=sea&limit=4&offset=4")).body.map((a: { id: number }) => a.id)).toEqual(ids.slice(4));
    // A breaking filter is kept in the link.
    await createArticle(t.services, { category: "sea", isBreaking: true, publishedAt: ago(HOUR) });
    await createArticle(t.services, { category: "sea", isBreaking: true, publishedAt: ago(2 * HOUR) });
    expect(nextLink(await t.api("GET", "/api/articles?breaking=true&limit=1"))).toMatch(/^\/api\/articles\?breaking=true&limit=1&cursor=/);
  });

  test("a bad cursor, or a cursor with offset, is a 400 with a message", async () => {
    for (const cursor of ["nope", "!!!", encodeURIComponent("a b"), Buffer.from("12.x").toString("base64url"), "x".repeat(101)]) {
      const res = await t.api("GET", `/api/articles?cursor=${cursor}`);
      expect({ cursor, status: res.status }).toEqual({ cursor, status: 400 });
      expect(res.body.message).toBeTruthy();
    }
    const res = await t.api("GET", `/api/articles?offset=2&cursor=${encodeCursor(new Date(), 5)}`);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/cursor or offset/);
  });
});

describe("list totals", () => {
  test("X-Total-Count follows every create, unpublish, republish and delete at once", async () => {
    const total = async (query = "") => Number((await t.api("GET", `/api/article-cards?limit=1${query}`)).headers.get("x-total-count"));
    const before = await total();
    const beforeAir = await total("&category=air");
    const a = (await t.api("POST", "/api/articles", { body: { title: "Counted", content: "x", category: "air" }, cookie })).body;
    expect(await total()).toBe(before + 1);
    expect(await total("&category=air")).toBe(beforeAir + 1);
    await t.api("PUT", `/api/articles/${a.id}`, { body: { status: "draft" }, cookie });
    expect(await total()).toBe(before);
    await t.api("PUT", `/api/articles/${a.id}`, { body: { status: "published" }, cookie });
    expect(await total()).toBe(before + 1);
    await t.api("PUT", `/api/articles/${a.id}`, { body: { category: "land" }, cookie });
    expect(await total("&category=air")).toBe(beforeAir);
    await t.api("DELETE", `/api/articles/${a.id}`, { cookie });
    expect(await total()).toBe(before);
  });

  test("a total is counted on a read thread where there is one (SQLite) once the archive is large, as TypeORM counts it for every filter", async () => {
    const published = () => t.ds.getRepository(Article).createQueryBuilder("a").where("a.status = 'published'").andWhere("a.publishedAt <= :now", { now: toDbDate(new Date()) });
    const filters = [published(), published().andWhere("a.category = :category", { category: "sea" }), published().andWhere("a.isBreaking = :breaking", { breaking: true })];
    filters.push(published().andWhere("a.isBreaking = :breaking", { breaking: false }), published().andWhere("a.publishedAt >= :from", { from: toDbDate(new Date(Date.now() - 45 * HOUR)) }));
    const threads = readThreadsOf(t.ds);
    expect(threads === undefined).toBe(process.env.DATABASE_URL?.startsWith("mariadb:") === true);
    await threads?.close();
    // updatedSince is never cached: each list counts.
    const countsOnTheApp = async () => {
      const selects = await selectsDuring(() => t.api("GET", "/api/article-cards?limit=1&updatedSince=2020-01-01T00:00:00Z"));
      return selects.some((q) => /COUNT\(/i.test(q.sql));
    };
    // A small archive: on the app's connection, no thread started for it.
    for (const qb of filters) expect(await countArticles(t.ds, qb)).toBe(await qb.getCount());
    expect(await countArticles(t.ds, filters[1])).toBeGreaterThanOrEqual(8);
    expect(await countsOnTheApp()).toBe(true);
    expect(threads?.running ?? 0).toBe(0);
    if (!threads) return;
    // An archive whose ids pass COUNT_ON_THREAD_ROWS (a draft: the totals stay): on the thread.
    const at = toDbDate(new Date());
    await t.ds.query(
      `INSERT INTO article (id, slug, title, excerpt, content, contentHtml, headings, author, category, contentTier, isBreaking, isPremium, status, createdAt, updatedAt)
       VALUES (?, 'large-archive', 'Large archive', '', 'Plain.', '', '[]', 'Staff', 'land', 'news_brief', 0, 0, 'draft', ?, ?)`,
      [COUNT_ON_THREAD_ROWS + 1, at, at],
    );
    try {
      for (const qb of filters) expect(await countArticles(t.ds, qb)).toBe(await qb.getCount());
      expect(await countsOnTheApp()).toBe(false);
      expect(threads.running).toBe(1);
    } finally {
      await t.ds.query("DELETE FROM article WHERE id = ?", [COUNT_ON_THREAD_ROWS + 1]);
      // The next article's id where it was (the start-up audit below walks every id up to the highest).
      await t.ds.query("UPDATE sqlite_sequence SET seq = (SELECT MAX(id) FROM article) WHERE name = 'article'");
    }
  });

  test("a list's total is what its query counts through every kind of write (on SQLite from the article tally the triggers keep)", async () => {
    const sqlite = !process.env.DATABASE_URL;
    const filters: { category?: string; breaking?: boolean }[] = [{}, { category: "sea" }, { breaking: true }, { breaking: false }, { category: "air", breaking: true }];
    const counted = (f: { category?: string; breaking?: boolean }, now: Date) => {
      const qb = t.ds.getRepository(Article).createQueryBuilder("a").where("a.status = 'published'").andWhere("a.publishedAt <= :now", { now: toDbDate(now) });
      if (f.category) qb.andWhere("a.category = :category", { category: f.category });
      if (f.breaking !== undefined) qb.andWhere("a.isBreaking = :breaking", { breaking: f.breaking });
      return qb.getCount();
    };
    const tallied = async () => {
      const rows: { status: string; category: string; isBreaking: number; n: number }[] = await t.ds.query("SELECT status, category, isBreaking, n FROM article_tally WHERE n <> 0 ORDER BY 1, 2, 3");
      const truth: typeof rows = await t.ds.query("SELECT status, category, isBreaking, COUNT(*) AS n FROM article GROUP BY 1, 2, 3 ORDER BY 1, 2, 3");
      expect(rows.map((r) => ({ ...r, n: Number(r.n) }))).toEqual(truth.map((r) => ({ ...r, n: Number(r.n) })));
    };
    const check = async () => {
      const now = new Date();
      let fallbacks = 0;
      for (const f of filters) expect(await countPublished(t.ds, f, now, async () => (fallbacks++, counted(f, now)))).toBe(await counted(f, now));
      // SQLite answers from the tally, never by the fallback's count of the archive.
      expect(fallbacks).toBe(sqlite ? 0 : filters.length);
      if (sqlite) await tallied();
    };
    await check();
    // The app's writes: published, breaking, scheduled, draft; status, category and breaking changed; deleted.
    const a = (await t.api("POST", "/api/articles", { body: { title: "Tallied one", content: "x", category: "air", isBreaking: true }, cookie })).body;
    const b = (await t.api("POST", "/api/articles", { body: { title: "Tallied later", content: "x", category: "sea", publishedAt: new Date(Date.now() + 48 * HOUR).toISOString() }, cookie })).body;
    const c = (await t.api("POST", "/api/articles", { body: { title: "Tallied draft", content: "x", category: "sea", status: "draft" }, cookie })).body;
    await check();
    await t.api("PUT", `/api/articles/${a.id}`, { body: { category: "sea", isBreaking: false }, cookie });
    await t.api("PUT", `/api/articles/${c.id}`, { body: { status: "published" }, cookie });
    await check();
    await t.api("PUT", `/api/articles/${c.id}`, { body: { status: "archived" }, cookie });
    await t.api("DELETE", `/api/articles/${b.id}`, { cookie });
    await check();
    // Writes below the app (an import, a restore, another release): the triggers see them too, and a published row
    // without a publication time is counted by no list.
    const at = toDbDate(new Date());
    await t.ds.query(
      `INSERT INTO article (slug, title, excerpt, content, contentHtml, headings, author, category, contentTier, isBreaking, isPremium, status, createdAt, updatedAt)
       VALUES ('tallied-raw', 'Tallied raw', '', 'Plain.', '', '[]', 'Staff', 'air', 'news_brief', 1, 0, 'published', ?, ?)`,
      [at, at],
    );
    await check();
    await t.ds.query("UPDATE article SET publishedAt = ?, category = 'sea' WHERE slug = 'tallied-raw'", [at]);
    await check();
    await t.ds.query("DELETE FROM article WHERE slug = 'tallied-raw'");
    await t.api("DELETE", `/api/articles/${a.id}`, { cookie });
    await t.api("DELETE", `/api/articles/${c.id}`, { cookie });
    await check();
  });

  test("a cached total lives until the next scheduled article goes live, and COUNT_CACHE_MAX_AGE_MS at most", async () => {
    const cache = new PublishedCountCache(t.ds);
    const now = new Date();
    let counted = 0;
    const count = async () => ++counted;
    expect(await cache.get("k", now, count)).toBe(1);
    expect(await cache.get("k", new Date(now.getTime() + 1000), count)).toBe(1);
    expect(await cache.get("k", new Date(now.getTime() + COUNT_CACHE_MAX_AGE_MS), count)).toBe(2);
    // A scheduled article 30 s ahead bounds the next cached total's life to its publication time.
    const at = new Date(now.getTime() + COUNT_CACHE_MAX_AGE_MS + 30_000);
    const scheduled = await createArticle(t.services, { publishedAt: at.toISOString() });
    cache.clear();
    const base = new Date(now.getTime() + COUNT_CACHE_MAX_AGE_MS + 1000);
    expect(await cache.get("k", base, count)).toBe(3);
    expect(await cache.get("k", new Date(at.getTime() - 1), count)).toBe(3);
    expect(await cache.get("k", at, count)).toBe(4);
    // clear() drops every key.
    cache.clear();
    expect(await cache.get("k", at, count)).toBe(5);
    await t.services.articles.delete(scheduled.id);
  });
});

describe("start-up SEO audit", () => {
  test("audits the articles without an audit, range by range of ids", async () => {
    const made = [];
    for (let i = 0; i < 5; i++) made.push(await createArticle(t.services));
    const audits = t.ds.getRepository(ArticleSeoAudit);
    for (const a of made) await audits.delete({ articleId: a.id });
    const done = await t.services.seoAudit.auditMissing({ range: 3, slice: 2 });
    expect(done).toBe(5);
    for (const a of made) expect(await audits.countBy({ articleId: a.id })).toBe(1);
    expect(await t.services.seoAudit.auditMissing({ range: 3, slice: 2 })).toBe(0);
  });

  test("where every article has its audit, it reads keys only: no article's text, one query per range of ids", async () => {
    for (let i = 0; i < 4; i++) await createArticle(t.services);
    const last = await maxArticleId(t.ds);
    const range = 3;
    const queries = await selectsDuring(async () => expect(await t.services.seoAudit.auditMissing({ range })).toBe(0));
    const onArticles = queries.filter((q) => /\bFROM\s+["`]?article["`]?\s/i.test(q.sql));
    // MAX(id), then one query per range: at 100,000 articles a boot reads 10 ranges of keys, not 100,000 rows.
    expect(onArticles).toHaveLength(1 + Math.ceil(last / range));
    for (const q of onArticles) expect(q.sql).not.toMatch(/contentHtml|title|excerpt/);
    if (!process.env.DATABASE_URL) {
      const ranged = onArticles.at(-1)!;
      const plan: { detail: string }[] = await t.ds.query(`EXPLAIN QUERY PLAN ${ranged.sql}`, ranged.params);
      // The ids come from a covering index: the articles' rows (a page each, with their bodies) are not read.
      expect(plan.map((p) => p.detail).join(" | ")).toMatch(/^SEARCH a USING COVERING INDEX .* \| SEARCH s USING INTEGER PRIMARY KEY/);
    }
  });

  test("stops when its signal is aborted (shutdown)", async () => {
    const a = await createArticle(t.services);
    await t.ds.getRepository(ArticleSeoAudit).delete({ articleId: a.id });
    const abort = new AbortController();
    abort.abort();
    expect(await t.services.seoAudit.auditMissing({ signal: abort.signal })).toBe(0);
    expect(await t.ds.getRepository(ArticleSeoAudit).countBy({ articleId: a.id })).toBe(0);
    expect(await t.services.seoAudit.auditMissing()).toBeGreaterThanOrEqual(1);
  });
});

(process.env.DATABASE_URL ? describe.skip : describe)("query plans (SQLite)", () => {
  test("no reader query walks the article table: each uses an index, the primary key or the FTS index", async () => {
    for (let i = 0; i < 30; i++) await createArticle(t.services, { category: i % 2 ? "sea" : "air", isBreaking: i % 5 === 0, publishedAt: ago(i * HOUR) });
    const a = t.services.articles;
    const page = await a.listPublishedCards({ category: "sea", limit: 3, offset: 0 });
    const [one] = (await a.listPublishedCards({ limit: 1, offset: 0 })).items;
    const queries = await selectsDuring(async () => {
      await a.homePage();
      await a.listPublished({ limit: 100, offset: 0 });
      await a.listPublishedCards({ category: "sea", limit: 12, offset: 0 });
      await a.listPublishedCards({ breaking: "true", limit: 12, offset: 0 });
      await a.listPublishedCards({ category: "sea", limit: 3, offset: 0, cursor: page.nextCursor! });
      await a.findPublishedBySlug(one.slug);
      await a.findPublishedById(one.id);
      await a.listPublishedCards({ q: "article", limit: 12, offset: 0 });
      await a.listPublishedCards({ q: "article", category: "sea", limit: 12, offset: 0 });
      await buildRss(t.services);
      await buildRss(t.services, "sea");
      await buildSitemapIndex(t.services);
      await buildPagesSitemap(t.services);
      await buildArticleSitemap(t.services, 1);
      await buildNewsSitemap(t.services);
    });
    const onArticles = queries.filter((q) => /\bFROM\s+"?article(_fts)?"?\s/i.test(q.sql));
    expect(onArticles.length).toBeGreaterThan(15);
    for (const q of onArticles) {
      const plan: { detail: string }[] = await t.ds.query(`EXPLAIN QUERY PLAN ${q.sql}`, q.params);
      const details = plan.map((p) => p.detail);
      // "SCAN a" alone would read every article; a covering-index or FTS scan, or a search by key, is fine.
      expect({ sql: q.sql, details: details.filter((d) => /^SCAN (a|article)\b(?! USING (COVERING )?INDEX)/.test(d)) }).toEqual({ sql: q.sql, details: [] });
      expect({ sql: q.sql, temp: details.filter((d) => /TEMP B-TREE/.test(d)) }).toEqual({ sql: q.sql, temp: [] });
      // A category filter uses the category index (another index would walk every recent article of other categories).
      if (/"a"\."category" = \?/.test(q.sql) && !/article_fts/.test(q.sql)) expect(details.join()).toMatch(/IDX_article_category_status_published/);
    }
  });
});

test("Article entity keeps the FULLTEXT index names the migration creates (so schema sync never drops them)", async () => {
  const { FULLTEXT_INDEXES } = await import("../../../src/migrations/1764000000800-ArticleSearch.js");
  const names = t.ds.getMetadata(Article).indices.map((i) => i.name);
  for (const name of Object.keys(FULLTEXT_INDEXES)) expect(names).toContain(name);
});
