// Collects, while one answer is rendered for the cache, the tags of what it shows (see rules.ts). Whatever reads the
// data declares them: a query procedure through its `cache` meta, a feed or the redirect lookup by calling dependsOn.
import { AsyncLocalStorage } from "node:async_hooks";

/**
 * What a query's answer shows, for the page cache: its tags, from its input and output (src/cache/rules.ts has the
 * rules); `false` when its answers are never stored (they depend on a session, a token or the moment).
 */
export type CacheRule = ((input: Record<string, unknown> | undefined, output: unknown) => string[]) | false;

export interface TagCollector {
  tags: Set<string>;
  /** Set when the answer used a query declared uncached: such an answer is never stored. */
  untracked: boolean;
}

const current = new AsyncLocalStorage<TagCollector>();

export function collectTags<T>(work: () => T): { collector: TagCollector; result: T } {
  const collector: TagCollector = { tags: new Set(), untracked: false };
  return { collector, result: current.run(collector, work) };
}

/** Records what the answer being rendered for the cache depends on (nothing happens outside such a render). */
export function dependsOn(tags: string[]) {
  const collector = current.getStore();
  if (collector) for (const tag of tags) collector.tags.add(tag);
}

/** Called for every successful query: records its tags by its rule, or marks the answer unstorable. */
export function recordQuery(rule: CacheRule | undefined, input: unknown, output: unknown) {
  const collector = current.getStore();
  if (!collector) return;
  if (rule) dependsOn(rule(input as Record<string, unknown> | undefined, output));
  else collector.untracked = true;
}
