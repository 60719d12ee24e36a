// Old addresses answered with a 301 before the 404 page. Lookups are cached in each process (an LRU of answers,
// misses included) and dropped on every change to the table, here or on another instance (the "redirects"
// content change travels like page invalidations). Hits are counted in memory and added to the table every few
// seconds, so a crawl of old links costs no write per request.
import { LRUCache } from "lru-cache";
import { normaliseSource } from "../lib/redirectPaths.js";
import type { RedirectRepository } from "../repositories/redirectRepository.js";
import type { ContentEvents } from "./contentEvents.js";

const CACHED_LOOKUPS = 10_000;
const FLUSH_MS = 5_000;

export class RedirectService {
  private readonly lookups = new LRUCache<string, { target: string | null }>({ max: CACHED_LOOKUPS });
  private hits = new Map<string, number>();

  constructor(
    readonly repository: RedirectRepository,
    private readonly events: ContentEvents,
    private readonly logError: (error: unknown) => void = () => undefined,
  ) {
    events.on((change) => (change.type === "redirects" ? this.lookups.clear() : undefined));
  }

  /** The site-relative target an old address redirects to, or null; counts the hit. */
  async resolve(url: string): Promise<string | null> {
    const source = normaliseSource(url);
    if (!source || source === "/") return null;
    let cached = this.lookups.get(source);
    if (!cached) this.lookups.set(source, (cached = { target: await this.repository.findTarget(source) }));
    if (cached.target) this.hits.set(source, (this.hits.get(source) ?? 0) + 1);
    return cached.target;
  }

  async create(source: string, target: string) {
    const created = await this.repository.create(source, target, "admin");
    await this.changed();
    return created;
  }

  async delete(id: number): Promise<void> {
    await this.repository.delete(id);
    await this.changed();
  }

  /** Drops every cached lookup and cached page a change to the table may affect, on every instance. */
  changed(): Promise<void> {
    return this.events.emit({ type: "redirects" });
  }

  /** Writes the hits counted since the last flush. */
  async flushHits(): Promise<void> {
    if (!this.hits.size) return;
    const counted = this.hits;
    this.hits = new Map();
    await this.repository.addHits(counted, new Date());
  }

  /** Flushes hits every few seconds; the returned function stops and flushes once more. */
  start(): () => Promise<void> {
    const timer = setInterval(() => void this.flushHits().catch(this.logError), FLUSH_MS);
    timer.unref();
    return async () => {
      clearInterval(timer);
      await this.flushHits().catch(this.logError);
    };
  }
}
