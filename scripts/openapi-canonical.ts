// Prints the served /api/openapi.json in a canonical form (object keys sorted, `required` lists sorted), so two
// versions of the code can be compared for meaning with `diff`: what a field is called, whether it is required,
// its type and its description; the order fields are declared in does not show.
// Usage: tsx scripts/openapi-canonical.ts > /tmp/after.json   (a temporary database: SQLite, or DATABASE_URL emptied)
import { createTestApp } from "../test/helpers/testApp.js";

function canonical(value: unknown, key?: string): unknown {
  if (Array.isArray(value)) {
    const items = value.map((item) => canonical(item));
    return key === "required" ? [...(items as string[])].sort() : items;
  }
  if (value && typeof value === "object") {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((k) => [k, canonical((value as Record<string, unknown>)[k], k)]),
    );
  }
  return value;
}

const t = await createTestApp();
try {
  const res = await t.api("GET", "/api/openapi.json");
  if (res.status !== 200) throw new Error(`GET /api/openapi.json answered ${res.status}`);
  console.log(JSON.stringify(canonical(res.body), null, 2));
} finally {
  await t.close();
}
