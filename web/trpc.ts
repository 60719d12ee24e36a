import { httpBatchLink } from "@trpc/client";
import { createTRPCReact } from "@trpc/react-query";
import { QueryClient } from "@tanstack/react-query";
import type { AppRouter } from "../src/trpc/router.js";

export const trpc = createTRPCReact<AppRouter>();

/** Query defaults: data never goes stale by itself, no refetch on focus, no polling, no retries (never on 4xx). */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: Infinity, refetchOnWindowFocus: false, retry: false },
      mutations: { retry: false },
    },
  });
}

export function createTrpcClient(baseUrl = "") {
  return trpc.createClient({
    // The server refuses batches of more than 10 procedures (src/trpc/batchGuard.ts): split before that.
    links: [httpBatchLink({ url: `${baseUrl}/api/trpc`, maxItems: 10, fetch: (url, init) => fetch(url, { ...init, credentials: "include" }) })],
  });
}

/** The tRPC error code of a failed query/mutation, when it has one. */
export const errorCode = (error: unknown): string | undefined => (error as { data?: { code?: string } } | null)?.data?.code;
export const errorStatus = (error: unknown): number | undefined => (error as { data?: { httpStatus?: number } } | null)?.data?.httpStatus;
