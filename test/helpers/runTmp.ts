// The API project's temporary files of one run (each suite's migrated template database, restore targets) go under one
// directory, which the project's globalSetup makes (workerDatabases.ts) and its globalTeardown (this module's default
// export) removes. Jest ends workers without running their exit handlers (a worker past TEST_WORKER_MEMORY, forceExit):
// each `npm test` left about 70 directories (about 70 MB) in the system's temporary directory.
import fs from "node:fs";
import os from "node:os";

/** The run's directory for temporary files; the system's where no globalSetup made one. */
export const runTmpDir = () => process.env.TEST_RUN_TMP ?? os.tmpdir();

/** The globalTeardown: removes the run's directory, only in the process that made it. */
export default function removeRunTmp() {
  const { TEST_RUN_TMP: dir, TEST_RUN_TMP_OWNER: owner } = process.env;
  if (dir && owner === String(process.pid)) fs.rmSync(dir, { recursive: true, force: true });
}
