// The order of a search's candidates (src/repositories/search/articleFilters.ts): score, relevance, then newest, then
// the highest id; a publication time as SQLite stores it (text), as InnoDB's rows hold it (a Date) and as Mroonga's
// (milliseconds) alike.
import { orderCandidates, type CandidateRow } from "../../../src/repositories/search/articleFilters.js";

const rows: CandidateRow[] = [
  { id: 1, score: 10, relevance: 1, publishedAt: "2026-01-02 10:00:00.000" },
  { id: 2, score: 10, relevance: 1, publishedAt: "2026-01-02 10:00:00.001" },
  { id: 3, score: 10, relevance: 1, publishedAt: "2025-12-31 23:59:59.999" },
  { id: 4, score: 10, relevance: 2, publishedAt: "2020-01-01 00:00:00.000" },
  { id: 5, score: 4, relevance: 9, publishedAt: "2027-01-01 00:00:00.000" },
  { id: 6, score: 10, relevance: 1, publishedAt: "2026-01-02 10:00:00.000" },
  { id: 7, score: 10, relevance: 1, publishedAt: "not a date" },
];
const asDate = (at: CandidateRow["publishedAt"]) => new Date(String(at).replace(" ", "T") + "Z");
const ids = (list: CandidateRow[], sort?: "newest") => orderCandidates(list, sort).map((r) => r.id);

test("best first: score, relevance, newest, then the highest id; a time that is no date last among its equals", () => {
  expect(ids(rows)).toEqual([4, 2, 6, 1, 3, 7, 5]);
  expect(ids(rows, "newest")).toEqual([5, 2, 6, 1, 3, 4, 7]);
});

test("dates and milliseconds order as the stored text does (to the millisecond), an invalid date as invalid text", () => {
  const dated = rows.map((r) => ({ ...r, publishedAt: asDate(r.publishedAt) }));
  expect(Number.isNaN((dated[6].publishedAt as Date).getTime())).toBe(true);
  expect(ids(dated)).toEqual(ids(rows));
  expect(ids(dated, "newest")).toEqual(ids(rows, "newest"));
  const inMs = dated.map((r) => ({ ...r, publishedAt: (r.publishedAt as Date).getTime() }));
  expect(ids(inMs)).toEqual(ids(rows));
  expect(ids(inMs, "newest")).toEqual(ids(rows, "newest"));
});
