// The counts that break ties of the column ranking on SQLite (src/repositories/search/columnRank.ts): a term's
// occurrences in a body, matched as the FTS5 index matches words.
import Database from "better-sqlite3";
import { folded } from "../../../src/lib/fold.js";
import { foldedTerms, occurrences, rankByColumns } from "../../../src/repositories/search/columnRank.js";
import { parseSearchQuery } from "../../../src/repositories/search/terms.js";

const count = (q: string, text: string) => foldedTerms(parseSearchQuery(q)).reduce((sum, t) => sum + occurrences(folded(text), t), 0);

test("whole words only, except the last bare word, which is a prefix", () => {
  expect(count('"fleet"', "Fleet, fleets and the fleet; refleet.")).toBe(2);
  expect(count("fleet", "Fleet, fleets and the fleet; refleet.")).toBe(3);
  expect(count("fleet navy", "The fleet, the navy's fleet and fleets; navyblue.")).toBe(2 + 2);
  expect(count('"red fleet"', "Red fleet, red  -  fleet, redfleet, red fleets, bored fleet.")).toBe(2);
  expect(count("F-35", "F-35 and f 35 and F35 and F-350.")).toBe(2);
});

test("case and diacritics folded as the index folds them, also in text with other non-ASCII characters", () => {
  expect(count("zurich", "Talks in ZÜRICH — and “Zürich” again; Zurichsee.")).toBe(3);
  expect(count("Київ", "Київ under fire; київ.")).toBe(2);
  expect(folded("Crème brûlée “quoted” ＡＢＣ")).toBe('creme brulee “quoted” abc');
  expect(count("x9", "No match here.")).toBe(0);
});

test("a final sigma is a sigma, as the index folds it: the count, the marks and FTS5 agree on ΛΟΓΟΣ and λογος", () => {
  expect(folded("ΛΟΓΟΣ λογος Σας")).toBe("λογοσ λογοσ σασ");
  expect(count("λογος", "ΛΟΓΟΣ, λογοσ and λογος.")).toBe(3);
  // The reference: SQLite's own FTS5 with the tokenizer of the ArticleSearch migration.
  const db = new Database(":memory:");
  db.exec("CREATE VIRTUAL TABLE t USING fts5(x, tokenize = 'unicode61 remove_diacritics 2')");
  const words = ["ΛΟΓΟΣ", "λογοσ", "λογος", "ΣΑΣ", "ςας", "Zürich", "ZURICH", "Crème", "creme"];
  words.forEach((w, i) => db.prepare("INSERT INTO t (rowid, x) VALUES (?, ?)").run(i + 1, w));
  for (const q of words) {
    const found = (db.prepare("SELECT rowid FROM t WHERE t MATCH ?").all(`"${q}"`) as { rowid: number }[]).map((r) => words[r.rowid - 1]);
    expect(found).toEqual(words.filter((w) => folded(w) === folded(q)));
  }
  db.close();
});

test("rankByColumns: each term counts for the best short column it is in", () => {
  const rows = [
    { id: 1, title: "The fleet sails", excerpt: "", category: "sea" },
    { id: 2, title: "Other", excerpt: "A fleet", category: "sea" },
    { id: 3, title: "Other", excerpt: "Nothing", category: "sea" },
  ];
  expect(rankByColumns(rows, parseSearchQuery('"fleet"')).map((r) => [r.id, r.score])).toEqual([[1, 10], [2, 4], [3, 1]]);
});

test("rankByColumns finds a term in a column where the count finds it: whole words, a phrase across punctuation, the last bare word as a prefix", () => {
  const cases: [string, string][] = [
    ['"fleet"', "Refleet and fleets"],
    ['"fleet"', "Refleet and the fleet"],
    ["fleet", "Fleets ahead"],
    ["fleet", "Refleeting"],
    ['"red fleet"', "Red  -  fleet"],
    ['"red fleet"', "Redfleet, red fleets, bored fleet"],
    ['"red fleet"', "Bored fleet, then a red fleet"],
    ["fle", "Bored fleet"],
    ["fle", "Baffle"],
    ["F-35", "F35 and F-350"],
    ["F-35", "The F-35."],
    ["zurich", "Talks in ZÜRICH"],
    ["zurich", "Zurichsee"],
    ["Київ", "Under fire: київ."],
    ["λογος", "ΛΟΓΟΣ"],
  ];
  for (const [q, title] of cases) {
    const [row] = rankByColumns([{ id: 1, title, excerpt: "", category: "" }], parseSearchQuery(q));
    expect({ q, title, score: row.score }).toEqual({ q, title, score: count(q, title) > 0 ? 10 : 1 });
  }
});
