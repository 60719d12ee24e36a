// A thread's own scheduling priority. On Linux every thread is a task with an id of its own, and setpriority (Node's
// os.setPriority) given a thread's id changes that thread's niceness alone: the read thread (src/repositories/
// readWorker.ts) runs behind the event loop without slowing the event loop's thread. Elsewhere, or where it is refused,
// nothing changes and the thread runs as before.
import fs from "node:fs";
import os from "node:os";

/** The calling thread's id on Linux: /proc/thread-self links to "<pid>/task/<tid>". */
const threadSelf = () => fs.readlinkSync("/proc/thread-self");

/**
 * Raises the calling thread's niceness by `steps` (at most to 19, the lowest priority; lowering a priority needs no
 * privilege). Returns the thread's niceness now, or undefined when it could not be set (not Linux, no /proc, refused).
 */
export function lowerThreadPriority(steps: number, self: () => string = threadSelf): number | undefined {
  try {
    const tid = Number(/\/task\/(\d+)$/.exec(self())?.[1]);
    if (!Number.isSafeInteger(tid) || tid <= 0) return undefined;
    const niceness = Math.min(19, os.getPriority(tid) + steps);
    os.setPriority(tid, niceness);
    return os.getPriority(tid);
  } catch {
    return undefined;
  }
}
