import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { startNodeFlags } from "../../../bench/processes.js";

const root = path.resolve(import.meta.dirname, "../../..");
/** `npm start`'s node flags, as the shell reads them without MAX_HEAP_MB set. */
const startFlags = () => startNodeFlags(root, {});

// Garbage with survivors (scavenges copy the live part, full collections mark it), then the CPU time V8's other
// threads used meanwhile (schedstat: ns on a CPU), as JSON.
const GC_WORK = `
const fs = require("node:fs");
const helpers = () => fs.readdirSync("/proc/self/task").filter((t) => t !== String(process.pid));
const ran = (t) => { try { return Number(fs.readFileSync("/proc/self/task/" + t + "/schedstat", "utf8").split(" ")[0]); } catch { return 0; } };
const before = new Map(helpers().map((t) => [t, ran(t)]));
let keep = [];
for (let i = 0; i < 3e6; i++) { keep.push({ i, s: "x" + i }); if (keep.length > 200000) keep = keep.slice(100000); }
console.log(JSON.stringify({ helperMs: helpers().reduce((sum, t) => sum + ran(t) - (before.get(t) ?? 0), 0) / 1e6 }));
`;

function helperMs(flags: string[]): number {
  const run = spawnSync(process.execPath, [...flags, "-e", GC_WORK], { encoding: "utf8", env: { ...process.env, NODE_OPTIONS: "" } });
  if (run.status !== 0) throw new Error(`node ${flags.join(" ")} failed: ${run.stderr}`);
  return JSON.parse(run.stdout).helperMs;
}

// Issue 27, the article page while search is flooded: on two cores shared by the event loop, the read thread and the
// load, V8's parallel scavenges waited on helper threads that had no core (a pause lasts as long as its slowest
// helper), and the helpers took CPU from the event loop. `npm start` runs the collector on the thread it collects.
const linux = fs.existsSync("/proc/self/task") ? describe : describe.skip;
linux("npm start's node flags", () => {
  it("are flags this node accepts", () => {
    const run = spawnSync(process.execPath, [...startFlags(), "-e", "0"], { encoding: "utf8", env: { ...process.env, NODE_OPTIONS: "" } });
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
  });

  it("collect garbage without V8's helper threads", () => {
    const flags = startFlags();
    // The same work under node's defaults keeps the helpers busy (400+ ms here): the measure can tell the two apart.
    const parallel = helperMs(flags.filter((f) => f !== "--single-threaded-gc"));
    const own = helperMs(flags);
    expect(parallel).toBeGreaterThan(100);
    expect(own).toBeLessThan(parallel / 5);
  });
});
