// The bench's suggestions row alone, checkouts side by side: `npx tsx bench/suggestRow.ts [checkout …]`. Starts each
// checkout's production build (`npm start`, the bench's environment) on its own copy of SUGGEST_SQLITE_DIR
// (/tmp/bench100k), all at once, then drives each in turn, interleaved, SUGGEST_ROUNDS (4) times for SUGGEST_SECONDS (15)
// with the bench's readers' typed prefixes (suggestPrefixes(200_000), one sequence per server, as bench/run.ts does) at
// 32 connections. Prints req/s, p50 and p99 per round and the medians.
//   SUGGEST_PORT=4200: the first server's port (the next ones follow); none: free ports.
//   SUGGEST_NODE_FLAGS="--cpu-prof --cpu-prof-dir=/tmp/prof": extra node flags for the servers.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { suggestPrefixes } from "./corpus.js";
import { drive } from "./load.js";
import { checkoutsFromArgs, freePort, productEnv, startChild, startEnv, startNodeFlags, stopChild, waitUntilAnswering } from "./processes.js";

const setting = (name: string, fallback: number) => (process.env[name] ? Number(process.env[name]) : fallback);
const ROUNDS = setting("SUGGEST_ROUNDS", 4);
const SECONDS = setting("SUGGEST_SECONDS", 15);
const CONNECTIONS = setting("SUGGEST_CONNECTIONS", 32);
const SOURCE = process.env.SUGGEST_SQLITE_DIR ?? "/tmp/bench100k";
const log = (line = "") => process.stdout.write(`${line}\n`);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];

async function main() {
  const roots = checkoutsFromArgs();
  const prefixes = suggestPrefixes(200_000);
  const servers = [];
  try {
    for (const root of roots) {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "ds-suggest-"));
      fs.cpSync(SOURCE, dataDir, { recursive: true });
      const port: number = process.env.SUGGEST_PORT ? Number(process.env.SUGGEST_PORT) + servers.length : await freePort();
      // As `npm start` runs the build (its node flags and malloc settings), here with node directly, so that flags NODE_OPTIONS refuses (--cpu-prof) can be added.
      const env = { ...productEnv(port, dataDir, ""), ...startEnv(root) };
      const flags = [...startNodeFlags(root), ...(process.env.SUGGEST_NODE_FLAGS?.split(" ").filter(Boolean) ?? [])];
      const child = startChild(`server of ${root}`, process.execPath, [...flags, "dist/node/server.js"], env, path.join(dataDir, "server.log"), root);
      servers.push({ root, dataDir, child, origin: `http://127.0.0.1:${port}`, next: 0, results: [] as Awaited<ReturnType<typeof drive>>[] });
    }
    for (const s of servers) await waitUntilAnswering(s.child, `${s.origin}/api/articles?limit=1`, performance.now(), 300_000);
    // The first boot's SEO backfill of the copied articles: let it end (bench/run.ts waits for it too).
    await new Promise((resolve) => setTimeout(resolve, setting("SUGGEST_SETTLE_MS", 20_000)));
    log(`suggestions at ${CONNECTIONS} connections, ${SECONDS} s per run, load ${os.loadavg()[0].toFixed(1)}`);
    for (let round = 1; round <= ROUNDS; round++) {
      for (const s of servers) {
        const path = () => `/api/search/suggest?q=${encodeURIComponent(prefixes[s.next++ % prefixes.length])}`;
        const r = await drive(s.origin, { name: "suggestions", path, accept: "application/json" }, SECONDS, CONNECTIONS);
        s.results.push(r);
        log(`round ${round} ${s.root}: ${r.requestsPerSecond.toFixed(0)} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms${r.non2xx || r.errors ? `, ${r.non2xx} non-2xx, ${r.errors} errors` : ""}`);
      }
    }
    for (const s of servers) {
      const of = (f: (r: (typeof s.results)[number]) => number) => `${median(s.results.map(f))} [${Math.min(...s.results.map(f))}–${Math.max(...s.results.map(f))}]`;
      log(`median ${s.root}: ${of((r) => Math.round(r.requestsPerSecond))} req/s, p50 ${of((r) => r.p50)} ms, p99 ${of((r) => r.p99)} ms`);
    }
  } finally {
    for (const s of servers) {
      await stopChild(s.child);
      fs.rmSync(s.dataDir, { recursive: true, force: true });
    }
  }
}

await main();
