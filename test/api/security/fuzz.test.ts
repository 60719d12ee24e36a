// A 1,000-request slice of `npm run fuzz` (test/fuzz/fuzzer.ts): no 5xx, no stack trace, no stored change from a refused request.
import { runFuzz } from "../../fuzz/fuzzer.js";

test("1,000 seeded schema-driven requests over every REST path and tRPC procedure: no 5xx, no stack trace, refused requests change nothing", async () => {
  const result = await runFuzz({ seed: Number(process.env.FUZZ_SEED ?? 7), count: 1000 });
  expect(result.requests).toBe(1000);
  expect(result.failures).toEqual([]);
  // the run reached the validation paths, not only one kind of answer
  expect(result.byStatus[200]).toBeGreaterThan(50);
  expect(result.byStatus[400]).toBeGreaterThan(50);
}, 480_000);
