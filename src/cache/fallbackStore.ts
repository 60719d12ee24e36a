// The page cache's store with REDIS_URL set: Redis while it answers, this process's memory while it does not, so a
// Redis outage costs hit rate, never a reader's request. While degraded, no other instance's invalidation can reach
// this one, so a memory answer is trusted for a few seconds only; when Redis is back every instance drops every
// answer (the memory ones, and the shared ones through a stamp on a tag every answer carries), so nothing stale
// survives a message missed meanwhile.
import { metrics } from "../services/metrics.js";
import type { AnswerStore, CachedAnswer, Lookup, MemoryStore, RedisStore } from "./store.js";

/** How long an answer from memory stays valid while Redis is away (other instances' changes cannot reach us). */
export const DEGRADED_VALID_MS = 5_000;
/** After a failed Redis call, how long the store keeps to memory before trying Redis again. */
const SUSPECT_MS = 5_000;

export class FallbackStore implements AnswerStore {
  private suspectUntil = 0;
  /** The highest sequence number Redis handed out: an answer rendered later from memory's numbers never goes to Redis. */
  private redisSeq = 0;
  /** A drop of everything that Redis has not received yet. */
  private dropPending = false;
  /** Calls waiting on Redis: failed over at once when the connection drops (ioredis would hold them for a resend). */
  private readonly waiting = new Set<(error: Error) => void>();

  constructor(
    private readonly redis: RedisStore,
    readonly memory: MemoryStore,
    private readonly connected: () => boolean,
    private readonly log: (message: string, error: unknown) => void,
  ) {}

  /** Whether calls go to Redis now. */
  get up() {
    return this.connected() && Date.now() >= this.suspectUntil;
  }

  private async tryRedis<T>(kind: string, work: () => Promise<T>): Promise<{ ok: true; value: T } | { ok: false }> {
    if (!this.up) {
      metrics.redisFallbacks.inc({ kind });
      return { ok: false };
    }
    try {
      // A drop of everything that could not reach Redis yet goes first: no shared answer from before it is served.
      if (this.dropPending) await this.dropShared();
      let fail!: (error: Error) => void;
      const lost = new Promise<never>((_, reject) => this.waiting.add((fail = reject)));
      try {
        return { ok: true, value: await Promise.race([work(), lost]) };
      } finally {
        this.waiting.delete(fail);
      }
    } catch (error) {
      if (Date.now() >= this.suspectUntil) this.log("[page-cache] Redis failed: answering from memory for now", error);
      this.suspectUntil = Date.now() + SUSPECT_MS;
      metrics.redisFallbacks.inc({ kind });
      return { ok: false };
    }
  }

  /**
   * The connection dropped: every call waiting on it answers from memory now. (ioredis keeps a command in flight for
   * a resend after reconnecting, so without this a reader's request waited out the command timeout.)
   */
  connectionLost() {
    for (const fail of this.waiting) fail(new Error("Redis connection lost"));
    this.waiting.clear();
  }

  private async dropShared() {
    await this.redis.invalidateAll();
    this.dropPending = false;
  }

  async get(key: string): Promise<Lookup | undefined> {
    const shared = await this.tryRedis("cache_get", () => this.redis.get(key));
    if (shared.ok) return shared.value;
    const local = await this.memory.get(key);
    return local && { answer: local.answer, valid: local.valid && Date.now() - local.answer.storedAt < DEGRADED_VALID_MS };
  }

  async set(key: string, answer: CachedAnswer): Promise<void> {
    if (answer.seq <= this.redisSeq) {
      const shared = await this.tryRedis("cache_set", () => this.redis.set(key, answer));
      if (shared.ok) return;
    }
    await this.memory.set(key, answer);
  }

  async sequence(): Promise<number> {
    const shared = await this.tryRedis("cache_sequence", () => this.redis.sequence());
    if (!shared.ok) return this.memory.sequence();
    this.redisSeq = Math.max(this.redisSeq, shared.value);
    // Memory's later stamps stay above every number Redis handed out, so they invalidate answers rendered with one.
    this.memory.raiseSequence(shared.value);
    return shared.value;
  }

  async invalidate(tags: string[]): Promise<void> {
    await this.memory.invalidate(tags);
    await this.tryRedis("cache_invalidate", () => this.redis.invalidate(tags));
  }

  /** Drops every answer, in memory now and in Redis as soon as it answers (before any other call goes there). */
  async invalidateAll(): Promise<void> {
    await this.memory.close();
    await this.memory.invalidateAll();
    this.dropPending = true;
    // Just reconnected: tried at once, whatever the wait after an earlier failure says.
    if (this.connected()) await this.dropShared().catch((error) => this.log("[page-cache] dropping the shared answers failed; retried before the next Redis call", error));
  }

  async close(): Promise<void> {
    await this.memory.close();
  }
}
