// npm run fuzz: the schema-driven API fuzzer (test/fuzz/fuzzer.ts) against a fresh app.
// FUZZ_SEED (default 1) and FUZZ_REQUESTS (default 10000) make a run reproducible; DATABASE_URL picks MariaDB/MySQL.
import "reflect-metadata";
import { runFuzz } from "../test/fuzz/fuzzer.js";

const seed = Number(process.env.FUZZ_SEED ?? 1);
const count = Number(process.env.FUZZ_REQUESTS ?? 10_000);
const started = Date.now();
const result = await runFuzz({ seed, count, log: (line) => process.stdout.write(`${line}\n`) });
const statuses = Object.entries(result.byStatus).sort(([a], [b]) => Number(a) - Number(b)).map(([s, n]) => `${s}: ${n}`).join(", ");
process.stdout.write(`\nseed ${result.seed}: ${result.requests} requests in ${Math.round((Date.now() - started) / 1000)} s (${process.env.DATABASE_URL ? "MariaDB/MySQL" : "SQLite"})\n`);
process.stdout.write(`statuses: ${statuses}\n`);
process.stdout.write(`responses >= 500: ${Object.entries(result.byStatus).filter(([s]) => Number(s) >= 500 || s === "0").reduce((n, [, c]) => n + c, 0)}\n`);
process.stdout.write(`failures: ${result.failures.length}\n`);
for (const failure of result.failures.slice(0, 50)) process.stdout.write(`  ${failure}\n`);
process.exit(result.failures.length ? 1 : 0);
