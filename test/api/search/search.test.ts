// Full-text search (GET /api/articles?q=, GET /api/article-cards?q=) on the database under test:
// SQLite FTS5, or on MariaDB the engine the server offers (Mroonga, else InnoDB FULLTEXT; test/api/search/engines.test.ts
// runs the core of it on each engine). Ranking, prefix, phrases, short
// queries, unicode, apostrophes, hyphens, words the InnoDB index skips, hostile input, and an
// index that follows every create, edit and delete.
import { fts5Expression, groongaQuery, innodbExpressions, parseSearchQuery } from "../../../src/repositories/articleSearch.js";
import { createTestApp, type TestApp } from "../../helpers/testApp.js";

let t: TestApp;
let cookie: string;
const HOUR = 3_600_000;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();
// Letters only, so each run's words are its own whatever the tokeniser.
const word = () => `q${Math.random().toString(36).replace(/[^a-z]/g, "").slice(0, 8)}x`;

beforeAll(async () => {
  t = await createTestApp();
  cookie = await t.login();
});
afterAll(() => t.close());

async function create(body: Record<string, unknown>) {
  const res = await t.api("POST", "/api/articles", { body: { category: "land", content: "Text.", ...body }, cookie });
  if (res.status !== 201) throw new Error(`create failed: ${res.status} ${res.text}`);
  return res.body as { id: number; title: string; slug: string };
}
const search = async (q: string, extra = "") => {
  const res = await t.api("GET", `/api/article-cards?q=${encodeURIComponent(q)}${extra}`);
  expect(res.status).toBe(200);
  return { titles: (res.body as { title: string }[]).map((a) => a.title), ids: (res.body as { id: number }[]).map((a) => a.id), total: Number(res.headers.get("x-total-count")) };
};

test("ranking: a title match comes before an excerpt match, which comes before a body-only match, whatever their age", async () => {
  const w = word();
  const body = await create({ title: "Body only", content: `Long report. The ${w} appears here only.`, excerpt: "A summary without it.", publishedAt: ago(HOUR) });
  const excerpt = await create({ title: "Excerpt only", content: "Nothing here.", excerpt: `Summary naming ${w}.`, publishedAt: ago(2 * HOUR) });
  const title = await create({ title: `The ${w} in the title`, content: "Plain text.", excerpt: "Plain summary.", publishedAt: ago(3 * HOUR) });
  const res = await search(w);
  expect(res.ids).toEqual([title.id, excerpt.id, body.id]);
  expect(res.total).toBe(3);
  // The same order through /api/articles, with bodies.
  const full = await t.api("GET", `/api/articles?q=${w}`);
  expect(full.body.map((a: { id: number }) => a.id)).toEqual([title.id, excerpt.id, body.id]);
  expect(full.body[0].content).toBe("Plain text.");
  expect(full.headers.get("x-total-count")).toBe("3");
});

test("ranking with a phrase or several words: title above excerpt above body, whatever their age; equal matches newest first", async () => {
  const w = word();
  const phrase = `"${w} fleet"`;
  const body = await create({ title: "Body only", content: `Long report on the ${w} fleet at sea.`, excerpt: "A summary without it.", publishedAt: ago(HOUR) });
  const excerpt = await create({ title: "Excerpt only", content: "Nothing here.", excerpt: `Summary naming the ${w} fleet.`, publishedAt: ago(2 * HOUR) });
  const title = await create({ title: `The ${w} fleet in the title`, content: "Plain text.", excerpt: "Plain summary.", publishedAt: ago(3 * HOUR) });
  const olderTitle = await create({ title: `${w} Fleet, an older title`, content: "Plain text.", excerpt: "Plain summary.", publishedAt: ago(4 * HOUR) });
  // Apart, the words are no phrase: not found.
  await create({ title: `${w} and a fleet`, content: `The fleet and the ${w}.`, excerpt: "Plain.", publishedAt: ago(HOUR / 2) });
  expect((await search(phrase)).ids).toEqual([title.id, olderTitle.id, excerpt.id, body.id]);
  // A hyphenated word is a phrase too, and the last word of a query still matches as a prefix.
  const hyphen = await create({ title: `Counter-${w} systems`, content: "Plain text.", excerpt: "Plain.", publishedAt: ago(5 * HOUR) });
  const inBody = await create({ title: "Elsewhere", content: `New counter-${w} systems tested.`, excerpt: "Plain.", publishedAt: ago(HOUR / 4) });
  expect((await search(`counter-${w} syst`)).ids).toEqual([hyphen.id, inBody.id]);
  // Several words are ranked the same way: each word counts for the best column it is in.
  const v = word();
  const bodyOnly = await create({ title: "Plain", content: `${v} alpha bravo`, excerpt: "Plain.", publishedAt: ago(HOUR) });
  const mixed = await create({ title: `${v} report`, content: "alpha bravo", excerpt: "Plain.", publishedAt: ago(2 * HOUR) });
  const allInTitle = await create({ title: `${v} alpha bravo`, content: "Plain.", excerpt: "Plain.", publishedAt: ago(3 * HOUR) });
  // (InnoDB weighs the columns that hold any of the words: the two title matches may come in either order.)
  const ranked = (await search(`${v} alpha bravo`)).ids;
  expect([ranked.slice(0, 2).sort(), ranked[2]]).toEqual([[allInTitle.id, mixed.id].sort(), bodyOnly.id]);
});

test("equal relevance: newest first", async () => {
  const w = word();
  const older = await create({ title: `Alpha ${w}`, content: "x", excerpt: "y", publishedAt: ago(5 * HOUR) });
  const newer = await create({ title: `Bravo ${w}`, content: "x", excerpt: "y", publishedAt: ago(4 * HOUR) });
  expect((await search(w)).ids).toEqual([newer.id, older.id]);
});

test("every word must match; the last word matches as a prefix, the others as whole words", async () => {
  const w = word();
  const a = await create({ title: `Hypersonic ${w} tested`, content: "Glide vehicle." });
  expect((await search(`${w} hyperso`)).ids).toEqual([a.id]);
  expect((await search(`${w} HYPERSONIC`)).ids).toEqual([a.id]);
  expect((await search(`hyperso ${w}`)).ids).toEqual([]);
  expect((await search(`${w} glide`)).ids).toEqual([a.id]);
  expect((await search(`${w} submarine`)).ids).toEqual([]);
  expect((await search(w.slice(0, -2))).ids).toContain(a.id);
});

test('"quoted phrases" match as phrases', async () => {
  const w = word();
  const together = await create({ title: `Fleet ${w}`, content: "The red fleet sailed at dawn." });
  const apart = await create({ title: `Fleet ${w} again`, content: "The fleet, painted red, sailed." });
  expect((await search(`${w} "red fleet"`)).ids).toEqual([together.id]);
  expect((await search(`${w} red fleet`)).ids.sort()).toEqual([together.id, apart.id].sort());
  // An unclosed quote is a phrase up to the end.
  expect((await search(`${w} "red fleet`)).ids).toEqual([together.id]);
});

test("a query under 2 characters (after trimming) answers nothing, with a total of 0", async () => {
  await create({ title: "A plain x article", content: "a b c x" });
  for (const q of [" ", "a", " x ", "\t\n", "*", "é"]) {
    for (const path of ["/api/articles", "/api/article-cards"]) {
      const res = await t.api("GET", `${path}?q=${encodeURIComponent(q)}`);
      expect(res.status).toBe(200);
      expect(res.body).toEqual([]);
      expect(res.headers.get("x-total-count")).toBe("0");
    }
  }
});

test("unicode: accents and non-Latin place names, case-insensitive", async () => {
  const w = word();
  const zurich = await create({ title: `Talks in Zürich ${w}`, content: "Neutral ground." });
  const kyiv = await create({ title: `Air defence over Kyiv ${w}`, content: "Київ under fire." });
  expect((await search(`Zürich ${w}`)).ids).toEqual([zurich.id]);
  expect((await search(`ZÜRICH ${w}`)).ids).toEqual([zurich.id]);
  expect((await search(`zurich ${w}`)).ids).toEqual([zurich.id]);
  expect((await search(`Kyiv ${w}`)).ids).toEqual([kyiv.id]);
  expect((await search(`Київ ${w}`)).ids).toEqual([kyiv.id]);
});

test("emoji and other symbols that are content are found by substring", async () => {
  const w = word();
  const rocket = await create({ title: `Launch day 🚀 ${w}`, content: "Liftoff." });
  expect((await search(`🚀 ${w}`)).ids).toEqual([rocket.id]);
  expect((await search("🚀")).ids).toContain(rocket.id);
  expect((await search(`🛰️ ${w}`)).ids).toEqual([]);
});

test("apostrophes and hyphens: O'Brien, F-35, anti-ship", async () => {
  const w = word();
  const obrien = await create({ title: `General O'Brien speaks ${w}`, content: "Briefing." });
  const f35 = await create({ title: `F-35 deliveries resume ${w}`, content: "Lots of jets." });
  const f16 = await create({ title: `F-16 upgrade ${w}`, content: "Older jets, 35 of them." });
  const antiShip = await create({ title: `New anti-ship missile ${w}`, content: "Range classified." });
  expect((await search(`O'Brien ${w}`)).ids).toEqual([obrien.id]);
  expect((await search(`o'brien ${w}`)).ids).toEqual([obrien.id]);
  expect((await search(`F-35 ${w}`)).ids).toEqual([f35.id]);
  expect((await search(`f-16 ${w}`)).ids).toEqual([f16.id]);
  expect((await search(`anti-ship ${w}`)).ids).toEqual([antiShip.id]);
  // A hyphenated word as the only term (both parts shorter than InnoDB's 3 letters).
  expect((await search("F-35")).ids).toContain(f35.id);
  expect((await search("F-35")).ids).not.toContain(f16.id);
});

test("short words and stopwords (which InnoDB does not index) are still found", async () => {
  const w = word();
  const who = await create({ title: `WHO chief warns ${w}`, content: "Health." });
  const ai = await create({ title: `AI drones ${w}`, content: "Autonomy." });
  const us = await create({ title: `Carrier deployment ${w}`, content: "The US Navy sent a carrier." });
  expect((await search(`WHO chief ${w}`)).ids).toEqual([who.id]);
  expect((await search(`${w} AI`)).ids).toEqual([ai.id]);
  expect((await search(`us ${w}`)).ids).toEqual([us.id]);
  expect((await search("AI drones")).ids).toContain(ai.id);
});

test("search syntax in the query is never interpreted: 200 with a list, never a 500", async () => {
  const w = word();
  const near = await create({ title: `Near the border ${w}`, content: "NEAR and OR and NOT are words here." });
  const hostile = [
    '"', '""', '"""', "*", "**", "-", "--", "+", "++", "(", ")", "()", "NEAR", "NEAR(a b)", "NEAR(", "a NEAR/2 b", "$", "$$", "^", "@", "~", "<>", "><",
    "title:foo", "content:", "{title}:x", "a OR b", "a AND", "NOT x", "AND", "OR", "-foo", "+foo +bar", "foo*", "*foo", "a*b", "'", "''", "\\", "%", "_", "%_%",
    "'; DROP TABLE article; --", '" OR 1=1 --', "x' OR '1'='1", "\u0000", "😀😀", "ß", "İ", "a".repeat(200),
  ];
  for (const q of hostile) {
    for (const path of ["/api/articles", "/api/article-cards"]) {
      const res = await t.api("GET", `${path}?q=${encodeURIComponent(q)}`);
      expect({ q, status: res.status }).toEqual({ q, status: 200 });
      expect(Array.isArray(res.body)).toBe(true);
    }
  }
  // Operators are plain words: NEAR, OR and NOT find the article that uses them.
  for (const q of [`NEAR ${w}`, `${w} OR`, `${w} NOT`, `-${w}`, `+${w}`, `(${w})`, `${w}*`, `"${w}"`, `$${w}$`]) {
    expect({ q, ids: (await search(q)).ids }).toEqual({ q, ids: [near.id] });
  }
  // The table is still there.
  expect((await t.api("GET", "/api/articles?limit=1")).status).toBe(200);
  // Over 200 characters is a 400, as before.
  expect((await t.api("GET", `/api/articles?q=${"a".repeat(201)}`)).status).toBe(400);
});

test("only published articles whose time has come; category and breaking filters combine", async () => {
  const w = word();
  const land = await create({ title: `Visible ${w}`, category: "land" });
  const sea = await create({ title: `Visible sea ${w}`, category: "sea", isBreaking: true });
  await create({ title: `Draft ${w}`, status: "draft" });
  await create({ title: `Archived ${w}`, status: "archived" });
  await create({ title: `Scheduled ${w}`, publishedAt: new Date(Date.now() + HOUR).toISOString() });
  expect((await search(w)).ids.sort()).toEqual([land.id, sea.id].sort());
  expect((await search(w)).total).toBe(2);
  expect((await search(w, "&category=sea")).ids).toEqual([sea.id]);
  expect((await search(w, "&category=sea")).total).toBe(1);
  expect((await search(w, "&breaking=false")).ids).toEqual([land.id]);
  expect((await search(w, "&category=nowhere")).ids).toEqual([]);
  // The category's name is searched as a word too.
  expect((await search(`sea ${w}`)).ids).toEqual([sea.id]);
  const politics = await create({ title: `Budget vote ${w}`, category: "politics" });
  expect((await search(`politics ${w}`)).ids).toEqual([politics.id]);
});

test("limit and offset page the ranked results; X-Total-Count counts them all; cursor is refused with q", async () => {
  const w = word();
  const ids = [];
  for (let i = 0; i < 5; i++) ids.unshift((await create({ title: `Item ${i} ${w}`, publishedAt: ago((10 - i) * HOUR) })).id);
  const page = await search(w, "&limit=2&offset=1");
  expect(page.ids).toEqual(ids.slice(1, 3));
  expect(page.total).toBe(5);
  expect((await search(w, "&offset=10")).ids).toEqual([]);
  const res = await t.api("GET", `/api/articles?q=${w}&cursor=MTIzLjQ`);
  expect(res.status).toBe(400);
  expect(res.body.message).toBeTruthy();
});

test("the index follows create, edit and delete", async () => {
  const before = word();
  const after = word();
  const a = await create({ title: `Original ${before}`, content: "Plain body." });
  expect((await search(before)).ids).toEqual([a.id]);
  // Edit the title: the old word is gone, the new one found.
  expect((await t.api("PUT", `/api/articles/${a.id}`, { body: { title: `Renamed ${after}` }, cookie })).status).toBe(200);
  expect((await search(before)).ids).toEqual([]);
  expect((await search(after)).ids).toEqual([a.id]);
  // Edit the body and the excerpt.
  const inBody = word();
  const inExcerpt = word();
  await t.api("PUT", `/api/articles/${a.id}`, { body: { content: `Now the body says ${inBody}.`, excerpt: `And the excerpt ${inExcerpt}.` }, cookie });
  expect((await search(inBody)).ids).toEqual([a.id]);
  expect((await search(inExcerpt)).ids).toEqual([a.id]);
  // Unpublishing hides it; publishing again shows it.
  await t.api("PUT", `/api/articles/${a.id}`, { body: { status: "draft" }, cookie });
  expect((await search(after)).ids).toEqual([]);
  await t.api("PUT", `/api/articles/${a.id}`, { body: { status: "published" }, cookie });
  expect((await search(after)).ids).toEqual([a.id]);
  // Delete.
  expect((await t.api("DELETE", `/api/articles/${a.id}`, { cookie })).status).toBe(200);
  expect((await search(after)).ids).toEqual([]);
  expect((await search(inBody)).total).toBe(0);
});

test("the web search page answers results for a query and none for a 1-character one", async () => {
  const w = word();
  await create({ title: `Search page finds ${w}`, content: "x" });
  const cards = await (await t.caller()).articles.cards({ q: w, limit: 12, offset: 0 });
  expect(cards.map((c) => c.title)).toEqual([`Search page finds ${w}`]);
  expect(await (await t.caller()).articles.cards({ q: "x", limit: 12, offset: 0 })).toEqual([]);
});

describe("query building (pure)", () => {
  test("terms keep only letters and digits, quoted; the last bare word is a prefix", () => {
    expect(fts5Expression(parseSearchQuery(`F-35 "red fleet" o'brien NEAR(x) *`))).toBe(`"f 35" "red fleet" "o brien" "near x"`);
    expect(fts5Expression(parseSearchQuery("radar hyperso"))).toBe(`"radar" "hyperso"*`);
    expect(fts5Expression(parseSearchQuery('"hyperso"'))).toBe(`"hyperso"`);
    expect(parseSearchQuery("a")).toEqual([]);
    expect(parseSearchQuery('" * - + ( $')).toEqual([]);
  });

  test("InnoDB: indexable words are required, the rest checked by substring", () => {
    expect(innodbExpressions(parseSearchQuery("WHO chief hyperso"))).toEqual({ required: "+chief +hyperso*", any: "chief hyperso*", substring: ["who"] });
    expect(innodbExpressions(parseSearchQuery('"red fleet" F-35'))).toEqual({ required: '+"red fleet"', any: '"red fleet"', substring: ["f-35"] });
    expect(innodbExpressions(parseSearchQuery("anti-ship"))).toEqual({ required: '+"anti ship"', any: '"anti ship"', substring: [] });
  });

  test("Mroonga: every term quoted (no word is an operator), the last bare word also a prefix", () => {
    expect(groongaQuery(parseSearchQuery(`F-35 "red fleet" OR o'brien hyperso`))).toBe(`"f 35" "red fleet" "or" "o brien" ("hyperso" OR hyperso*)`);
    expect(groongaQuery(parseSearchQuery(`⚓ z9`))).toBe(`("z9" OR z9*)`);
  });
});
