// Migration commands: run | revert | show | create <Name>
import fs from "node:fs";
import path from "node:path";
import { parseConfig } from "../src/config.js";
import { createDataSource } from "../src/dataSource.js";

const [command, name] = process.argv.slice(2);
if (command === "create") {
  if (!name || !/^[A-Z][A-Za-z0-9]+$/.test(name)) throw new Error("Usage: npm run migration:create -- AddSomething");
  const stamp = Date.now();
  const file = path.resolve(import.meta.dirname, `../src/migrations/${stamp}-${name}.ts`);
  fs.writeFileSync(
    file,
    `import type { MigrationInterface, QueryRunner } from "typeorm";\nimport { dialectColumns } from "./1763800000000-Initial.js";\n\nexport class ${name}${stamp} implements MigrationInterface {\n  name = "${name}${stamp}";\n\n  public async up(queryRunner: QueryRunner): Promise<void> {\n    const c = dialectColumns(queryRunner);\n    void c;\n  }\n\n  public async down(queryRunner: QueryRunner): Promise<void> {}\n}\n`,
  );
  console.log(`Created ${file}; add it to src/migrations/index.ts`);
  process.exit(0);
}
const dataSource = createDataSource(parseConfig());
await dataSource.initialize();
if (command === "run") {
  const done = await dataSource.runMigrations({ transaction: "each" });
  console.log(done.length ? `Ran ${done.map((m) => m.name).join(", ")}` : "No pending migrations");
} else if (command === "revert") {
  await dataSource.undoLastMigration({ transaction: "each" });
  console.log("Reverted the last migration");
} else if (command === "show") {
  const pending = await dataSource.showMigrations();
  console.log(pending ? "There are pending migrations" : "No pending migrations");
} else {
  console.error("Usage: tsx scripts/migrate.ts run|revert|show|create <Name>");
  process.exitCode = 1;
}
await dataSource.destroy();
