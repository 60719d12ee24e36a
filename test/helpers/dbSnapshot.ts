import type { DataSource } from "typeorm";

/** Tables whose rows legitimately change on refused requests (throttle counters, sessions). */
const VOLATILE = new Set(["rate_limit", "admin_session", "migrations"]);

/** Every row of every content table, to prove a refused request changed nothing. */
export async function snapshotTables(ds: DataSource): Promise<Record<string, unknown[]>> {
  const snapshot: Record<string, unknown[]> = {};
  for (const meta of ds.entityMetadatas) {
    if (VOLATILE.has(meta.tableName)) continue;
    snapshot[meta.tableName] = await ds.getRepository(meta.target).find();
  }
  return JSON.parse(JSON.stringify(snapshot));
}

/** Row counts of every content table. */
export async function countRows(ds: DataSource): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const meta of ds.entityMetadatas) {
    if (VOLATILE.has(meta.tableName)) continue;
    counts[meta.tableName] = await ds.getRepository(meta.target).count();
  }
  return counts;
}

/** A response body must never carry a stack trace or a source path. */
export function expectNoStack(text: string) {
  expect(text).not.toMatch(/\n\s+at |"stack"|node_modules|\/src\/[\w/]+\.ts/);
}
