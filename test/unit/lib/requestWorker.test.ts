// A worker asked one thing at a time (src/lib/requestWorker.ts), on a tiny worker of its own (echoWorker.ts): answers
// matched to their messages in order, an error that fails one message and not the worker, a worker that exits failing
// every message waiting and refusing later ones, the idle callback, and the process free to end once none waits.
import { execFileSync } from "node:child_process";
import { jest } from "@jest/globals";
import { fileURLToPath } from "node:url";
import { startEchoWorker } from "./echoWorker.js";

test("answers come back to their messages, in the order sent, whatever each takes", async () => {
  const thread = startEchoWorker();
  try {
    const answers = Promise.all([thread.send({ value: "slow", ms: 50 }), thread.send({ value: "quick" }), thread.send({ value: { n: 3 } })]);
    expect(thread.pending).toBe(3);
    expect(await answers).toEqual(["slow", "quick", { n: 3 }]);
    expect(thread.pending).toBe(0);
  } finally {
    await thread.worker.terminate();
  }
});

test("an error answer fails its message with the worker's name and message; the worker answers the next", async () => {
  const thread = startEchoWorker();
  try {
    await expect(thread.send({ fail: "no such column: nope" })).rejects.toThrow("echo thread: no such column: nope");
    expect(await thread.send({ value: 1 })).toBe(1);
  } finally {
    await thread.worker.terminate();
  }
});

test("a worker that exits fails every message waiting, says it is gone once, and refuses later messages", async () => {
  const onGone = jest.fn();
  const thread = startEchoWorker({ onGone });
  const waiting = [thread.send({ exit: 3, ms: 20 }), thread.send({ value: "never" })];
  for (const w of waiting) await expect(w).rejects.toThrow("echo thread stopped (exit code 3)");
  expect(thread.stopped).toBe(true);
  expect(onGone).toHaveBeenCalledTimes(1);
  await expect(thread.send({ value: "late" })).rejects.toThrow("echo thread has stopped");
});

test("onIdle is called once no message has waited for idleMs; a message meanwhile puts it off", async () => {
  const onIdle = jest.fn();
  const thread = startEchoWorker({ idleMs: 80, onIdle });
  try {
    await thread.send({ value: 1 });
    await new Promise((resolve) => setTimeout(resolve, 50));
    await thread.send({ value: 2 });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(onIdle).not.toHaveBeenCalled();
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(onIdle).toHaveBeenCalledTimes(1);
  } finally {
    await thread.worker.terminate();
  }
});

test("the worker keeps the process alive while a message waits, and lets it end once answered", () => {
  // In a process of its own (echoWorker.ts run as a script): it prints the answer only if the process waited for it,
  // and ends (before the time limit) only if the idle worker does not hold it.
  const script = fileURLToPath(new URL("./echoWorker.ts", import.meta.url));
  expect(execFileSync(process.execPath, ["--import", "tsx", script], { encoding: "utf8", timeout: 20_000 })).toBe("answered\n");
});
