// The TypeORM CLI's entry (`npx typeorm -d ormconfig.ts …`): the DataSource of the environment.
// Nothing in the app, the scripts or the tests imports this file: they parse the configuration
// once and call createDataSource (src/dataSource.ts) with it.
import { parseConfig } from "./src/config.js";
import { createDataSource } from "./src/dataSource.js";

export default createDataSource(parseConfig());
