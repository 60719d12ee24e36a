// Builds the page cache's store (memory, or Redis when REDIS_URL is set), keeps it exact through content
// events, and with Redis carries those events to every instance.
import { randomUUID } from "node:crypto";
import { createRequire } from "node:module";
import type { Redis as RedisClient } from "ioredis";
import type { Config } from "../config.js";
import type { Logger } from "../lib/logger.js";
import { reviveChange, type ContentChange, type ContentEvents } from "../services/contentEvents.js";
import { tagsOfChange } from "./rules.js";
import { FallbackStore } from "./fallbackStore.js";
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
  /** With REDIS_URL: `up` while Redis answers, `degraded` while the app runs without it. */
  redisState?: () => "up" | "degraded";
  close(): Promise<void>;
}

/**
 * Redis clients that fail fast instead of queueing: while Redis is away a command errors at once (or after
 * `commandTimeout` when the network swallows it), and every caller falls back (memory cache, insurance limiter).
 */
const REDIS_OPTIONS = { maxRetriesPerRequest: 1, enableOfflineQueue: false, commandTimeout: 2000, connectTimeout: 2000, retryStrategy: (times: number) => Math.min(100 * times, 2000) };

export function createCacheBackend(config: Pick<Config, "redisUrl" | "redisPrefix" | "pageCacheBytes">, events: ContentEvents, logger: Logger): CacheBackend {
  if (!config.redisUrl) {
    const store = new MemoryStore(config.pageCacheBytes);
    events.on((change) => store.invalidate(tagsOfChange(change)));
    return { store, close: () => store.close() };
  }
  // ioredis is loaded only when Redis is configured (memory).
  const { Redis } = createRequire(import.meta.url)("ioredis") as { Redis: new (url: string, options: object) => RedisClient };
  const redis = new Redis(config.redisUrl, REDIS_OPTIONS);
  // The subscriber queues its SUBSCRIBE until connected (it has nothing else to send) and resubscribes after a reconnect.
  const subscriber = new Redis(config.redisUrl, { ...REDIS_OPTIONS, enableOfflineQueue: true, commandTimeout: undefined });
  const store = new FallbackStore(new RedisStore(redis, config.redisPrefix, REDIS_TTL_SECONDS), new MemoryStore(config.pageCacheBytes), () => redis.status === "ready", (message, err) => logger.warn({ err }, message));
  const instance = randomUUID();
  const channel = `${config.redisPrefix}${CHANNEL}`;
  // The store is shared: the instance where a change happened drops the tags once, for everyone.
  events.on((change, origin) => (origin === "local" ? store.invalidate(tagsOfChange(change)) : undefined));
  // A change made while Redis is away reaches no other instance: each drops everything when Redis is back.
  events.broadcast = (change) => (store.up ? redis.publish(channel, JSON.stringify({ origin: instance, change })).catch(() => undefined) : Promise.resolve());
  void subscriber.subscribe(channel).catch((err) => logger.error({ err }, "page cache: subscribe failed"));
  subscriber.on("message", (_channel, text: string) => {
    const message = parseMessage(text);
    if (message && message.origin !== instance) void events.emit(message.change, "remote");
  });
  // Whether either connection was lost since it was last ready: then messages may have been missed.
  const lost = { redis: false, subscriber: false };
  let closing = false;
  for (const [name, client] of [["redis", redis], ["subscriber", subscriber]] as const) {
    let errorLogged = false;
    client.on("error", (err) => {
      // One line per outage, not one per reconnection attempt.
      if (!errorLogged) logger.error({ err }, `redis (${name})`);
      errorLogged = true;
    });
    client.on("close", () => {
      if (name === "redis") store.connectionLost();
      if (closing || lost[name]) return;
      lost[name] = true;
      logger.warn(`redis (${name}): connection lost; the page cache answers from memory and rate limits count in memory until it is back`);
    });
    client.on("ready", () => {
      errorLogged = false;
      if (!lost[name]) return;
      lost[name] = false;
      logger.info(`redis (${name}): back; dropping every cached answer (changes made meanwhile may not have reached this instance)`);
      void store.invalidateAll().catch((err) => logger.error({ err }, "page cache: drop after reconnect failed"));
    });
  }
  return {
    store,
    redis,
    redisState: () => (store.up && subscriber.status === "ready" ? "up" : "degraded"),
    async close() {
      closing = true;
      events.broadcast = undefined;
      subscriber.disconnect();
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
