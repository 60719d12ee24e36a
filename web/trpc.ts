import { QueryClient } from "@tanstack/react-query";
import { httpBatchLink } from "@trpc/client";
import { createTRPCReact } from "@trpc/react-query";
import type { inferRouterOutputs } from "@trpc/server";
import { MAX_BATCH_SIZE } from "../src/schemas/constants.js";
// The one place web/ reaches into the server beyond src/schemas: the router's type (erased at build), for end-to-end types.
import type { AppRouter } from "../src/trpc/router.js";

export type { AppRouter };
/** What each procedure answers, for the screens' own types. */
export type RouterOutputs = inferRouterOutputs<AppRouter>;

export const trpc = createTRPCReact<AppRouter>();

/** The one way web/ calls the API: batched, split below the server's batch limit (src/trpc/batchGuard.ts refuses more). */
export const batchLink = (baseUrl: string, cache?: RequestCache) =>
  httpBatchLink({ url: `${baseUrl}/api/trpc`, maxItems: MAX_BATCH_SIZE, fetch: (url, init) => fetch(url, { ...init, credentials: "include", ...(cache ? { cache } : {}) }) });

export function createTrpcClient(baseUrl = "") {
  return trpc.createClient({ links: [batchLink(baseUrl)] });
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
