// buildSnippet's shortcuts for plain-ASCII text (one case-insensitive search for where a query word starts, the body
// cut around its first mention) give what reading every word gives: whole words only, the last word as a prefix, and
// a folded mention ("Zürich" for "zurich") before an ASCII one still found first.
import { parseSearchQuery } from "../../../../src/repositories/articleSearch.js";
import { buildSnippet, snippetsInRows } from "../../../../src/services/search/snippet.js";
import { presentSearchHit } from "../../../../src/presenters/search.js";
import type { ArticleCard } from "../../../../src/schemas/article.js";
import { ANONYMOUS, type Viewer } from "../../../../src/presenters/viewer.js";

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

describe("the snippets of a result's texts, made where its rows are read (snippetsInRows)", () => {
  const filler = (n: number) => " and so on".repeat(Math.ceil(n / 10)).slice(0, n);
  // The fragment "ship" of "leadership" falls where the cut 600 characters before the mention starts.
  const throughAWord = `Intro about leadership${filler(595)} ship yards.${filler(2000)}`;
  const bodies: Array<[string, string, string]> = [
    ["a mention near the start", "frigate", `The frigate sailed.${filler(5000)}`],
    ["a mention far in, after a heading", "frigate", `${filler(6000)}\n\n## Heading\n\nThe **Frigate** sailed.${filler(3000)}`],
    ["a cut through a long word", "ship", `${"x".repeat(3000)} ship${filler(1000)}`],
    ["non-ASCII before the mention", "zurich", `Talks in Zürich.${filler(3000)} zurich again${filler(3000)}`],
    ["a mention only as a prefix", "navy dro", `${filler(2500)} drones${filler(900)}`],
    ["no mention", "corvette", `${filler(4000)}`],
    ["a mention past the scanned start", "frigate", `${filler(25_000)} frigate`],
  ];
  test.each(bodies)("%s: each text's own snippet, the excerpt's when it has the match", (_, q, body) => {
    const terms = parseSearchQuery(q);
    const preview = `${filler(100)} ${q.split(" ")[0]} in the preview.`;
    const [row] = snippetsInRows([{ e: "Nothing here.", body, preview }], { terms, excerpt: "e", texts: ["body", "preview"] });
    expect(row).toEqual({ e: "Nothing here.", body: buildSnippet(terms, { excerpt: "Nothing here.", body }), preview: buildSnippet(terms, { excerpt: "Nothing here.", body: preview }) });
    expect(row.preview).toContain("</mark> in the preview.");
    const [inExcerpt] = snippetsInRows([{ e: `A ${q} here.`, body, preview: null }], { terms, excerpt: "e", texts: ["body", "preview"] });
    expect([inExcerpt.body, inExcerpt.preview]).toEqual([buildSnippet(terms, { excerpt: `A ${q} here.`, body: "" }), buildSnippet(terms, { excerpt: `A ${q} here.`, body: "" })]);
    expect(inExcerpt.body).toMatch(/^A <mark>/);
  });

  test("the end of a word the cut goes through is not a mention: the first whole word is marked", () => {
    const found = snippet("ship", "Nothing here.", throughAWord);
    expect(found).toMatch(/^… .* <mark>ship<\/mark> yards\. /);
    expect(found).not.toContain("<mark>ship</mark> and so on");
  });

  test("a premium article's snippet comes from its free preview for a non-member, from its body for a member", () => {
    const terms = parseSearchQuery("frigate");
    const body = `${filler(3000)} frigate in the paid part${filler(2000)}`;
    const preview = `${filler(800)} frigate in the free part${filler(800)}`;
    const [row] = snippetsInRows([{ excerpt: "Nothing here.", body, preview }], { terms, excerpt: "excerpt", texts: ["body", "preview"] });
    const hit = (isPremium: boolean, viewer: Viewer) => presentSearchHit({ card: { excerpt: "Nothing here.", isPremium } as ArticleCard, bodySnippet: row.body, previewSnippet: row.preview }, viewer).snippet;
    expect(hit(true, ANONYMOUS)).toContain("<mark>frigate</mark> in the free part");
    expect(hit(true, { kind: "reader", entitled: false })).toContain("<mark>frigate</mark> in the free part");
    expect(hit(true, { kind: "reader", entitled: true })).toContain("<mark>frigate</mark> in the paid part");
    expect(hit(false, ANONYMOUS)).toContain("<mark>frigate</mark> in the paid part");
  });
});
