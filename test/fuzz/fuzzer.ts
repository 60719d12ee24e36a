// A seeded, schema-driven fuzzer: every path and method of /api/openapi.json and every tRPC procedure,
// with valid inputs, boundary values, wrong types, mutations of valid inputs, random headers and
// content types, huge and deeply nested bodies. It checks that no answer is a 5xx, no answer carries a
// stack trace, and that a refused request changed nothing stored (table snapshots before and after).
import { createHash } from "node:crypto";
import { createArticle } from "../helpers/factories.js";
import { createTestApp, type TestApp } from "../helpers/testApp.js";
import { listProcedures } from "../helpers/procedures.js";

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Schema = Record<string, any>;
interface Operation {
  method: string;
  path: string;
  procedure: string;
  type: "query" | "mutation";
  params: { name: string; in: "path" | "query"; required: boolean; schema: Schema }[];
  body?: Schema;
}
export interface FuzzResult {
  seed: number;
  requests: number;
  byStatus: Record<string, number>;
  failures: string[];
}

/** mulberry32: a small, seedable PRNG, so a run is reproducible from its seed. */
function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)];
  return { next, int, pick, chance: (p: number) => next() < p };
}
type Rng = ReturnType<typeof prng>;

const NASTY_STRINGS = ["", " ", "$`$'$&$1", "<script>alert(1)</script>", "' OR 1=1 --", "%00", "\u0000", "../../etc/passwd", "😀".repeat(50), "\ud800", "a".repeat(5000), "null", "NaN", "-1", "1e309", "{{7*7}}", "javascript:alert(1)", "//evil.example", "/\\evil.example", "x@y", "é".repeat(300)];
const WRONG_VALUES: Json[] = [null, true, false, 0, -1, 1.5, 2 ** 53, -(2 ** 31), "", "abc", [], [1, 2], {}, { a: 1 }, "9".repeat(40)];

function resolve(schema: Schema | undefined, components: Record<string, Schema>): Schema {
  if (!schema) return {};
  if (schema.$ref) return resolve(components[String(schema.$ref).split("/").pop()!], components);
  if (schema.allOf) return Object.assign({}, ...schema.allOf.map((s: Schema) => resolve(s, components)));
  return schema;
}

/** A value the schema accepts (as far as JSON Schema says; zod refinements may still refuse it). */
function validValue(schema: Schema, rng: Rng, components: Record<string, Schema>, depth = 0): Json {
  schema = resolve(schema, components);
  if (schema.anyOf || schema.oneOf) return validValue(rng.pick((schema.anyOf ?? schema.oneOf) as Schema[]), rng, components, depth);
  if (schema.enum) return rng.pick(schema.enum);
  if (schema.const !== undefined) return schema.const;
  const type = Array.isArray(schema.type) ? rng.pick(schema.type) : schema.type;
  switch (type) {
    case "null":
      return null;
    case "boolean":
      return rng.chance(0.5);
    case "integer":
    case "number": {
      const min = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? Number(schema.exclusiveMinimum) + 1 : 0);
      const max = Math.min(schema.maximum ?? min + 1000, min + 1000);
      const n = rng.int(Math.ceil(min), Math.floor(max));
      return type === "integer" ? n : n + (rng.chance(0.3) ? 0.5 : 0);
    }
    case "string": {
      if (schema.format === "email") return `fuzz${rng.int(1, 99999)}@example.com`;
      if (schema.format === "date-time") return new Date(Date.UTC(2026, rng.int(0, 11), rng.int(1, 28))).toISOString();
      if (schema.format === "uri") return `https://example.com/${rng.int(1, 999)}`;
      const min = schema.minLength ?? 0;
      const max = Math.min(schema.maxLength ?? 40, 60);
      const length = rng.int(Math.max(min, 1), Math.max(min, max, 1));
      const alphabet = "abcdefghijklmnopqrstuvwxyz0123456789- ";
      let s = "";
      for (let i = 0; i < length; i++) s += alphabet[rng.int(0, alphabet.length - 1)];
      return s.trim() || "x".repeat(Math.max(1, min));
    }
    case "array": {
      if (depth > 4) return [];
      const n = rng.int(schema.minItems ?? 0, Math.min(schema.maxItems ?? 3, 3));
      return Array.from({ length: n }, () => validValue(schema.items ?? {}, rng, components, depth + 1));
    }
    default: {
      if (depth > 4 || !schema.properties) return {};
      const out: Record<string, Json> = {};
      const required = new Set<string>(schema.required ?? []);
      for (const [key, prop] of Object.entries(schema.properties as Record<string, Schema>)) {
        if (required.has(key) || rng.chance(0.6)) out[key] = validValue(prop, rng, components, depth + 1);
      }
      return out;
    }
  }
}

/** A boundary value just inside or outside what the schema allows. */
function boundaryValue(schema: Schema, rng: Rng, components: Record<string, Schema>): Json {
  schema = resolve(schema, components);
  if (schema.anyOf || schema.oneOf) return boundaryValue(rng.pick((schema.anyOf ?? schema.oneOf) as Schema[]), rng, components);
  const type = Array.isArray(schema.type) ? rng.pick(schema.type) : schema.type;
  if (type === "string") {
    const max = schema.maxLength ?? 1000;
    return rng.pick(["a".repeat(Math.min(max, 300_000)), "a".repeat(Math.min(max + 1, 300_001)), "", " ".repeat(10), rng.pick(NASTY_STRINGS)]);
  }
  if (type === "integer" || type === "number") {
    const min = schema.minimum ?? schema.exclusiveMinimum ?? 0;
    const max = schema.maximum ?? 2 ** 31;
    return rng.pick([min, min - 1, max, max + 1, 0, -1, 2 ** 53 + 1, 0.5, -0.0001, 1e308]);
  }
  if (type === "array") return rng.pick([[], Array.from({ length: (schema.maxItems ?? 100) + 1 }, () => validValue(schema.items ?? {}, rng, components, 3))]);
  return validValue(schema, rng, components);
}

/** Replaces, removes or adds one field of a valid object. */
function mutate(value: Json, schema: Schema, rng: Rng, components: Record<string, Schema>): Json {
  if (!value || typeof value !== "object" || Array.isArray(value)) return rng.pick(WRONG_VALUES);
  const out: Record<string, Json> = { ...value };
  const props = Object.entries((resolve(schema, components).properties ?? {}) as Record<string, Schema>);
  const action = rng.int(0, 4);
  if (action === 0 && props.length) {
    const [key] = rng.pick(props);
    delete out[key];
  } else if (action === 1 && props.length) {
    const [key] = rng.pick(props);
    out[key] = rng.pick(WRONG_VALUES);
  } else if (action === 2 && props.length) {
    const [key, prop] = rng.pick(props);
    out[key] = boundaryValue(prop, rng, components);
  } else if (action === 3) {
    out[rng.pick(["__proto__", "constructor", "extra", "id", "status", "$where"])] = rng.pick(WRONG_VALUES);
  } else if (props.length) {
    const [key] = rng.pick(props);
    out[key] = rng.pick(NASTY_STRINGS);
  }
  return out;
}

/** encodeURIComponent that survives lone surrogates (a browser would send U+FFFD). */
const enc = (s: string) => encodeURIComponent(s.replace(/[\ud800-\udfff]/g, (c, i: number, all: string) => (/[\ud800-\udbff][\udc00-\udfff]/.test(all.slice(i - 1, i + 1)) || /[\ud800-\udbff][\udc00-\udfff]/.test(all.slice(i, i + 2)) ? c : "\ufffd")));

function deepBody(depth: number) {
  return "[".repeat(depth) + "]".repeat(depth);
}

const STACK = /(\n\s+at\s+\S+|\bat\s+[\w.<>]+\s+\(.*:\d+:\d+\)|node_modules\/|\.ts:\d+:\d+|\.js:\d+:\d+)/;
const EXCLUDED_TABLES = new Set(["migrations", "typeorm_metadata", "rate_limit", "audience_event", "audience_page_day", "audience_visitor_day", "sqlite_sequence"]);
/** Bookkeeping a refused request may rightly write: when a session or key was last used (at most once a minute). */
const BOOKKEEPING_COLUMNS: Record<string, string[]> = { admin_session: ["lastSeenAt"], api_key: ["lastUsedAt"] };
const withoutBookkeeping = (table: string, row: Record<string, unknown>) => {
  const copy = { ...row };
  for (const column of BOOKKEEPING_COLUMNS[table] ?? []) delete copy[column];
  return copy;
};

async function tables(t: TestApp): Promise<string[]> {
  const rows: { name: string }[] = t.config.databaseUrl
    ? await t.ds.query("SELECT table_name AS name FROM information_schema.tables WHERE table_schema = DATABASE()")
    : await t.ds.query("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'");
  return rows.map((r) => r.name).filter((n) => !EXCLUDED_TABLES.has(n) && !n.endsWith("_fts") && !n.includes("_fts_"));
}

/** A hash of every row of each table, by table name. */
async function snapshot(t: TestApp, names: string[]): Promise<Record<string, string>> {
  // A newsletter send answers at once and mails in the background: let an earlier request's pass finish first.
  await t.services.newsletterSender.idle();
  // The tables are read at once (over the pool's connections on MariaDB): one round trip's wait, not one per table.
  const hashed = await Promise.all(
    names.map(async (name) => {
      const rows = await t.ds.query(`SELECT * FROM ${t.config.databaseUrl ? `\`${name}\`` : `"${name}"`}`);
      const lines = rows.map((r: Record<string, unknown>) => JSON.stringify(withoutBookkeeping(name, r))).sort();
      return [name, createHash("sha256").update(lines.join("\n")).digest("hex")] as const;
    }),
  );
  return Object.fromEntries(hashed);
}

const changedTables = (before: Record<string, string>, after: Record<string, string>) => Object.keys(before).filter((name) => before[name] !== after[name]);

function operations(doc: any): Operation[] {
  const byPath = new Map<string, string>();
  for (const p of listProcedures()) if (p.restPath) byPath.set(`${p.method} ${p.restPath}`, `${p.path}|${p.type}`);
  const ops: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths as Record<string, Record<string, any>>)) {
    for (const [method, op] of Object.entries(methods)) {
      const [procedure, type] = (byPath.get(`${method.toUpperCase()} ${path}`) ?? "|query").split("|");
      ops.push({
        method: method.toUpperCase(),
        path,
        procedure,
        type: type as Operation["type"],
        params: (op.parameters ?? []).map((p: any) => ({ name: p.name, in: p.in, required: Boolean(p.required), schema: p.schema ?? {} })),
        body: op.requestBody?.content?.["application/json"]?.schema,
      });
    }
  }
  return ops;
}

/** Runs `count` requests from `seed` against a fresh app; DATABASE_URL picks MariaDB/MySQL as in the tests. */
export async function runFuzz({ seed = 1, count = 10_000, log = (_: string) => undefined }: { seed?: number; count?: number; log?: (line: string) => void } = {}): Promise<FuzzResult> {
  const t = await createTestApp({ RATE_LIMIT_LOGIN: "1000000", RATE_LIMIT_LOGIN_ACCOUNT: "1000000", RATE_LIMIT_COMMENTS: "1000000", RATE_LIMIT_NEWSLETTER: "1000000" });
  t.services.audience.rateLimit = Number.MAX_SAFE_INTEGER;
  const result: FuzzResult = { seed, requests: 0, byStatus: {}, failures: [] };
  try {
    const rng = prng(seed);
    const components = (await t.api("GET", "/api/openapi.json")).body.components?.schemas ?? {};
    const doc = (await t.api("GET", "/api/openapi.json")).body;
    const ops = operations(doc);
    for (let i = 0; i < 5; i++) await createArticle(t.services, { isBreaking: i % 2 === 0 });
    let cookie = await t.login();
    const names = await tables(t);

    const ids = () => rng.pick<Json>([1, 2, 3, 5, 0, -1, 2 ** 31, "abc", "1.5", "%00", "..%2F..", "9".repeat(30), "about", "careers", "nope", "😀"]);
    for (let n = 0; n < count; n++) {
      const op = rng.pick(ops);
      const strategy = rng.pick(["valid", "valid", "boundary", "wrong", "mutate", "mutate", "headers", "huge", "deep", "trpc", "trpc", "trpc-batch"] as const);
      const asAdmin = rng.chance(0.6) && op.procedure !== "admin.logout";
      // inputs: path and query parameters plus the body
      const input: Record<string, Json> = {};
      for (const p of op.params) input[p.name] = p.in === "path" && rng.chance(0.5) ? ids() : validValue(p.schema, rng, components);
      let body: Json | undefined = op.body ? validValue(op.body, rng, components) : undefined;
      if (strategy === "boundary") {
        const target = op.params.length && (!op.body || rng.chance(0.5)) ? rng.pick(op.params) : undefined;
        if (target) input[target.name] = boundaryValue(target.schema, rng, components);
        else if (op.body) body = mutate(body ?? {}, op.body, rng, components);
      } else if (strategy === "wrong") {
        if (op.body && rng.chance(0.6)) body = rng.pick(WRONG_VALUES);
        else if (op.params.length) input[rng.pick(op.params).name] = rng.pick(WRONG_VALUES);
      } else if (strategy === "mutate" && op.body) {
        body = mutate(body ?? {}, op.body, rng, components);
      }

      const headers: Record<string, string> = {};
      if (asAdmin) headers.cookie = cookie;
      let raw: string | undefined = body === undefined ? undefined : JSON.stringify(body);
      if (strategy === "headers") {
        headers["content-type"] = rng.pick(["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", "application/json; charset=utf-16", "application/json", "application/jsonx", "", "*/*"]);
        headers.accept = rng.pick(["text/html", "*/*", "application/xml", "\u00ff"]).replace(/[^\x20-\x7e]/g, "");
        headers["x-forwarded-for"] = rng.pick(["1.2.3.4", "garbage", "::1, 10.0.0.1", "x".repeat(500)]);
        if (rng.chance(0.3)) headers.cookie = rng.pick(["ds_session=" + "a".repeat(300), "ds_session=%ff%fe", "=;;;", "ds_session"]);
        if (rng.chance(0.3)) raw = rng.pick(["{", "null", "[]", "\"x\"", "{\"a\":}", "\u0000", "password=x"]);
      } else if (strategy === "huge") {
        raw = JSON.stringify({ ...(typeof body === "object" && body && !Array.isArray(body) ? body : {}), content: "x".repeat(rng.pick([200_001, 1_100_000])) });
      } else if (strategy === "deep") {
        raw = rng.chance(0.5) ? deepBody(rng.pick([65, 500, 5000])) : JSON.stringify(JSON.parse(deepBody(60)));
      }
      if (raw !== undefined && headers["content-type"] === undefined) headers["content-type"] = "application/json";
      if (headers["content-type"] === "") delete headers["content-type"];

      let url: string;
      let method = op.method;
      if (strategy === "trpc" || strategy === "trpc-batch") {
        const trpcInput = { ...input, ...(typeof body === "object" && body && !Array.isArray(body) ? body : {}) };
        const encoded = enc(JSON.stringify(strategy === "trpc-batch" ? { 0: trpcInput, 1: trpcInput } : trpcInput));
        const name = strategy === "trpc-batch" ? `${op.procedure},${rng.pick(ops).procedure}` : op.procedure;
        const batch = strategy === "trpc-batch" ? "batch=1&" : "";
        if (op.type === "query") {
          method = "GET";
          url = `/api/trpc/${name}?${batch}input=${encoded}`;
          raw = undefined;
          delete headers["content-type"];
        } else {
          method = "POST";
          url = `/api/trpc/${name}${batch ? "?batch=1" : ""}`;
          raw = decodeURIComponent(encoded);
          headers["content-type"] = "application/json";
        }
      } else {
        const pathParams = new Set(op.params.filter((p) => p.in === "path").map((p) => p.name));
        url = "/api" + op.path.replace(/\{(\w+)\}/g, (_, name) => enc(String((input[name] ?? "") as string | number)));
        const query = new URLSearchParams();
        for (const p of op.params) if (!pathParams.has(p.name) && input[p.name] !== undefined && (p.required || rng.chance(0.7))) query.set(p.name, typeof input[p.name] === "string" ? (input[p.name] as string) : JSON.stringify(input[p.name]));
        if (query.size) url += `?${query}`;
      }
      if (method === "GET" || method === "DELETE") raw = method === "DELETE" && strategy === "headers" ? raw : undefined;

      const before = method !== "GET" ? await snapshot(t, names) : undefined;
      let status: number;
      let text: string;
      try {
        const res = await fetch(t.baseUrl + url, { method, headers, body: raw });
        status = res.status;
        text = await res.text();
      } catch (error) {
        status = 0;
        text = String(error);
      }
      result.requests++;
      result.byStatus[status] = (result.byStatus[status] ?? 0) + 1;
      const label = `#${n} ${strategy} ${method} ${url.slice(0, 160)} → ${status}`;
      if (status >= 500 || status === 0) result.failures.push(`${label}: ${text.slice(0, 300)}`);
      else if (STACK.test(text)) result.failures.push(`${label}: stack trace in answer: ${text.slice(0, 300)}`);
      const changed = before !== undefined && status >= 400 ? changedTables(before, await snapshot(t, names)) : [];
      if (changed.length) result.failures.push(`${label}: a refused request changed stored data (${changed.join(", ")})`);
      if (asAdmin && status === 401 && (await t.api("GET", "/api/admin/status", { cookie })).body?.authenticated !== true) cookie = await t.login();
      if ((n + 1) % 1000 === 0) log(`${n + 1} requests, ${result.failures.length} failures`);
    }
  } finally {
    await t.close();
  }
  return result;
}
