// The reader pages' query store (web/lib/queryStore.ts): it starts from the server's dehydrated queries, runs one
// fetch per key at a time, keeps the last data when a fetch fails, and invalidates by partial key as tRPC's do.
import { QueryStore, hashKey } from "../../../../web/lib/queryStore.js";

const cardsKey = (input: unknown) => [["articles", "cards"], { input, type: "query" }] as const;

test("the store starts from the server's dehydrated queries, whatever the order of an input's keys", () => {
  const store = new QueryStore({ queries: [{ queryKey: cardsKey({ limit: 6, category: "sea" }), state: { status: "success", data: ["a"], dataUpdatedAt: 5 } }] });
  expect(store.get(hashKey(cardsKey({ category: "sea", limit: 6 })))).toMatchObject({ status: "success", data: ["a"], dataUpdatedAt: 5, isFetching: false });
  expect(store.get(hashKey(cardsKey({ category: "air", limit: 6 })))).toBeUndefined();
});

test("concurrent fetches of one key run the query once; a failure keeps the last data", async () => {
  const store = new QueryStore();
  const key = cardsKey({ limit: 1 });
  let calls = 0;
  let release!: (v: string[]) => void;
  const first = store.fetch(key, () => ((calls += 1), new Promise<string[]>((resolve) => (release = resolve))));
  const second = store.fetch(key, () => ((calls += 1), Promise.resolve(["other"])));
  expect(store.get(hashKey(key))?.isFetching).toBe(true);
  release(["x"]);
  await Promise.all([first, second]);
  expect(calls).toBe(1);
  expect(store.get(hashKey(key))).toMatchObject({ status: "success", data: ["x"], isFetching: false });

  await store.fetch(key, () => Promise.reject(new Error("down")));
  expect(store.get(hashKey(key))).toMatchObject({ status: "error", data: ["x"], isFetching: false });
  expect((store.get(hashKey(key))?.error as Error).message).toBe("down");
});

test("invalidating a partial key marks exactly the queries it names and tells their listeners", () => {
  const list = [["comments", "list"], { input: { articleId: 7 }, type: "query" }] as const;
  const other = [["comments", "list"], { input: { articleId: 8 }, type: "query" }] as const;
  const ticker = [["ticker", "list"], { type: "query" }] as const;
  const store = new QueryStore({ queries: [list, other, ticker].map((queryKey) => ({ queryKey, state: { status: "success" as const, data: [] } })) });
  const told: string[] = [];
  for (const key of [list, other, ticker]) store.subscribe(hashKey(key), () => told.push(hashKey(key)));

  store.invalidate([["comments", "list"], { input: { articleId: 7 } }]);
  expect(told).toEqual([hashKey(list)]);
  expect([list, other, ticker].map((k) => store.isStale(hashKey(k)))).toEqual([true, false, false]);

  store.invalidate([["comments", "list"]]);
  expect([list, other, ticker].map((k) => store.isStale(hashKey(k)))).toEqual([true, true, false]);
});
