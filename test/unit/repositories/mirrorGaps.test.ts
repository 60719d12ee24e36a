// The search mirror's bookkeeping of change numbers not seen yet (src/repositories/search/mirror.ts): what is left of
// the ranges once the numbers read are taken out.
import { missing } from "../../../src/repositories/search/mirror.js";

test("numbers read are taken out of the ranges; the rest stay with the time they were first missed", () => {
  expect(missing([[5, 10, 1]], new Set([5, 6, 7, 8, 9, 10]))).toEqual([]);
  expect(missing([[5, 10, 1]], new Set([5, 8, 10]))).toEqual([
    [6, 7, 1],
    [9, 9, 1],
  ]);
  expect(missing([[5, 10, 1]], new Set())).toEqual([[5, 10, 1]]);
  expect(
    missing(
      [
        [2, 2, 1],
        [5, 7, 3],
      ],
      new Set([2, 6]),
    ),
  ).toEqual([
    [5, 5, 3],
    [7, 7, 3],
  ]);
});
