// The TypeORM CLI's configuration (scripts/migrate.ts): the DataSource of the environment. The app itself
// builds its DataSource with createDataSource (src/dataSource.ts) from the configuration it parsed.
import type { DataSource } from "typeorm";
import { ConfigError, parseConfig } from "./src/config.js";
import { createDataSource } from "./src/dataSource.js";

export { createDataSource };

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
