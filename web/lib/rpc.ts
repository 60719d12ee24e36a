// The reader's pages call the tRPC procedures through this small client instead of @trpc/react-query, whose
// code (with @trpc/client and @tanstack/react-query) is about 20 KB gzip the first page would otherwise download.
// It is typed as the tRPC React proxy and speaks the same wire format and query keys, so the server's prefetched
// state (keys made by createServerSideHelpers) fills its store (queryStore.ts) unchanged. Supported:
// `rpc.x.y.useQuery(input, options)`, `rpc.x.y.useMutation(options)` and `rpc.useUtils().x.y.invalidate(input)`.
// The admin screens keep the full tRPC client (web/trpc.ts, loaded with their chunk).
import type { trpc } from "../trpc.js";
import { useMutation, useQuery, useQueryStore, type QueryKey, type QueryOptions } from "./queryStore.js";

/** The tRPC error code of a failed query/mutation, when it has one. */
export const errorCode = (error: unknown): string | undefined => (error as { data?: { code?: string } } | null)?.data?.code;
export const errorStatus = (error: unknown): number | undefined => (error as { data?: { httpStatus?: number } } | null)?.data?.httpStatus;

/** An error as tRPC's client presents it: the server's message, and `data` with `code` and `httpStatus`. */
export class RpcError extends Error {
  override name = "TRPCClientError";
  constructor(
    message: string,
    readonly data: { code?: string; httpStatus?: number } | undefined,
  ) {
    super(message);
  }
}

/** tRPC's query key: the path's parts, then the input (when there is one) and the kind. */
export const queryKey = (path: string[], input: unknown, type?: "query"): QueryKey => (input === undefined && !type ? [path] : [path, { ...(input !== undefined ? { input } : {}), ...(type ? { type } : {}) }]);

/** One procedure per request, in tRPC's batch format (`?batch=1`, inputs keyed "0"), as its own client sends it. */
async function call(kind: "query" | "mutation", path: string[], input: unknown) {
  const url = `/api/trpc/${path.join(".")}?batch=1`;
  const batch = JSON.stringify({ 0: input });
  let response: Response;
  try {
    response =
      kind === "query"
        ? await fetch(`${url}&input=${encodeURIComponent(batch)}`, { credentials: "include" })
        : await fetch(url, { method: "POST", credentials: "include", headers: { "content-type": "application/json" }, body: batch });
  } catch (error) {
    throw new RpcError(error instanceof Error ? error.message : "Network error", undefined);
  }
  type Item = { result?: { data?: unknown }; error?: { message?: string; data?: { code?: string; httpStatus?: number } } };
  const json = (await response.json().catch(() => null)) as Item[] | Item | null;
  const item = Array.isArray(json) ? json[0] : json;
  if (!item || item.error || !item.result) throw new RpcError(item?.error?.message ?? response.statusText, item?.error?.data ?? { httpStatus: response.status });
  return item.result.data;
}


function proxy<T>(path: string[], leaf: (path: string[], method: string) => unknown): T {
  return new Proxy(() => undefined, {
    get: (_target, prop: string) => (["useQuery", "useMutation", "invalidate"].includes(prop) ? leaf(path, prop) : proxy([...path, prop], leaf)),
  }) as T;
}

const hooks = (path: string[], method: string) =>
  method === "useQuery"
    ? (input: unknown, options?: QueryOptions) => useQuery(queryKey(path, input, "query"), () => call("query", path, input), options)
    : (options?: Parameters<typeof useMutation>[1]) => useMutation((input) => call("mutation", path, input), options);

type PublicRpc = Omit<typeof trpc, "Provider" | "createClient" | "useUtils"> & { useUtils: typeof trpc.useUtils };

/** The reader's pages' procedures, shaped like tRPC's React proxy. */
export const rpc: PublicRpc = new Proxy({} as PublicRpc, {
  get: (_target, prop: string) => {
    if (prop === "useUtils")
      return () => {
        const store = useQueryStore();
        return proxy([], (path) => (input?: unknown) => Promise.resolve(store.invalidate(queryKey(path, input))));
      };
    return proxy([prop], hooks);
  },
});
