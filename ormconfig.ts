import "reflect-metadata";
import fs from "node:fs";
import path from "node:path";
import { DataSource } from "typeorm";
import { ConfigError, parseConfig, type Config } from "./src/config.js";
import { entities } from "./src/entities/index.js";
import { migrations } from "./src/migrations/index.js";

type DbConfig = Pick<Config, "databaseUrl" | "databaseKind" | "dataDir">;

/** The one DataSource definition: MySQL/MariaDB when DATABASE_URL is set, else SQLite in DATA_DIR. */
export function createDataSource(config: DbConfig): DataSource {
  const common = { entities, migrations, synchronize: false, migrationsRun: false, logging: ["error"] as ("error")[] };
  if (config.databaseUrl) {
    return new DataSource({
      ...common,
      type: config.databaseKind === "mariadb" ? "mariadb" : "mysql",
      url: config.databaseUrl.replace(/^mariadb:/, "mysql:"),
      charset: "utf8mb4_unicode_ci",
      timezone: "Z",
      extra: { connectionLimit: 20 },
    });
  }
  fs.mkdirSync(config.dataDir, { recursive: true });
  return new DataSource({
    ...common,
    type: "better-sqlite3",
    database: path.join(config.dataDir, "site.db"),
    enableWAL: true,
    prepareDatabase: (db: { pragma: (s: string) => unknown }) => {
      db.pragma("busy_timeout = 5000");
      db.pragma("synchronous = NORMAL");
    },
  });
}

/** The DataSource of the environment; a bad configuration ends the process with its message (no stack trace). */
function dataSourceFromEnvironment(): DataSource {
  try {
    return createDataSource(parseConfig());
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}

// The TypeORM CLI and scripts/migrate.ts use this default export.
export default dataSourceFromEnvironment();
