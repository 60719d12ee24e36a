// Builds the page cache's store (memory, or Redis when REDIS_URL is set), keeps it exact through content
// events, and with Redis carries those events to every instance.
import { randomUUID } from "node:crypto";
import { createRequire } from "node:module";
import type { Redis as RedisClient } from "ioredis";
import type { Config } from "../config.js";
import type { Logger } from "../lib/logger.js";
import { reviveChange, type ContentChange, type ContentEvents } from "../services/contentEvents.js";
import { tagsOfChange } from "./rules.js";
import { MemoryStore, RedisStore, type AnswerStore } from "./store.js";

const CHANNEL = "content-changes";
/** Redis keeps answers (and their stale-if-error copies) a day at most. */
const REDIS_TTL_SECONDS = 24 * 3600;

function parseMessage(text: string): { origin: string; change: ContentChange } | undefined {
  try {
    const message = JSON.parse(text) as { origin: string; change: ContentChange };
    return { origin: message.origin, change: reviveChange(message.change) };
  } catch {
    return undefined;
  }
}

export interface CacheBackend {
  store: AnswerStore;
  /** The Redis connection when REDIS_URL is set (shared with the rate limiters). */
  redis?: RedisClient;
  close(): Promise<void>;
}

export function createCacheBackend(config: Pick<Config, "redisUrl" | "redisPrefix" | "pageCacheBytes">, events: ContentEvents, logger: Logger): CacheBackend {
  if (!config.redisUrl) {
    const store = new MemoryStore(config.pageCacheBytes);
    events.on((change) => store.invalidate(tagsOfChange(change)));
    return { store, close: () => store.close() };
  }
  // ioredis is loaded only when Redis is configured (memory).
  const { Redis } = createRequire(import.meta.url)("ioredis") as { Redis: new (url: string, options: object) => RedisClient };
  const redis = new Redis(config.redisUrl, { maxRetriesPerRequest: 2, enableOfflineQueue: true, lazyConnect: false });
  const subscriber = redis.duplicate();
  const store = new RedisStore(redis, config.redisPrefix, REDIS_TTL_SECONDS);
  const instance = randomUUID();
  const channel = `${config.redisPrefix}${CHANNEL}`;
  // The store is shared: the instance where a change happened drops the tags once, for everyone.
  events.on((change, origin) => (origin === "local" ? store.invalidate(tagsOfChange(change)) : undefined));
  events.broadcast = (change) => redis.publish(channel, JSON.stringify({ origin: instance, change }));
  void subscriber.subscribe(channel).catch((err) => logger.error({ err }, "page cache: subscribe failed"));
  subscriber.on("message", (_channel, text: string) => {
    const message = parseMessage(text);
    if (message && message.origin !== instance) void events.emit(message.change, "remote");
  });
  for (const client of [redis, subscriber]) client.on("error", (err) => logger.error({ err }, "redis"));
  return {
    store,
    redis,
    async close() {
      events.broadcast = undefined;
      subscriber.disconnect();
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
