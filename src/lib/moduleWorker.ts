// A worker thread running one of the app's modules: compiled beside the server (scripts/build.ts), or as TypeScript
// where the app itself runs as TypeScript (tests, `npm run dev`, the scripts), imported through tsx's API (Node 20
// applies no `--import` loader to a worker's own entry).
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import v8 from "node:v8";
import { Worker, type ResourceLimits } from "node:worker_threads";

const TYPESCRIPT = import.meta.url.endsWith(".ts");

/** Starts the module `name` (without extension) beside `base` (the caller's import.meta.url) on a thread of its own. */
export function startModuleWorker(base: string, name: string, workerData: unknown, resourceLimits: ResourceLimits): Worker {
  const file = new URL(`./${name}${TYPESCRIPT ? ".ts" : ".js"}`, base);
  const options = { workerData, resourceLimits };
  // V8's heap flags win over a worker's resourceLimits: `npm start`'s (--max-old-space-size=192,
  // --max-semi-space-size=2, meant for the main thread, whose heap they sized when it started) gave the thread a heap
  // of 192 MB and collections as rare as the main thread's. Unset, they leave each new isolate to its resourceLimits.
  v8.setFlagsFromString("--max-old-space-size=0");
  v8.setFlagsFromString("--max-semi-space-size=0");
  if (!TYPESCRIPT) return new Worker(file, options);
  // Its ESM entry (the CommonJS one cannot register tsx's hooks from an evaluated worker).
  const tsx = pathToFileURL(path.join(path.dirname(createRequire(import.meta.url).resolve("tsx/package.json")), "dist/esm/api/index.mjs")).href;
  return new Worker(`import(${JSON.stringify(tsx)}).then((tsx) => tsx.tsImport(${JSON.stringify(file.href)}, ${JSON.stringify(base)}))`, { ...options, eval: true });
}
