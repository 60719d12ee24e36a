import "reflect-metadata";
import fs from "node:fs";
import path from "node:path";
import { DataSource, type MigrationInterface } from "typeorm";
import type { Config } from "./config.js";
import { useDialect } from "./entities/columnTypes.js";
import { entities } from "./entities/index.js";
import { migrations } from "./migrations/index.js";
import { prepareSqliteConnection } from "./repositories/sqlitePragmas.js";

type DbConfig = Pick<Config, "databaseUrl" | "databaseKind" | "dataDir">;

/** The one DataSource definition: MySQL/MariaDB when DATABASE_URL is set, else SQLite in DATA_DIR. */
export function createDataSource(config: DbConfig): DataSource {
  useDialect(config.databaseKind);
  // No logging of TypeORM's own: it printed a failed statement with its values (a reader's address, a token) to the
  // console, outside the scrubbed JSON log. A failure reaches its caller, which logs it (src/lib/logger.ts, errOf).
  const common = { entities, migrations, synchronize: false, migrationsRun: false, logging: false };
  if (config.databaseUrl) {
    return new DataSource({
      ...common,
      type: config.databaseKind === "mariadb" ? "mariadb" : "mysql",
      url: config.databaseUrl.replace(/^mariadb:/, "mysql:"),
      charset: "utf8mb4_unicode_ci",
      timezone: "Z",
      extra: { connectionLimit: 20, connectTimeout: 3000 },
    });
  }
  fs.mkdirSync(config.dataDir, { recursive: true });
  return new DataSource({
    ...common,
    type: "better-sqlite3",
    database: path.join(config.dataDir, "site.db"),
    enableWAL: true,
    prepareDatabase: prepareSqliteConnection,
  });
}

/** The names of the migrations this code knows, oldest first. */
export const migrationNames = () => migrations.map((m: new () => MigrationInterface) => new m().name ?? m.name);

/** Runs the migrations on the configured database: the first `upTo` of them (a backup's schema), or all. */
export async function migrateDatabase(config: DbConfig, upTo?: number): Promise<void> {
  const ds = createDataSource(config);
  if (upTo !== undefined) ds.setOptions({ migrations: migrations.slice(0, upTo) });
  await ds.initialize();
  try {
    await ds.runMigrations({ transaction: "each" });
  } finally {
    await ds.destroy();
  }
}
