// Preload for the allocation probe: SIGUSR2 prints the heap in use (a window's edge, read with --trace-gc's lines);
// with ALLOC_PROFILE=<file>, odd signals start V8's sampling heap profiler and even ones write its profile.
import fs from "node:fs";
import inspector from "node:inspector";
import v8 from "node:v8";
const out = process.env.ALLOC_PROFILE;
let session;
let count = 0;
process.on("SIGUSR2", () => {
  const used = v8.getHeapStatistics().used_heap_size;
  process.stdout.write(`ALLOC-MARK ${used}\n`);
  if (!out) return;
  if (!session) { session = new inspector.Session(); session.connect(); }
  if (count++ % 2 === 0) {
    session.post("HeapProfiler.startSampling", { samplingInterval: Number(process.env.ALLOC_INTERVAL ?? 1024), includeObjectsCollectedByMinorGC: true, includeObjectsCollectedByMajorGC: true }, (e) => e && console.error("startSampling", e));
  } else {
    session.post("HeapProfiler.stopSampling", (e, r) => {
      if (e) return console.error("stopSampling", e);
      fs.writeFileSync(`${out}.${count / 2}.heapprofile`, JSON.stringify(r.profile));
    });
  }
});
