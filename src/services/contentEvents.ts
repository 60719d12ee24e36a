// What changed in the content readers see. The page cache drops exactly what a change affects, and other
// listeners (counts, schedules) keep themselves right; with Redis, changes reach every instance.
import type { LiveEventDto } from "../schemas/live.js";

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
  /** The redirect table changed (an import, or the administrator). */
  | { type: "redirects" }
  /** Something partners may subscribe to that changes no page (a comment awaiting review, a confirmed subscriber). */
  /** A live blog's post, edit, deletion or end: its page and feed change, and every instance's open streams receive it. */
  | { type: "live"; event: LiveEventDto }
  | { type: "activity"; event: "comment.created" | "comment.approved" | "subscriber.confirmed" | "live.posted"; data: Record<string, unknown> };

type Listener = (change: ContentChange, origin: "local" | "remote") => unknown;

export const articleState = (a: ArticleState): ArticleState => ({
  id: a.id,
  slug: a.slug,
  category: a.category,
  isBreaking: Boolean(a.isBreaking),
  status: a.status,
  publishedAt: a.publishedAt ? new Date(a.publishedAt) : null,
  live: a.live ?? (a as { liveStatus?: string | null }).liveStatus === "live",
});

/** A small typed event bus; `emit` resolves once every local listener has finished (so a write's answer follows its invalidation). */
export class ContentEvents {
  private readonly listeners: Listener[] = [];

  constructor(private readonly logError: (error: unknown) => void) {}
  /** Set by the Redis bridge: forwards local changes to the other instances. */
  broadcast: ((change: ContentChange) => Promise<unknown>) | undefined;

  on(listener: Listener): () => void {
    this.listeners.push(listener);
    return () => this.listeners.splice(this.listeners.indexOf(listener) >>> 0, 1);
  }

  async emit(change: ContentChange, origin: "local" | "remote" = "local"): Promise<void> {
    // A failing listener is logged, never turned into a failed write: the change itself is already saved.
    const run = (work: () => unknown) => Promise.resolve().then(work).catch((error) => this.logError(error));
    await Promise.all([...this.listeners.map((listener) => run(() => listener(change, origin))), origin === "local" ? run(() => this.broadcast?.(change)) : undefined]);
  }
}
