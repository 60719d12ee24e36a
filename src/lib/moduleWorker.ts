// A worker thread running one of the app's modules: compiled beside the server (scripts/build.ts), or as TypeScript
// where the app itself runs as TypeScript (tests, `npm run dev`, the scripts), imported through tsx's API (Node 20
// applies no `--import` loader to a worker's own entry). Such threads do background work (a search's statements, the
// search mirror's writes): they run at a lower priority than the event loop (THREAD_NICE), so that under a flood of
// searches the requests the event loop answers alone (a cached article) still get a core when they arrive.
import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import v8 from "node:v8";
import { Worker, workerData, type ResourceLimits } from "node:worker_threads";

const TYPESCRIPT = import.meta.url.endsWith(".ts");
let threadNice = 0;

/** The nice value (0 normal, 19 lowest) of the threads started from now on (THREAD_NICE). */
export function setThreadNice(nice: number) {
  threadNice = nice;
}

/** Starts the module `name` (without extension) beside `base` (the caller's import.meta.url) on a thread of its own. */
export function startModuleWorker(base: string, name: string, data: object, resourceLimits: ResourceLimits): Worker {
  const file = new URL(`./${name}${TYPESCRIPT ? ".ts" : ".js"}`, base);
  const options = { workerData: { ...data, nice: threadNice }, resourceLimits };
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

/** In a module's thread: the data it was started with, once the thread runs at the nice value it was given. Linux gives
 *  each thread a nice value of its own: setpriority(2) with a thread's id (os.setPriority) changes that thread alone,
 *  and /proc/thread-self names the caller. Elsewhere the thread keeps the process's priority. */
export function moduleWorkerData<T>(): T {
  const data = workerData as T & { nice: number };
  if (data.nice > 0) {
    try {
      os.setPriority(Number(fs.readlinkSync("/proc/thread-self").split("/").pop()), data.nice);
    } catch {
      // No /proc (not Linux): the process's priority.
    }
  }
  return data;
}
