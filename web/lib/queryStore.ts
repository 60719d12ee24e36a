// The reader's pages' data: what the server rendered with and what the browser fetched since, keyed by tRPC's
// query keys. The public pages need only this much of a query cache (read, poll, invalidate, mutate), so they
// do without @tanstack/react-query (about 11 KB gzip of the first load); the admin screens keep it. The server
// still prefetches with react-query (createServerSideHelpers): its dehydrated state is what this store starts from.
import { createContext, createElement, useCallback, useContext, useEffect, useRef, useState, useSyncExternalStore, type ReactNode } from "react";

export type QueryKey = readonly unknown[];

export interface QueryState {
  status: "pending" | "success" | "error";
  data?: unknown;
  error?: unknown;
  dataUpdatedAt: number;
  isFetching: boolean;
}

/** react-query's dehydrated state, as the server embeds it in the page. */
export interface DehydratedState {
  queries?: Array<{ queryKey: QueryKey; state: { status: QueryState["status"]; data?: unknown; error?: unknown; dataUpdatedAt?: number } }>;
}

/** A key's hash: JSON with object keys sorted, so `{ a, b }` and `{ b, a }` are one query. */
export const hashKey = (key: QueryKey) =>
  JSON.stringify(key, (_k, v: unknown) => (v && typeof v === "object" && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : 1))) : v));

/** Whether `partial` names `key`: equal, or for objects and arrays, every part of `partial` is in `key`. */
function matches(key: unknown, partial: unknown): boolean {
  if (partial === key) return true;
  if (!partial || !key || typeof partial !== "object" || typeof key !== "object") return false;
  return Object.entries(partial).every(([k, v]) => matches((key as Record<string, unknown>)[k], v));
}

export class QueryStore {
  private readonly states = new Map<string, QueryState>();
  private readonly keys = new Map<string, QueryKey>();
  private readonly listeners = new Map<string, Set<() => void>>();
  private readonly inFlight = new Map<string, Promise<void>>();
  private readonly stale = new Set<string>();

  constructor(state?: DehydratedState) {
    for (const q of state?.queries ?? []) {
      const hash = hashKey(q.queryKey);
      this.keys.set(hash, q.queryKey);
      this.states.set(hash, { status: q.state.status, data: q.state.data, error: q.state.error, dataUpdatedAt: q.state.dataUpdatedAt ?? 0, isFetching: false });
    }
  }

  get = (hash: string) => this.states.get(hash);
  isStale = (hash: string) => this.stale.has(hash);

  subscribe(hash: string, listener: () => void) {
    const set = this.listeners.get(hash) ?? new Set();
    this.listeners.set(hash, set.add(listener));
    return () => void set.delete(listener);
  }

  private set(hash: string, next: Partial<QueryState>) {
    const previous = this.states.get(hash) ?? { status: "pending", dataUpdatedAt: 0, isFetching: false };
    this.states.set(hash, { ...previous, ...next });
    for (const listener of this.listeners.get(hash) ?? []) listener();
  }

  /** Runs the query once at a time per key; an error keeps the last data. */
  fetch(key: QueryKey, queryFn: () => Promise<unknown>): Promise<void> {
    const hash = hashKey(key);
    const running = this.inFlight.get(hash);
    if (running) return running;
    this.keys.set(hash, key);
    this.stale.delete(hash);
    this.set(hash, { isFetching: true });
    const run = queryFn().then(
      (data) => this.set(hash, { status: "success", data, error: undefined, dataUpdatedAt: Date.now(), isFetching: false }),
      (error: unknown) => this.set(hash, { status: "error", error, isFetching: false }),
    );
    const done = run.finally(() => this.inFlight.delete(hash));
    this.inFlight.set(hash, done);
    return done;
  }

  /** Marks every query `partial` names as stale: those on screen fetch again at once, the others when next shown. */
  invalidate(partial: QueryKey) {
    for (const [hash, key] of this.keys) {
      if (!matches(key, partial)) continue;
      this.stale.add(hash);
      for (const listener of this.listeners.get(hash) ?? []) listener();
    }
  }
}

const StoreContext = createContext<QueryStore | null>(null);

export const QueryStoreProvider = ({ store, children }: { store: QueryStore; children: ReactNode }) => createElement(StoreContext.Provider, { value: store }, children);

export function useQueryStore() {
  const store = useContext(StoreContext);
  if (!store) throw new Error("useQueryStore outside QueryStoreProvider");
  return store;
}

export interface QueryOptions {
  enabled?: boolean;
  /** Fetch again this often (ms), or as the function says from the current data; false: never. */
  refetchInterval?: number | false | ((query: { state: { data: unknown } }) => number | false);
  /** Data older than this (ms) is fetched again when a page shows it; by default data never goes stale by itself. */
  staleTime?: number;
  /** Whether a query that failed (on the server, say) is tried again when a page shows it (default true). */
  retryOnMount?: boolean;
}

const PENDING: QueryState = { status: "pending", dataUpdatedAt: 0, isFetching: false };

export function useQuery(key: QueryKey, queryFn: () => Promise<unknown>, options: QueryOptions = {}) {
  const { enabled = true, refetchInterval, staleTime = Infinity, retryOnMount = true } = options;
  const store = useQueryStore();
  const hash = hashKey(key);
  const latest = useRef({ key, queryFn });
  latest.current = { key, queryFn };
  const state = useSyncExternalStore(useCallback((listener) => store.subscribe(hash, listener), [store, hash]), () => store.get(hash) ?? PENDING, () => store.get(hash) ?? PENDING);
  const refetch = useCallback(() => store.fetch(latest.current.key, latest.current.queryFn), [store]);
  const stale = store.isStale(hash);
  useEffect(() => {
    if (!enabled) return;
    const current = store.get(hash);
    const old = current?.status === "success" && Date.now() - current.dataUpdatedAt > staleTime;
    if (!current || stale || old || (current.status === "error" && retryOnMount)) void refetch();
    // Only when the key, the switch or staleness change: a retry after an error waits for the next mount.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [store, hash, enabled, stale]);
  const interval = typeof refetchInterval === "function" ? refetchInterval({ state: { data: state.data } }) : refetchInterval;
  useEffect(() => {
    if (!enabled || !interval) return;
    const timer = setInterval(() => void refetch(), interval);
    return () => clearInterval(timer);
  }, [enabled, interval, refetch]);
  return {
    ...state,
    isPending: state.status === "pending",
    isLoading: state.status === "pending" && state.isFetching,
    isSuccess: state.status === "success",
    isError: state.status === "error",
    refetch,
  };
}

type MutationState = { status: "idle" | "pending" | "success" | "error"; data?: unknown; error?: unknown };
export interface MutationOptions {
  onSuccess?: (data: unknown, input: unknown) => unknown;
  onError?: (error: unknown, input: unknown) => unknown;
  onSettled?: (data: unknown, error: unknown, input: unknown) => unknown;
}

export function useMutation(mutationFn: (input: unknown) => Promise<unknown>, options: MutationOptions = {}) {
  const [state, setState] = useState<MutationState>({ status: "idle" });
  const latest = useRef({ mutationFn, options });
  latest.current = { mutationFn, options };
  const mutateAsync = useCallback(async (input?: unknown, call: MutationOptions = {}) => {
    const { mutationFn: run, options: own } = latest.current;
    setState({ status: "pending" });
    try {
      const data = await run(input);
      await own.onSuccess?.(data, input);
      setState({ status: "success", data });
      await call.onSuccess?.(data, input);
      await own.onSettled?.(data, undefined, input);
      return data;
    } catch (error) {
      setState({ status: "error", error });
      await own.onError?.(error, input);
      await call.onError?.(error, input);
      await own.onSettled?.(undefined, error, input);
      throw error;
    }
  }, []);
  const mutate = useCallback((input?: unknown, call?: MutationOptions) => void mutateAsync(input, call).catch(() => undefined), [mutateAsync]);
  const reset = useCallback(() => setState({ status: "idle" }), []);
  return { ...state, mutate, mutateAsync, reset, isIdle: state.status === "idle", isPending: state.status === "pending", isSuccess: state.status === "success", isError: state.status === "error" };
}
