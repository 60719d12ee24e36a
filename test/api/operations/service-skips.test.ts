// `npm test` anywhere: with MariaDB, Redis or Chromium out of reach (closed ports, a missing binary) the suites that
// need them are skipped with one line each saying what and why, and the run passes; with CI=true they fail instead.
// Runs jest itself on a few suites, with the services pointed at a port nothing listens on.
import { execFile } from "node:child_process";
import net from "node:net";
import path from "node:path";
import { promisify } from "node:util";
import { PROJECT_ROOT } from "../../../src/paths.js";

const run = promisify(execFile);
const JEST = path.join(PROJECT_ROOT, "node_modules/jest/bin/jest.js");

async function closedPort() {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Runs jest on `args` with `env` on top of this environment (CI unset unless given); resolves with the exit code and output. */
async function jest(args: string[], env: Record<string, string>) {
  const childEnv: NodeJS.ProcessEnv = { ...process.env, CI: "", TEST_SERVICES: "", NODE_OPTIONS: "--experimental-vm-modules", ...env };
  delete childEnv.JEST_WORKER_ID;
  try {
    const { stdout, stderr } = await run(process.execPath, [JEST, "--runInBand", ...args], { cwd: PROJECT_ROOT, env: childEnv, maxBuffer: 20 * 1024 * 1024 });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, output: e.stdout + e.stderr };
  }
}

let port: number;
beforeAll(async () => {
  port = await closedPort();
});

test("without MariaDB the outage suite is skipped with its line and the run passes; CI=true fails it", async () => {
  const env = { TEST_MARIADB_URL: `mariadb://root@127.0.0.1:${port}/test` };
  const skipped = await jest(["test/api/operations/database-outage.test.ts", "--selectProjects", "api"], env);
  expect(skipped.code).toBe(0);
  expect(skipped.output).toContain(`skipped test/api/operations/database-outage.test.ts › a database outage: MariaDB at mariadb://root@127.0.0.1:${port}/test did not answer (connect ECONNREFUSED 127.0.0.1:${port}); start it or point TEST_MARIADB_URL at one`);

  const required = await jest(["test/api/operations/database-outage.test.ts", "--selectProjects", "api"], { ...env, CI: "true" });
  expect(required.code).toBe(1);
  expect(required.output).toContain("This suite needs MariaDB, which CI=true requires");
}, 120_000);

test("without Redis only the blocks that need it are skipped, each with its line", async () => {
  const { code, output } = await jest(["test/api/cache/page-cache.test.ts", "--selectProjects", "api", "-t", "second instance"], { TEST_REDIS_URL: `redis://127.0.0.1:${port}` });
  expect(code).toBe(0);
  expect(output).toContain(`skipped test/api/cache/page-cache.test.ts › a second instance sharing the database and Redis never shows what the first one changed: Redis at redis://127.0.0.1:${port} did not answer (connect ECONNREFUSED 127.0.0.1:${port})`);
  expect(output.match(/^ {2}skipped /gm)).toHaveLength(1);
}, 120_000);

test("without Chromium each browser test file is skipped with its line; CI=true fails", async () => {
  const files = ["test/e2e/admin/settings.test.ts", "test/e2e/admin/session.test.ts"];
  const skipped = await jest([...files, "--selectProjects", "e2e"], { CHROMIUM_PATH: "/nonexistent/chromium" });
  expect(skipped.code).toBe(0);
  for (const file of files) expect(skipped.output).toContain(`skipped ${file} › every test of this file: no Chromium at /nonexistent/chromium (apt-get install -y chromium, or point CHROMIUM_PATH at one)`);

  const required = await jest([files[0], "--selectProjects", "e2e"], { CHROMIUM_PATH: "/nonexistent/chromium", CI: "true" });
  expect(required.code).toBe(1);
  expect(required.output).toContain("Browser tests need Chromium at /nonexistent/chromium");
}, 120_000);

test("npm run test:unit asks for no service", async () => {
  const { code, output } = await jest(["test/api/operations/database-outage.test.ts", "--selectProjects", "api"], { TEST_SERVICES: "none", CI: "true" });
  expect(code).toBe(0);
  expect(output).toContain("skipped test/api/operations/database-outage.test.ts › a database outage: npm run test:unit runs without MariaDB");
}, 120_000);
