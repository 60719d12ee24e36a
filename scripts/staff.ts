// `npm run staff -- reset-2fa EMAIL`: turns off a staff member's two-factor sign-in (a lost device) and ends their
// sessions; they sign in with their password and set it up again. Run it on the server, with the site's environment.
import { parseConfig } from "../src/config.js";
import { createDataSource } from "../src/dataSource.js";
import { createRepositories } from "../src/repositories/index.js";
import { StaffCommandError, resetTwoFactor } from "../src/services/staff/commands.js";

const [command, email] = process.argv.slice(2);
if (command !== "reset-2fa" || !email) {
  console.error("Usage: npm run staff -- reset-2fa EMAIL");
  process.exit(2);
}
const config = parseConfig();
const ds = createDataSource(config);
await ds.initialize();
try {
  const staff = await resetTwoFactor(createRepositories(ds, config), email, config.siteName, config.auditKeepDays);
  console.log(`Two-factor sign-in is off for ${staff.email} (${staff.role}); their sessions ended. They sign in with their password and set it up again.`);
} catch (error) {
  console.error(error instanceof StaffCommandError ? error.message : `Failed: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  await ds.destroy();
}
