// buildSnippet's shortcuts for plain-ASCII text (one case-insensitive search for where a query word starts, the body
// cut around its first mention) give what reading every word gives: whole words only, the last word as a prefix, and
// a folded mention ("Zürich" for "zurich") before an ASCII one still found first.
import { parseSearchQuery } from "../../../../src/repositories/articleSearch.js";
import { SNIPPET_SCAN_CHARS, buildSnippet, snippetSource } from "../../../../src/services/search/snippet.js";
import { presentSearchHit } from "../../../../src/presenters/search.js";
import type { ArticleCard } from "../../../../src/schemas/article.js";
import { ANONYMOUS } from "../../../../src/presenters/viewer.js";

const snippet = (q: string, excerpt: string, body: string) => buildSnippet(parseSearchQuery(q), { excerpt, body });

test("a word is marked where it is a whole word (any case), not inside another; the last word also as a prefix", () => {
  expect(snippet("ship", "Leadership and SHIP yards.", "")).toBe("Leadership and <mark>SHIP</mark> yards.");
  expect(snippet("drone navy", "Leadership of drones.", "")).toBe("Leadership of drones.");
  expect(snippet("dro", "Leadership of Drones.", "")).toBe("Leadership of <mark>Drones</mark>.");
  expect(snippet("navy dro", "The navy of drones.", "")).toBe("The <mark>navy</mark> of <mark>drones</mark>.");
});

test("a body mention is found past the excerpt, after markdown and far into the body", () => {
  const body = `${"Filler words here. ".repeat(300)}\n\n## Heading\n\nThe **Frigate** sailed.`;
  expect(snippet("frigate", "No match here.", body)).toBe("Heading The <mark>Frigate</mark> sailed.");
  expect(snippet("corvette", "No match here.", body)).toBe("No match here.");
});

test("a folded mention before a plain one is the first", () => {
  const body = `Talks in Zürich. ${"More words. ".repeat(200)}Then zurich again.`;
  expect(snippet("zurich", "Nothing.", body)).toMatch(/^Talks in <mark>Zürich<\/mark>\./);
});

test("a word with a final sigma is marked however the query writes it", () => {
  expect(snippet("λογοσ", "Ο ΛΟΓΟΣ και ο λογος.", "")).toBe("Ο <mark>ΛΟΓΟΣ</mark> και ο <mark>λογος</mark>.");
});

test("white space of any kind and length reads as one space; lone spaces stay", () => {
  const body = "Intro line.\nThe\tnavy  sent\r\n\r\na frigate \u00a0 today.\n\n- A\u2003listed\vpoint";
  expect(snippet("frigate", "Nothing.", body)).toBe("Intro line. The navy sent a <mark>frigate</mark> today. A listed point");
});

test("the words to mark are made once per query and serve each of its hits alike", () => {
  const terms = parseSearchQuery("navy frig");
  const hits = ["The navy and a frigate.", "Frigates of the Navy.", "No match."].map((excerpt) => buildSnippet(terms, { excerpt, body: "" }));
  expect(hits).toEqual(["The <mark>navy</mark> and a <mark>frigate</mark>.", "<mark>Frigates</mark> of the <mark>Navy</mark>.", "No match."]);
  expect(buildSnippet(parseSearchQuery("and"), { excerpt: "The navy and a frigate.", body: "" })).toBe("The navy <mark>and</mark> a frigate.");
});

describe("a body cut before buildSnippet (a read thread's snippetSource) gives the snippet of the whole body", () => {
  const filler = (n: number) => " and so on".repeat(Math.ceil(n / 10)).slice(0, n);
  const fromThread = (q: string, excerpt: string, body: string) => {
    const terms = parseSearchQuery(q);
    const cut = snippetSource(terms, excerpt, body);
    return { cut, snippet: buildSnippet(terms, { excerpt, body: cut }) };
  };
  // The fragment "ship" of "leadership" falls where a cut 600 characters before the mention starts.
  const throughAWord = `Intro about leadership${filler(595)} ship yards.${filler(2000)}`;
  const cases: Array<[string, string, string]> = [
    ["a mention near the start", "frigate", `The frigate sailed.${filler(5000)}`],
    ["a mention far in, after a heading", "frigate", `${filler(6000)}\n\n## Heading\n\nThe **Frigate** sailed.${filler(3000)}`],
    ["a cut through a word", "ship", throughAWord],
    ["a cut through a long word", "ship", `${"x".repeat(3000)} ship${filler(1000)}`],
    ["a cut through a link", "frigate", `${filler(300)}[a link text](https://example.com/${"p".repeat(400)})${filler(150)} frigate${filler(900)}`],
    ["non-ASCII before the mention", "zurich", `Talks in Zürich.${filler(3000)} zurich again${filler(3000)}`],
    ["non-ASCII after the mention", "zurich", `${filler(2000)} zurich then Zürich${filler(3000)}`],
    ["a mention only as a prefix", "navy dro", `${filler(2500)} drones${filler(900)}`],
    ["no mention", "corvette", `${filler(4000)}`],
    ["a mention past the scanned start", "frigate", `${filler(25_000)} frigate`],
    ["a mention only once markup is gone", "frigate", `${filler(1500)} fri**gate ${filler(900)} frigate${filler(100)}`],
  ];
  test.each(cases)("%s", (_, q, body) => {
    const whole = buildSnippet(parseSearchQuery(q), { excerpt: "Nothing here.", body });
    const { cut, snippet } = fromThread(q, "Nothing here.", body);
    expect(snippet).toBe(whole);
    // Cut again, the cut stays whole.
    expect(snippetSource(parseSearchQuery(q), "Nothing here.", cut)).toBe(cut);
    expect(cut.length).toBeLessThanOrEqual(Math.min(body.length, SNIPPET_SCAN_CHARS));
  });

  test("a plain-ASCII body is cut to the mention's neighbourhood; an excerpt with a match needs no body", () => {
    expect(fromThread("frigate", "Nothing here.", `${filler(6000)} frigate${filler(6000)}`).cut.length).toBeLessThan(1300);
    expect(fromThread("frigate", "The frigate sailed.", `${filler(600)} frigate`)).toEqual({ cut: "", snippet: "The <mark>frigate</mark> sailed." });
  });

  test("the end of a word cut through is not a mention: the first whole word is marked", () => {
    const { cut, snippet } = fromThread("ship", "Nothing here.", throughAWord);
    expect(cut.startsWith("leadership")).toBe(true);
    expect(snippet).toMatch(/^… .* <mark>ship<\/mark> yards\. /);
    expect(snippet).not.toContain("<mark>ship</mark> and so on");
  });

  test("a premium article's snippet comes from its free preview for a non-member, cut alike", () => {
    const terms = parseSearchQuery("frigate");
    const body = `${filler(3000)} frigate in the paid part${filler(2000)}`;
    const preview = `${filler(800)} frigate in the free part${filler(800)}`;
    const card = { excerpt: "Nothing here.", isPremium: true } as ArticleCard;
    const row = { card, body: snippetSource(terms, card.excerpt!, body), preview: snippetSource(terms, card.excerpt!, preview) };
    expect(presentSearchHit(row, ANONYMOUS, terms).snippet).toBe(buildSnippet(terms, { excerpt: "Nothing here.", body: preview }));
    expect(presentSearchHit(row, ANONYMOUS, terms).snippet).toContain("<mark>frigate</mark> in the free part");
  });
});
