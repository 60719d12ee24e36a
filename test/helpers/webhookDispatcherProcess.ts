// Another app instance in a process of its own (run with tsx): it opens the database the environment names
// (DATABASE_URL, or DATA_DIR's embedded file) and runs one pass of the webhook dispatcher. A test kills it
// with SIGKILL in the middle of a delivery to see what a crash leaves behind. It starts before the test makes its
// change, so it ticks until there is something to deliver (at most 30 s).
import "reflect-metadata";
import { parseConfig } from "../../src/config.js";
import { createDataSource } from "../../src/dataSource.js";
import { createServices } from "../../src/services/index.js";

const config = parseConfig(process.env);
const ds = createDataSource(config);
await ds.initialize();
const services = createServices(ds, config);
process.stdout.write(`dispatcher ${services.webhookDispatcher.lease.holder} starts\n`);
let delivered = 0;
for (const end = Date.now() + 30_000; !delivered && Date.now() < end; ) {
  delivered = await services.webhookDispatcher.tick();
  if (!delivered) await new Promise((resolve) => setTimeout(resolve, 100));
}
process.stdout.write(`delivered ${delivered}\n`);
await services.close();
await ds.destroy();
