// What changed in the content readers see. The page cache drops exactly what a change affects, partners' webhooks
// are stored, and other listeners (counts, schedules) keep themselves right; with Redis, changes reach every
// instance. A local change is first written to the outbox (in the transaction of the write that made it, when
// there is one) and removed once every listener has had it: a listener that fails, or a process that stops in
// between, leaves it there, and the outbox runner delivers it again (at least once; listeners are idempotent).
import { randomUUID } from "node:crypto";
import type { Tx } from "../repositories/transaction.js";
import { HOUR } from "../lib/time.js";
import type { OutboxRepository } from "../repositories/outboxRepository.js";
import type { DurableWork, StepResult } from "./jobRunner.js";
import type { LiveEventDto } from "../schemas/live.js";
import { messageOf } from "../lib/errors.js";

/** The fields of an article that decide where it appears. */
export interface ArticleState {
  id: number;
  slug: string;
  category: string;
  isBreaking: boolean;
  status: string;
  publishedAt: Date | null;
  /** A running live blog (the ticker lists them). */
  live?: boolean;
}

export type ContentChange =
  | { type: "article"; before: ArticleState | null; after: ArticleState | null }
  | { type: "comments"; articleIds: number[] }
  | { type: "page"; id: string }
  | { type: "contacts" }
  | { type: "ticker" }
  | { type: "stocks" }
  /** A staff member's public profile changed (name, bio, avatar, slug, status): their author page and feed. */
  | { type: "author"; slug: string }
  /** The redirect table changed (an import, or the administrator). */
  | { type: "redirects" }
  /** Something partners may subscribe to that changes no page (a comment awaiting review, a confirmed subscriber). */
  /** A live blog's post, edit, deletion or end: its page and feed change, and every instance's open streams receive it. */
  | { type: "live"; event: LiveEventDto }
  | { type: "activity"; event: "comment.created" | "comment.approved" | "subscriber.confirmed" | "live.posted"; data: Record<string, unknown> };

/** `id` names a stored change: webhooks take it as their event id, so a redelivery is the same event. */
type Listener = (change: ContentChange, origin: "local" | "remote", id?: string) => unknown;

/** A change written to the outbox and not yet delivered. */
export interface StoredChange {
  id: string;
  change: ContentChange;
}

/** A stored change is the runner's after this long without delivery (the writer normally delivers it within milliseconds). */
const GRACE_MS = 30_000;
const MAX_BACKOFF_MS = HOUR;
const BATCH = 100;

export const articleState = (a: ArticleState): ArticleState => ({
  id: a.id,
  slug: a.slug,
  category: a.category,
  isBreaking: Boolean(a.isBreaking),
  status: a.status,
  publishedAt: a.publishedAt ? new Date(a.publishedAt) : null,
  live: a.live ?? (a as { liveStatus?: string | null }).liveStatus === "live",
});

/** A change read back from JSON (the outbox, Redis): dates become dates again. */
export function reviveChange(change: ContentChange): ContentChange {
  if (change.type !== "article") return change;
  return { ...change, before: change.before && articleState(change.before), after: change.after && articleState(change.after) };
}

/** A small typed event bus with an outbox; `emit` and `deliver` resolve once every local listener has finished (so a write's answer follows its invalidation). */
export class ContentEvents implements DurableWork {
  private readonly listeners: Listener[] = [];

  constructor(
    private readonly logError: (error: unknown) => void,
    private readonly outbox?: OutboxRepository,
    private readonly now: () => Date = () => new Date(),
  ) {}
  /** Set by the Redis bridge: forwards local changes to the other instances. */
  broadcast: ((change: ContentChange) => Promise<unknown>) | undefined;

  on(listener: Listener): () => void {
    this.listeners.push(listener);
    return () => this.listeners.splice(this.listeners.indexOf(listener) >>> 0, 1);
  }

  /** Writes a change in the caller's transaction; `deliver` it once that transaction has committed. */
  async record(manager: Tx | undefined, change: ContentChange): Promise<StoredChange> {
    const id = randomUUID();
    await this.outbox?.add(id, JSON.stringify(change), this.now(), GRACE_MS, manager);
    return { id, change };
  }

  /** Hands a stored change to every listener: removed from the outbox when all succeeded, else left for the runner. */
  async deliver({ id, change }: StoredChange, attempts = 0): Promise<boolean> {
    const failure = await this.run(change, "local", id);
    if (!this.outbox) return failure === undefined;
    if (failure === undefined) await this.outbox.remove(id);
    else await this.outbox.postpone(id, new Date(this.now().getTime() + Math.min(MAX_BACKOFF_MS, 5_000 * 2 ** attempts)), messageOf(failure));
    return failure === undefined;
  }

  /** A change made outside a transaction (or one from another instance, which only its own listeners hear). */
  async emit(change: ContentChange, origin: "local" | "remote" = "local"): Promise<void> {
    if (origin === "remote") {
      await this.run(change, "remote");
      return;
    }
    let stored: StoredChange;
    try {
      stored = await this.record(undefined, change);
    } catch (error) {
      // The write itself is saved: its listeners hear of it even when the outbox cannot be written.
      this.logError(error);
      await this.run(change, "local");
      return;
    }
    await this.deliver(stored);
  }

  /** The outbox runner's step: delivers what is due (failed listeners, or a writer that stopped before delivering). */
  async step(stillHeld: () => Promise<boolean>): Promise<StepResult> {
    if (!this.outbox) return { more: false };
    const due = await this.outbox.due(this.now(), BATCH);
    let done = 0;
    for (const row of due) {
      if (!(await stillHeld())) return { more: false, done };
      let change: ContentChange;
      try {
        change = reviveChange(JSON.parse(row.change) as ContentChange);
      } catch (error) {
        this.logError(error);
        await this.outbox.remove(row.id);
        continue;
      }
      if (await this.deliver({ id: row.id, change }, row.attempts + 1)) done++;
    }
    return { more: due.length === BATCH, done };
  }

  /** Runs every listener (and the broadcast of a local change); answers the first failure, each one logged. */
  private async run(change: ContentChange, origin: "local" | "remote", id?: string): Promise<unknown> {
    let failure: unknown;
    const run = (work: () => unknown) =>
      Promise.resolve()
        .then(work)
        .catch((error) => {
          failure ??= error;
          this.logError(error);
        });
    await Promise.all([...this.listeners.map((listener) => run(() => listener(change, origin, id))), origin === "local" ? run(() => this.broadcast?.(change)) : undefined]);
    return failure;
  }
}

