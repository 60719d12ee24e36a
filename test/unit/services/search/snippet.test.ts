// buildSnippet's shortcuts for plain-ASCII text (one case-insensitive search for where a query word starts, the body
// cut around its first mention) give what reading every word gives: whole words only, the last word as a prefix, and
// a folded mention ("Zürich" for "zurich") before an ASCII one still found first.
import { parseSearchQuery } from "../../../../src/repositories/articleSearch.js";
import { buildSnippet } from "../../../../src/services/search/snippet.js";

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
