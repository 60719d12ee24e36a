// Prints the SQL TypeORM would still need after running every migration (must print nothing).
import { createDataSource } from "../ormconfig.js";
import { parseConfig } from "../src/config.js";

const ds = createDataSource(parseConfig());
await ds.initialize();
if (process.argv.includes("--fresh")) await ds.dropDatabase();
await ds.runMigrations({ transaction: "each" });
const sql = await ds.driver.createSchemaBuilder().log();
for (const q of sql.upQueries) console.log(q.query);
await ds.destroy();
