// Creates over REST: a procedure whose meta names `created` (the new resource's path, its {fields} read from the
// answer) answers 201 Created with a Location header, and the OpenAPI document says so. tRPC's own wire format
// keeps its 200.
import type { AnyRouter } from "@trpc/server";
import type { ProcedureMeta } from "../trpc/trpc.js";

type Procedures = Record<string, { _def: { meta?: ProcedureMeta } }>;

/** Procedure name → the created resource's path template, for every create in the router. */
export function createdPaths(router: AnyRouter): Map<string, string> {
  const entries = Object.entries(router._def.procedures as Procedures).flatMap(([name, p]) => (p._def.meta?.created ? [[name, p._def.meta.created] as const] : []));
  return new Map(entries);
}

/** The Location of a created resource: the template under /api, each {field} from the answer (URL-encoded); undefined when one is missing. */
export function locationOf(template: string, answer: unknown): string | undefined {
  const fields = (answer ?? {}) as Record<string, unknown>;
  let missing = false;
  const path = template.replace(/\{(\w+)\}/g, (_all, name: string) => {
    const value = fields[name];
    if (typeof value !== "string" && typeof value !== "number") missing = true;
    return encodeURIComponent(String(value));
  });
  return missing ? undefined : `/api${path}`;
}

type Operation = { responses?: Record<string, { description?: string; headers?: Record<string, unknown> }> };

/** In the OpenAPI document, each create's success is a 201 with a Location header. */
export function documentCreates<T extends { paths?: object }>(document: T, router: AnyRouter): T {
  const paths = (document.paths ?? {}) as Record<string, Record<string, Operation>>;
  for (const procedure of Object.values(router._def.procedures as Procedures)) {
    const meta = procedure._def.meta;
    const responses = meta?.created && meta.openapi ? paths[meta.openapi.path]?.[meta.openapi.method.toLowerCase()]?.responses : undefined;
    if (!meta?.created || !responses?.["200"]) continue;
    const location = { description: `The new resource: /api${meta.created}`, schema: { type: "string" } };
    responses["201"] = { ...responses["200"], description: "Created", headers: { ...responses["200"].headers, Location: location } };
    delete responses["200"];
  }
  return document;
}
