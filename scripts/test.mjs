// `npm test`: the API and unit suites in parallel workers (each worker on databases of its own, see
// test/helpers/workerDatabases.ts; a worker is replaced once its memory passes TEST_WORKER_MEMORY, since every
// suite loads the app's modules anew), then the browser suites one at a time (they share one built server and
// one Chromium). Both parts always run; the exit code is non-zero when either failed.
// `npm test -- <jest arguments>` (files, -t, --selectProjects) runs one jest with them, in band unless they set workers.
//   TEST_WORKERS (default: the cores, at most 4)  TEST_WORKER_MEMORY (default 1GB)
import { spawnSync } from "node:child_process";
import os from "node:os";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const jest = path.join(root, "node_modules", "jest", "bin", "jest.js");
const env = { ...process.env, NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ""} --experimental-vm-modules --max-old-space-size=8192`.trim() };
const workers = process.env.TEST_WORKERS || String(Math.min(4, Math.max(1, os.availableParallelism())));
const memory = process.env.TEST_WORKER_MEMORY || "1GB";

const run = (args) => spawnSync(process.execPath, [jest, ...args], { cwd: root, env, stdio: "inherit" }).status ?? 1;

const args = process.argv.slice(2);
if (args.length) {
  const setsWorkers = args.some((a) => /^(-i|--runInBand|-w|--maxWorkers)(=|$)/.test(a));
  process.exit(run(setsWorkers ? args : ["--runInBand", ...args]));
}
const api = run(["--selectProjects", "api", `--maxWorkers=${workers}`, `--workerIdleMemoryLimit=${memory}`]);
const e2e = run(["--selectProjects", "e2e", "--runInBand"]);
if (api || e2e) console.error(`\nnpm test failed: ${[api && "API and unit suites", e2e && "browser suites"].filter(Boolean).join(" and ")}`);
process.exit(api || e2e ? 1 : 0);
