// A scheduled article changes what readers see the moment its publication time comes, without any write:
// this timer announces it then, as if it had just been published, so caches and counts follow.
import type { ArticleSchedule } from "../repositories/articleSchedule.js";
import { articleState, type ContentEvents } from "./contentEvents.js";

/** setTimeout's longest wait; a later schedule re-arms when this fires. */
const MAX_WAIT_MS = 2 ** 31 - 1;
const BATCH = 500;

export class ScheduledPublishing {
  private timer: NodeJS.Timeout | undefined;
  private lastCheck = new Date();
  private stopped = false;

  constructor(
    private readonly schedule: ArticleSchedule,
    private readonly events: ContentEvents,
    private readonly logError: (error: unknown) => void,
  ) {}

  /** Starts watching; re-arms whenever an article changes (here or on another instance). */
  start(): () => void {
    const unsubscribe = this.events.on((change) => (change.type === "article" ? this.arm() : undefined));
    void this.arm().catch(this.logError);
    return () => {
      this.stopped = true;
      unsubscribe();
      clearTimeout(this.timer);
    };
  }

  private async arm() {
    if (this.stopped) return;
    const next = await this.schedule.nextScheduled(new Date());
    clearTimeout(this.timer);
    if (!next?.publishedAt || this.stopped) return;
    const wait = Math.min(MAX_WAIT_MS, Math.max(0, new Date(next.publishedAt).getTime() - Date.now()) + 5);
    this.timer = setTimeout(() => void this.fire().catch(this.logError), wait);
    this.timer.unref();
  }

  /** Announces every article whose time came since the last check. */
  async fire(now = new Date()) {
    const due = await this.schedule.cameDue(this.lastCheck, now, BATCH);
    this.lastCheck = due.length === BATCH ? new Date(due[BATCH - 1].publishedAt!) : now;
    // Before its time it was hidden from readers: to them it appears now.
    for (const article of due) await this.events.emit({ type: "article", before: null, after: articleState(article) });
    if (!due.length) await this.arm();
  }
}
