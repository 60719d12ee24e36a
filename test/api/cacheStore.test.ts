// The in-process answer store: a flood of distinct query strings cannot evict the pages a surge is reading.
import { MemoryStore, QUERY_SHARE, type CachedAnswer } from "../../src/cache/store.js";

const answer = (bytes: number): CachedAnswer => ({ status: 200, headers: {}, gzip: Buffer.alloc(bytes), etag: '"x"', tags: ["t"], seq: 0, storedAt: Date.now() });
const BUDGET = 1024 * 1024;

test("answers keyed by a query string have a quarter of the budget: 1,000 distinct searches leave the article page in place", async () => {
  const store = new MemoryStore(BUDGET);
  await store.set("/article/breaking-story", answer(20_000));
  await store.set("/", answer(20_000));
  for (let i = 0; i < 1000; i++) await store.set(`/search?q=flood${i}`, answer(10_000));
  expect((await store.get("/article/breaking-story"))?.valid).toBe(true);
  expect(await store.get("/")).toBeDefined();
  // The newest searches are kept, the oldest went; the whole store stays within its budget.
  expect(await store.get("/search?q=flood999")).toBeDefined();
  expect(await store.get("/search?q=flood0")).toBeUndefined();
  expect(store.bytes).toBeLessThanOrEqual(BUDGET);
  expect(store.bytes - 2 * (20_000 + 512)).toBeLessThanOrEqual(BUDGET * QUERY_SHARE);
});

test("pages without a query string evict each other only, within the rest of the budget", async () => {
  const store = new MemoryStore(BUDGET);
  await store.set("/search?q=kept", answer(10_000));
  for (let i = 0; i < 200; i++) await store.set(`/article/story-${i}`, answer(10_000));
  expect(await store.get("/search?q=kept")).toBeDefined();
  expect(await store.get("/article/story-199")).toBeDefined();
  expect(await store.get("/article/story-0")).toBeUndefined();
  expect(store.bytes).toBeLessThanOrEqual(BUDGET);
});
