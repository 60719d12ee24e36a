// After migrating, the entities and the schema agree: no pending difference on SQLite, and on
// MySQL/MariaDB when DATABASE_URL is set. The migrations also revert and re-apply cleanly.
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { useTestApp } from "../../helpers/testApp.js";

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, "../../..");
const TSX = path.join(ROOT, "node_modules/.bin/tsx");

const t = useTestApp();

test(`in-process: no pending schema difference on ${process.env.DATABASE_URL ? "MySQL/MariaDB" : "SQLite"}`, async () => {
  const sql = await t.ds.driver.createSchemaBuilder().log();
  expect(sql.upQueries.map((q) => q.query)).toEqual([]);
  expect(await t.ds.showMigrations()).toBe(false);
});

test("every migration reverts and re-applies, leaving no difference", async () => {
  const applied = t.ds.migrations.length;
  expect(applied).toBeGreaterThanOrEqual(1);
  for (let i = 0; i < applied; i++) await t.ds.undoLastMigration({ transaction: "each" });
  const runner = t.ds.createQueryRunner();
  const remaining = [];
  for (const meta of t.ds.entityMetadatas) if (await runner.hasTable(meta.tableName)) remaining.push(meta.tableName);
  await runner.release();
  expect(remaining).toEqual([]);
  await t.ds.runMigrations({ transaction: "each" });
  expect((await t.ds.driver.createSchemaBuilder().log()).upQueries).toEqual([]);
});

test("scripts/schema-diff.ts on a fresh embedded database prints nothing and exits 0", async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "ds-schema-"));
  try {
    const env: NodeJS.ProcessEnv = { ...process.env, NODE_OPTIONS: "", NODE_ENV: "test", DATA_DIR: dataDir };
    delete env.DATABASE_URL;
    const { stdout } = await run(TSX, ["scripts/schema-diff.ts"], { cwd: ROOT, env });
    expect(stdout.trim()).toBe("");
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}, 60_000);

(process.env.DATABASE_URL ? test : test.skip)("scripts/schema-diff.ts --fresh on DATABASE_URL prints nothing and exits 0", async () => {
  const { stdout } = await run(TSX, ["scripts/schema-diff.ts", "--fresh"], { cwd: ROOT, env: { ...process.env, NODE_OPTIONS: "", NODE_ENV: "test" } });
  expect(stdout.trim()).toBe("");
}, 60_000);
