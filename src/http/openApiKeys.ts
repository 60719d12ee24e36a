// Declares partners' API keys in the OpenAPI document: the bearer scheme (so /api/docs can try calls with a
// key) and each operation's scope. The scopes come from the procedures' meta, the one place the server enforces them.
import type { AnyRouter } from "@trpc/server";
import type { ProcedureMeta } from "../trpc/trpc.js";

type Operation = { description?: string; security?: Record<string, string[]>[]; "x-api-key-scope"?: string | null };

export function documentApiKeys<T extends { paths?: object; components?: object }>(document: T, router: AnyRouter): T {
  const components = (document.components ??= {}) as { securitySchemes?: Record<string, unknown> };
  components.securitySchemes = {
    ...components.securitySchemes,
    apiKey: {
      type: "http",
      scheme: "bearer",
      description: "A partner's API key (`Authorization: Bearer dsk_…`), created on the administrator's API keys screen. It acts with exactly its scopes; each operation names the scope it needs in `x-api-key-scope` (null: no key may call it).",
    },
  };
  const paths = (document.paths ?? {}) as Record<string, Record<string, Operation>>;
  for (const procedure of Object.values(router._def.procedures as Record<string, { _def: { meta?: ProcedureMeta } }>)) {
    const meta = procedure._def.meta;
    const op = meta?.openapi && paths[meta.openapi.path]?.[meta.openapi.method.toLowerCase()];
    if (!op || !meta?.openapi) continue;
    const isPublic = meta.openapi.protect === false;
    const scope = meta.scope ?? (isPublic ? "content:read" : null);
    op["x-api-key-scope"] = scope;
    if (scope) {
      op.security = isPublic ? [{}, { apiKey: [] }] : [...(op.security ?? []), { apiKey: [] }];
      op.description = `${op.description ? `${op.description}\n\n` : ""}API key scope: \`${scope}\`.`;
    } else if (!isPublic) {
      op.description = `${op.description ? `${op.description}\n\n` : ""}Administrator only: no API key may call it (403).`;
    }
    if (meta.permission) {
      (op as Record<string, unknown>)["x-staff-permission"] = meta.permission;
      op.description = `${op.description ? `${op.description}\n\n` : ""}Staff roles: those whose role allows \`${meta.permission}\` (401 without a session, 403 for other roles).`;
    }
  }
  return document;
}
