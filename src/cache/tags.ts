// Collects, while one answer is rendered for the cache, the tags of what it shows (see rules.ts).
import { AsyncLocalStorage } from "node:async_hooks";
import { tagsOfProcedure } from "./rules.js";

export interface TagCollector {
  tags: Set<string>;
  /** Set when the answer used a public query without a dependency rule: such an answer is never stored. */
  untracked: boolean;
}

const current = new AsyncLocalStorage<TagCollector>();

export function collectTags<T>(work: () => T): { collector: TagCollector; result: T } {
  const collector: TagCollector = { tags: new Set(), untracked: false };
  return { collector, result: current.run(collector, work) };
}

/** Called for every successful public query: records what the answer depends on, when a cached render is running. */
export function recordQuery(path: string, input: unknown, output: unknown) {
  const collector = current.getStore();
  if (!collector) return;
  const tags = tagsOfProcedure(path, input as Record<string, unknown> | undefined, output);
  if (!tags) collector.untracked = true;
  else tags.forEach((t) => collector.tags.add(t));
}
