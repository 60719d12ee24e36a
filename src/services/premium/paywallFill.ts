import { BACKGROUND_REST_FACTOR, restingBy } from "../../lib/backgroundRest.js";
import { renderPaywallViews } from "../../lib/markdown.js";
import { PAYWALL_FILL_KEY } from "../../migrations/1766100000000-PaywallViews.js";
import type { PaywallViewsRepository } from "../../repositories/paywallViewsRepository.js";
import type { SettingRepository } from "../../repositories/settingRepository.js";

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
 * between them as the SEO audit's backfill does; an aborted `signal` (shutdown) stops it between steps.
 */
export class PaywallFill {
  constructor(
    private readonly rows: PaywallViewsRepository,
    private readonly settings: SettingRepository,
  ) {}

  async fillMissing({ signal, range = FILL_ID_RANGE, slice = FILL_SLICE, restFactor = BACKGROUND_REST_FACTOR }: { signal?: AbortSignal; range?: number; slice?: number; restFactor?: number } = {}): Promise<number> {
    const progress = await this.settings.getJson<FillProgress | null>(PAYWALL_FILL_KEY, null);
    if (!progress || progress.next >= progress.last) return 0;
    const resting = restingBy(restFactor);
    let done = 0;
    for (let from = progress.next; from < progress.last && !signal?.aborted; from += range) {
      const to = Math.min(from + range, progress.last);
      const ids = await resting(() => this.rows.unfilledIds(from, to));
      for (let i = 0; i < ids.length && !signal?.aborted; i += slice) {
        const bodies = await resting(() => this.rows.unfilledBodies(ids.slice(i, i + slice)));
        for (let j = 0; j < bodies.length && !signal?.aborted; j++) {
          const { id, content } = bodies[j];
          done += await resting(async () => this.rows.store(id, content, JSON.stringify(await renderPaywallViews(content))));
        }
      }
      // A range cut short by the shutdown is walked again on the next start.
      if (!signal?.aborted) await this.settings.set(PAYWALL_FILL_KEY, JSON.stringify({ next: to, last: progress.last } satisfies FillProgress));
    }
    return done;
  }
}
