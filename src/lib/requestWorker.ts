// A worker thread asked one thing at a time, both ends: the read threads (repositories/readThreads.ts) and the search
// mirror's (repositories/search/mirror.ts). The thread answers every message once, in the order sent (answerRequests),
// so answers are matched to their messages in that order, without ids to make, send and look up per message.
import { parentPort, type Worker } from "node:worker_threads";
import { messageOf } from "./errors.js";

type Answer = { value?: unknown; error?: string };

interface Waiting {
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
}

/** The main thread's end of a worker running answerRequests. The worker keeps the process alive only while a message
 *  waits for its answer. If it stops (an error, its heap's limit, terminate), the messages waiting fail and later ones
 *  are refused: the caller starts another. */
export class RequestWorker<Message> {
  /** Whether it has stopped: nothing sent to it is answered any more. */
  stopped = false;
  private readonly waiting: Waiting[] = [];
  private idleTimer?: NodeJS.Timeout;

  /**
   * `name` begins its errors ("read thread"); `onIdle`: called once no message has waited for `idleMs`; `onGone`:
   * once, when it has stopped.
   */
  constructor(
    readonly worker: Worker,
    private readonly name: string,
    private readonly options: { idleMs?: number; onIdle?: () => void; onGone?: () => void } = {},
  ) {
    worker.on("message", ({ value, error }: Answer) => {
      const waiter = this.waiting.shift();
      if (!this.waiting.length) {
        worker.unref();
        if (options.onIdle) this.idleTimer = setTimeout(options.onIdle, options.idleMs).unref();
      }
      if (error === undefined) waiter?.resolve(value);
      else waiter?.reject(new Error(`${name}: ${error}`));
    });
    worker.on("error", (err) => this.gone(err));
    worker.on("exit", (code) => this.gone(new Error(`${name} stopped (exit code ${code})`)));
    // After the listeners: adding one for 'message' refs the worker again (Node 20).
    worker.unref();
  }

  /** How many messages wait for their answer. */
  get pending() {
    return this.waiting.length;
  }

  /** The worker's answer to `message` (of the type the caller knows it answers). */
  send<T>(message: Message): Promise<T> {
    if (this.stopped) return Promise.reject(new Error(`${this.name} has stopped`));
    clearTimeout(this.idleTimer);
    return new Promise<T>((resolve, reject) => {
      if (!this.waiting.length) this.worker.ref();
      this.waiting.push({ resolve: resolve as (value: unknown) => void, reject });
      this.worker.postMessage(message);
    });
  }

  // 'error' is followed by 'exit': the first says why.
  private gone(error: Error) {
    if (this.stopped) return;
    this.stopped = true;
    clearTimeout(this.idleTimer);
    this.options.onGone?.();
    for (const waiter of this.waiting.splice(0)) waiter.reject(error);
  }
}

/** In the worker: answers each message with what `answer` returns, or its error's message; one at a time, in the order
 *  sent (RequestWorker matches them so), the next started once the last is answered. */
export function answerRequests<Message>(answer: (message: Message) => unknown) {
  const port = parentPort!;
  const reply = (answered: Answer) => {
    try {
      port.postMessage(answered);
    } catch (err) {
      // A value that cannot be sent (not cloneable) is still answered, or every later answer would go to the wrong message.
      port.postMessage({ error: messageOf(err) });
    }
  };
  let previous: Promise<void> = Promise.resolve();
  port.on("message", (message: Message) => {
    previous = previous.then(() => answer(message)).then(
      (value) => reply({ value }),
      (err: unknown) => reply({ error: messageOf(err) }),
    );
  });
}

