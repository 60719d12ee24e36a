import { QueryClient } from "@tanstack/react-query";
import { httpBatchLink } from "@trpc/client";
import { createTRPCReact } from "@trpc/react-query";
import type { inferRouterOutputs } from "@trpc/server";
// The one place web/ reaches into the server beyond src/schemas: the router's type (erased at build), for end-to-end types.
import type { AppRouter } from "../src/trpc/router.js";

export type { AppRouter };
/** What each procedure answers, for the screens' own types. */
export type RouterOutputs = inferRouterOutputs<AppRouter>;

export const trpc = createTRPCReact<AppRouter>();

export function createTrpcClient(baseUrl = "") {
  return trpc.createClient({
    // The server refuses batches of more than 10 procedures (src/trpc/batchGuard.ts): split before that.
    links: [httpBatchLink({ url: `${baseUrl}/api/trpc`, maxItems: 10, fetch: (url, init) => fetch(url, { ...init, credentials: "include" }) })],
  });
}

/** The admin screens' query cache: data never goes stale by itself, no refetch on focus, no retries (never on 4xx). */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: Infinity, refetchOnWindowFocus: false, retry: false },
      mutations: { retry: false },
    },
  });
}

export { errorCode, errorStatus } from "./lib/rpc.js";
