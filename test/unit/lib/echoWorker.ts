// The worker of requestWorker.test.ts: answers `value` after `ms`, fails with `fail`, or exits with `exit`. Run as a
// script (node --import tsx echoWorker.ts), it starts itself as a worker, sends one message without waiting for it and
// prints the answer: the process must stay for it, then end on its own.
import { isMainThread } from "node:worker_threads";
import { startModuleWorker } from "../../../src/lib/moduleWorker.js";
import { answerRequests, RequestWorker } from "../../../src/lib/requestWorker.js";

export interface EchoMessage {
  value?: unknown;
  ms?: number;
  fail?: string;
  exit?: number;
}

/** This module on a thread of its own, as its RequestWorker. */
export function startEchoWorker(options?: ConstructorParameters<typeof RequestWorker>[2]) {
  return new RequestWorker<EchoMessage>(startModuleWorker(import.meta.url, "echoWorker", {}, { maxOldGenerationSizeMb: 16 }), "echo thread", options);
}

if (!isMainThread) {
  answerRequests(async ({ value, ms, fail, exit }: EchoMessage) => {
    if (ms) await new Promise((resolve) => setTimeout(resolve, ms));
    if (exit !== undefined) process.exit(exit);
    if (fail) throw new Error(fail);
    return value;
  });
} else if (process.argv[1]?.endsWith("echoWorker.ts")) {
  void startEchoWorker()
    .send({ value: "answered", ms: 300 })
    .then((value) => console.log(value));
}
