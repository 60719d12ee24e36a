import { BACKGROUND_REST_FACTOR, restingBy } from "../../lib/backgroundRest.js";
import { renderPaywallViews } from "../../lib/markdown.js";
import { PAYWALL_FILL_KEY } from "../../migrations/1766100000000-PaywallViews.js";
import type { PaywallViewsRepository } from "../../repositories/paywallViewsRepository.js";
import type { SettingRepository } from "../../repositories/settingRepository.js";
import type { DurableWork, StepResult } from "../jobRunner.js";

/** Ids per range of the fill: one query of keys finds the premium rows of the range without views. */
export const FILL_ID_RANGE = 10_000;
/** Articles whose bodies are read per query; each is then rendered in a step of its own (a few milliseconds of markdown
 *  on the event loop: ten per step held readers up to 150 ms at 100,000 articles). */
export const FILL_SLICE = 10;

/** How far the fill has come: ids up to `next` are done, up to `last` (the highest id when the migration ran) to do. */
interface FillProgress {
  next: number;
  last: number;
}

/**
 * Renders the paywall views of the premium articles saved before they were stored (migration PaywallViews), which the
 * paywall otherwise renders on every read. It walks the ids the migration left to do in ranges, saving its progress
 * after each (so a restart resumes, and a start with nothing left reads one setting), yields between queries and rests
 * between them as the SEO audit's backfill does. With several instances one fills at a time: driven by a
 * LeasedRunner (services/index.ts), it renews the lease before each slice and stops when that fails (shutdown halts
 * the lease; another instance took it over).
 */
export class PaywallFill implements DurableWork {
  constructor(
    private readonly rows: PaywallViewsRepository,
    private readonly settings: SettingRepository,
  ) {}

  /** The whole fill as one step of its runner: the lease is renewed inside it, before each slice. */
  async step(stillHeld: () => Promise<boolean>): Promise<StepResult> {
    return { more: false, done: await this.fillMissing({ stillHeld }) };
  }

  async fillMissing({ stillHeld = async () => true, range = FILL_ID_RANGE, slice = FILL_SLICE, restFactor = BACKGROUND_REST_FACTOR }: { stillHeld?: () => Promise<boolean>; range?: number; slice?: number; restFactor?: number } = {}): Promise<number> {
    const progress = await this.settings.getJson<FillProgress | null>(PAYWALL_FILL_KEY, null);
    if (!progress || progress.next >= progress.last) return 0;
    const resting = restingBy(restFactor);
    let done = 0;
    for (let from = progress.next; from < progress.last; from += range) {
      const to = Math.min(from + range, progress.last);
      const ids = await resting(() => this.rows.unfilledIds(from, to));
      for (let i = 0; i < ids.length; i += slice) {
        // A range cut short (shutdown, or the lease lost) is walked again by the next run.
        if (!(await stillHeld())) return done;
        const bodies = await resting(() => this.rows.unfilledBodies(ids.slice(i, i + slice)));
        for (const { id, content } of bodies) done += await resting(async () => this.rows.store(id, content, JSON.stringify(await renderPaywallViews(content))));
      }
      if (!(await stillHeld())) return done;
      await this.settings.set(PAYWALL_FILL_KEY, JSON.stringify({ next: to, last: progress.last } satisfies FillProgress));
    }
    return done;
  }
}
