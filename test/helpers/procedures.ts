// Every procedure of the router, with its kind and, when it has one, its REST route. tRPC has no public API that
// lists a router's procedures (trpc-to-openapi itself reads the same `_def.procedures` record to build the OpenAPI
// document), and the OpenAPI document leaves out the procedures that are tRPC-only. The tests that must reach every
// procedure (the authentication sweep, the fuzzer) read the list here, the one place that looks inside the router.
import { appRouter } from "../../src/trpc/router.js";

export interface ProcedureInfo {
  /** The tRPC path, e.g. "articles.create". */
  path: string;
  type: "query" | "mutation" | "subscription";
  /** REST method and path (OpenAPI style, `{id}`) when the procedure is exposed over REST. */
  method?: string;
  restPath?: string;
  /** Whether the procedure is marked as needing a session (the default when it is not on REST). */
  protect: boolean;
  /** What the caller's role must allow (staff procedures), and the API-key scope that may call it. */
  permission?: string;
  scope?: string;
  /** What its `cache` meta declares for the page cache: tags (a rule), never stored, or nothing. */
  cache: "tags" | "never" | undefined;
}

type RouterRecord = Record<string, { _def: { type: ProcedureInfo["type"]; meta?: { openapi?: { method: string; path: string; protect?: boolean }; permission?: string; scope?: string; cache?: unknown } } }>;

export function listProcedures(): ProcedureInfo[] {
  const record = (appRouter as unknown as { _def: { procedures: RouterRecord } })._def.procedures;
  return Object.entries(record).map(([path, p]) => {
    const openapi = p._def.meta?.openapi;
    const cache = p._def.meta?.cache;
    return { path, type: p._def.type, method: openapi?.method, restPath: openapi?.path, protect: openapi ? openapi.protect !== false : true, permission: p._def.meta?.permission, scope: p._def.meta?.scope, cache: typeof cache === "function" ? "tags" : cache === false ? "never" : undefined };
  });
}
