// Prints the SQL TypeORM would still need after running every migration; exits 1 when there is any.
// Usage: tsx scripts/schema-diff.ts [--fresh]   (--fresh empties the database first; uses DATABASE_URL / DATA_DIR)
import { createDataSource } from "../src/dataSource.js";
import { parseConfig } from "../src/config.js";

const ds = createDataSource(parseConfig());
await ds.initialize();
if (process.argv.includes("--fresh")) await ds.dropDatabase();
await ds.runMigrations({ transaction: "each" });
const sql = await ds.driver.createSchemaBuilder().log();
for (const q of sql.upQueries) console.log(q.query);
await ds.destroy();
if (sql.upQueries.length) process.exitCode = 1;
