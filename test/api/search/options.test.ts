// The reader's search options and the search page's answer, on the database under test: sort (relevance, newest),
// category and date filters (REST lists and GET /api/search), highlighted snippets from readable text only, the
// count ("about …" past the ranked candidates), pages, "Did you mean …", the header's suggestions, and bad input.
import { Article } from "../../../src/entities/Article.js";
import { SEARCH_MAX_CANDIDATES } from "../../../src/repositories/articleSearch.js";
import { createArticle } from "../../helpers/factories.js";
import { statementsDuring } from "../../helpers/statements.js";
import { createTestApp, type TestApp } from "../../helpers/testApp.js";

let t: TestApp;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();
// Letters only, so each run's words are its own whatever the tokeniser.
const word = () => `q${Math.random().toString(36).replace(/[^a-z]/g, "").slice(0, 8)}x`;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const ids = (body: { id: number }[]) => body.map((a) => a.id);
async function get(url: string) {
  const res = await t.api("GET", url);
  expect([url, res.status]).toEqual([url, 200]);
  return res;
}
const page = async (params: Record<string, string>) => (await get(`/api/search?${new URLSearchParams(params)}`)).body;

test("sort: relevance puts the title match first; newest puts the newest first; the same on every door", async () => {
  const w = word();
  const inTitle = await createArticle(t.services, { title: `The ${w} report`, excerpt: "Plain.", content: "Plain.", publishedAt: ago(3 * DAY) });
  const inBody = await createArticle(t.services, { title: "Elsewhere", excerpt: "Plain.", content: `Text naming ${w}.`, publishedAt: ago(HOUR) });
  expect(ids((await get(`/api/articles?q=${w}`)).body)).toEqual([inTitle.id, inBody.id]);
  expect(ids((await get(`/api/articles?q=${w}&sort=relevance`)).body)).toEqual([inTitle.id, inBody.id]);
  expect(ids((await get(`/api/articles?q=${w}&sort=newest`)).body)).toEqual([inBody.id, inTitle.id]);
  expect(ids((await get(`/api/article-cards?q=${w}&sort=newest`)).body)).toEqual([inBody.id, inTitle.id]);
  const input = encodeURIComponent(JSON.stringify({ q: w, sort: "newest" }));
  expect(ids((await get(`/api/trpc/articles.cards?input=${input}`)).body.result.data)).toEqual([inBody.id, inTitle.id]);
  expect(ids((await page({ q: w, sort: "newest" })).items)).toEqual([inBody.id, inTitle.id]);
  expect(ids((await page({ q: w })).items)).toEqual([inTitle.id, inBody.id]);
});

test("filters: category, from/to (days of the site's zone or instants) and the page's past day/week/month/year", async () => {
  const w = word();
  const fresh = await createArticle(t.services, { title: `${w} fresh`, category: "sea", publishedAt: ago(2 * HOUR) });
  const week = await createArticle(t.services, { title: `${w} this week`, category: "air", publishedAt: ago(3 * DAY) });
  const old = await createArticle(t.services, { title: `${w} last year`, category: "sea", publishedAt: ago(200 * DAY) });
  const list = async (extra: string) => ids((await get(`/api/article-cards?q=${w}&sort=newest${extra}`)).body);
  expect(await list("")).toEqual([fresh.id, week.id, old.id]);
  expect(await list("&category=sea")).toEqual([fresh.id, old.id]);
  expect(await list(`&from=${ago(5 * DAY)}`)).toEqual([fresh.id, week.id]);
  expect(await list(`&to=${ago(DAY)}`)).toEqual([week.id, old.id]);
  const day = (iso: string) => iso.slice(0, 10);
  // Whole days: from the start of `from` to the end of `to` (UTC here).
  expect(await list(`&from=${day(ago(3 * DAY))}&to=${day(ago(3 * DAY))}`)).toEqual([week.id]);
  expect(await list(`&category=sea&from=${day(ago(DAY))}`)).toEqual([fresh.id]);
  // Without q the list takes the dates too.
  expect(ids((await get(`/api/article-cards?category=air&from=${day(ago(3 * DAY))}&to=${day(ago(3 * DAY))}`)).body)).toContain(week.id);
  // The page: ranges counted back from now, and custom dates.
  const onPage = async (params: Record<string, string>) => ids((await page({ q: w, sort: "newest", ...params })).items);
  expect(await onPage({ range: "day" })).toEqual([fresh.id]);
  expect(await onPage({ range: "week" })).toEqual([fresh.id, week.id]);
  expect(await onPage({ range: "month" })).toEqual([fresh.id, week.id]);
  expect(await onPage({ range: "year" })).toEqual([fresh.id, week.id, old.id]);
  expect(await onPage({ range: "custom", from: day(ago(300 * DAY)), to: day(ago(100 * DAY)) })).toEqual([old.id]);
  expect(await onPage({ category: "air" })).toEqual([week.id]);
  // A plain form sends empty fields: they count as absent.
  expect(await onPage({ category: "", range: "", from: "", to: "", sort: "" })).toEqual([fresh.id, week.id, old.id]);
  expect((await page({ q: w, category: "nope" })).items).toEqual([]);
});

test("bad options are a 400 naming the field and change nothing", async () => {
  for (const url of [
    "/api/articles?q=drone&sort=oldest",
    "/api/articles?q=drone&from=yesterday",
    "/api/articles?q=drone&from=2026-13-45",
    "/api/articles?q=drone&from=2026-05-02&to=2026-05-01",
    "/api/search?q=drone&range=decade",
    "/api/search?q=drone&page=0",
    "/api/search?q=drone&page=abc",
    "/api/search",
  ]) {
    const res = await t.api("GET", url);
    expect([url, res.status]).toEqual([url, 400]);
    expect(typeof res.body.message).toBe("string");
  }
});

test("snippets: matched words in <mark>, everything else escaped; markup and $-patterns in bodies and queries stay text", async () => {
  const w = word();
  const body = `Intro.\n\n<img src=x onerror=alert(1)> The ${w} crossed the river $& $' $\` and <b>bold</b> [a link](https://x.example) **strong** ${w}.`;
  const a = await createArticle(t.services, { title: "Snippet test", excerpt: "A summary without the word.", content: body });
  const hostile = `${w} <img src=x onerror=alert(1)> $&`;
  const [item] = (await page({ q: hostile })).items.filter((i: { id: number }) => i.id === a.id);
  // The body's tags are dropped as markdown renders them; its text and "$" patterns are copied as they are.
  expect(item.snippet).toBe(`Intro. The <mark>${w}</mark> crossed the river $&amp; $&#39; $ and bold a link strong <mark>${w}</mark>.`);
  // Nothing but <mark> is markup.
  expect(item.snippet.replace(/<\/?mark>/g, "")).not.toMatch(/[<>]/);
  // An excerpt is text: its markup is escaped; the last word of the query is marked as a prefix.
  const b = await createArticle(t.services, { title: "Excerpt snippet", excerpt: `Summary <b>about</b> ${w}s & $& more.`, content: "Plain." });
  const [fromExcerpt] = (await page({ q: w.slice(0, 5) })).items.filter((i: { id: number }) => i.id === b.id);
  expect(fromExcerpt.snippet).toBe(`Summary &lt;b&gt;about&lt;/b&gt; <mark>${w}s</mark> &amp; $&amp; more.`);
});

test("snippets keep the paywall: a non-member's snippet never shows the members-only part; a member's may", async () => {
  const free = word();
  const gated = word();
  const content = `Free paragraph naming ${free}.\n\nSecond free paragraph.\n\n## Members\n\nThe gated part names ${free} and ${gated} together.`;
  const a = await createArticle(t.services, { title: "Premium snippet", excerpt: "A summary.", content, isPremium: true });
  const anonymous = (await page({ q: free })).items.find((i: { id: number }) => i.id === a.id);
  expect(anonymous.snippet).toContain(`<mark>${free}</mark>`);
  expect(anonymous.snippet).not.toContain(gated);
  expect(anonymous.snippet).not.toContain("gated part");
  expect((await page({ q: gated })).items.map((i: { id: number }) => i.id)).not.toContain(a.id);
  // The administrator reads premium bodies: the gated word is found and shown.
  const cookie = await t.login();
  const res = await t.api("GET", `/api/search?q=${gated}`, { cookie });
  expect(res.headers.get("cache-control")).toContain("private");
  expect(res.body.items.find((i: { id: number }) => i.id === a.id).snippet).toContain(`<mark>${gated}</mark>`);
});

test("count and pages: exact under the ranked candidates, pages of 20", async () => {
  const w = word();
  for (let i = 0; i < 23; i++) await createArticle(t.services, { title: `${w} number ${i}`, publishedAt: ago((i + 1) * HOUR) });
  const first = await page({ q: w });
  expect([first.total, first.approximate, first.pages, first.page, first.items.length]).toEqual([23, false, 2, 1, 20]);
  const second = await page({ q: w, page: "2" });
  expect([second.page, second.items.length]).toEqual([2, 3]);
  expect(new Set([...ids(first.items), ...ids(second.items)]).size).toBe(23);
  expect((await page({ q: w, page: "3" })).items).toEqual([]);
});

test("count past the ranked candidates: about as many as the newest matches' span of ids gives, the highest id read with the cards; scheduled matches left out as their number grows", async () => {
  const w = word();
  const n = SEARCH_MAX_CANDIDATES + 40;
  const rows = Array.from({ length: n }, (_, i) => ({
    slug: `${w}-${i}`, title: `${w} piece ${i}`, excerpt: "Excerpt", content: "Body", contentHtml: "<p>Body</p>", headings: "[]", author: "Staff",
    category: "sea", contentTier: "news_brief", status: "published", publishedAt: new Date(Date.now() - (n - i) * 60_000),
  }));
  for (let i = 0; i < n; i += 250) await t.ds.getRepository(Article).insert(rows.slice(i, i + 250));
  let first: { total: number; approximate: boolean; pages: number } | undefined;
  const sent = (await statementsDuring(t.ds, async () => (first = await page({ q: w })))).map((q) => q.sql);
  const [{ top }] = await t.ds.query("SELECT MAX(id) AS top FROM article");
  // The 500 newest of the matches span 500 ids at the top of the archive: "about" the archive's size.
  const oldest = Number(top) - SEARCH_MAX_CANDIDATES + 1;
  const about = (SEARCH_MAX_CANDIDATES * Number(top)) / (Number(top) - oldest + 1);
  const unit = 10 ** Math.max(0, Math.floor(Math.log10(about)) - 1);
  expect([first!.total, first!.approximate, first!.pages]).toEqual([Math.max(n, Math.round(about / unit) * unit), true, SEARCH_MAX_CANDIDATES / 20]);
  expect(sent.filter((sql) => /^SELECT MAX\(id\) AS id FROM article$/.test(sql.trim()))).toEqual([]);
  // Past the last page: no cards, the same estimate.
  expect((await page({ q: w, page: "40" })).total).toBe(first!.total);
  // Scheduled matches (newer than any published one) are read past, however many appeared since the last search.
  for (let i = 0; i < 3; i++) await createArticle(t.services, { title: `${w} scheduled ${i}`, publishedAt: new Date(Date.now() + (i + 1) * 86_400_000).toISOString() });
  const last = await page({ q: w, page: String(SEARCH_MAX_CANDIDATES / 20), sort: "newest" });
  expect(last.items.map((i: { title: string }) => i.title)).toEqual(Array.from({ length: 20 }, (_, i) => `${w} piece ${n - SEARCH_MAX_CANDIDATES + 19 - i}`));
});

test("did you mean: a query with no results gets the close word of the archive's titles and excerpts, if it finds something", async () => {
  const w = word();
  const known = `${w}tanker`;
  await createArticle(t.services, { title: `The ${known} fleet`, excerpt: `Why the ${known} matters.` });
  await createArticle(t.services, { title: `Another ${known}`, excerpt: "Plain." });
  const typo = `${w}tankre`;
  const answer = await page({ q: `${typo} fleet` });
  expect(answer.items).toEqual([]);
  expect(answer.didYouMean).toBe(`${known} fleet`);
  // Nothing close: no suggestion; a query with results: none either.
  expect((await page({ q: "zzqxvw" })).didYouMean).toBeNull();
  expect((await page({ q: known })).didYouMean).toBeNull();
  // Words of a members-only part are not in the vocabulary.
  const secret = `${w}secretword`;
  await createArticle(t.services, { title: "Premium one", excerpt: "A summary.", content: `Free.\n\nFree two.\n\n## M\n\n${secret} ${secret}`, isPremium: true });
  await createArticle(t.services, { title: "Premium two", excerpt: "A summary.", content: `Free.\n\nFree two.\n\n## M\n\n${secret}`, isPremium: true });
  expect((await page({ q: `${w}secretwerd` })).didYouMean).toBeNull();
});

test("suggestions: titles with a word starting with each typed word, newest first, at most 8, from 2 characters", async () => {
  const w = word();
  for (let i = 0; i < 10; i++) await createArticle(t.services, { title: `${w} convoy ${i}`, publishedAt: ago((i + 1) * HOUR) });
  await createArticle(t.services, { title: `Scheduled ${w} convoy`, publishedAt: new Date(Date.now() + DAY).toISOString() });
  await createArticle(t.services, { title: `Draft ${w} convoy`, status: "draft" });
  const suggest = async (q: string) => (await get(`/api/search/suggest?q=${encodeURIComponent(q)}`)).body as { title: string; slug: string }[];
  const found = await suggest(`${w.slice(0, 4)} conv`);
  expect(found.map((s) => s.title)).toEqual(Array.from({ length: 8 }, (_, i) => `${w} convoy ${i}`));
  expect(Object.keys(found[0]).sort()).toEqual(["slug", "title"]);
  expect(await suggest("q")).toEqual([]);
  expect(await suggest(`${w} zzz`)).toEqual([]);
  // A new article is suggested at once (the window follows changes).
  await createArticle(t.services, { title: `${w} newest convoy` });
  expect((await suggest(w))[0].title).toBe(`${w} newest convoy`);
  const res = await get(`/api/search/suggest?q=${w}`);
  expect(res.headers.get("cache-control")).toContain("public");
  const trpc = await get(`/api/trpc/search.suggest?input=${encodeURIComponent(JSON.stringify({ q: w }))}`);
  expect(trpc.body.result.data[0].title).toBe(`${w} newest convoy`);
});
