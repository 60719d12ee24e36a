// ESM jest with ts-jest (see ../shared/docs/stack-notes.md). Two projects: API/unit tests, and
// browser tests that share one built server and one Chromium started by test/e2e/globalSetup.ts.
// Without Chromium the browser tests are skipped (one line per file at the end of the run), unless
// CI=true, which requires it (globalSetup then fails with what is missing).
import fs from "node:fs";

const common = {
  extensionsToTreatAsEsm: [".ts", ".tsx"],
  moduleNameMapper: { "^(\\.{1,2}/.*)\\.js$": "$1" },
  transform: { "^.+\\.tsx?$": ["ts-jest", { useESM: true }] },
  testEnvironment: "node",
};

const CHROMIUM = process.env.CHROMIUM_PATH || "/usr/bin/chromium";
function chromiumMissing() {
  if (/^(1|true|yes)$/i.test(process.env.CI ?? "")) return null;
  try {
    fs.accessSync(CHROMIUM, fs.constants.X_OK);
    return null;
  } catch {
    return `no Chromium at ${CHROMIUM} (apt-get install -y chromium, or point CHROMIUM_PATH at one)`;
  }
}
const e2eSkipped = chromiumMissing();

export default {
  // Hooks included: a fresh MariaDB schema (drop + every migration) took over 30 s on a machine running several suites at once.
  testTimeout: 60_000,
  // A suite whose setup timed out can leave an app half-made (pools, timers) that nothing closes; the run then
  // never ends and CI waits out its whole limit. The results are in by then: end the process.
  forceExit: true,
  reporters: ["default", "<rootDir>/test/helpers/skipReporter.js"],
  projects: [
    {
      ...common,
      displayName: "api",
      testMatch: ["<rootDir>/test/**/*.test.ts"],
      testPathIgnorePatterns: ["/test/e2e/"],
      // Suites run in parallel workers (scripts/test.mjs), each on MySQL/MariaDB databases of its own.
      globalSetup: "<rootDir>/test/helpers/workerDatabases.ts",
      globalTeardown: "<rootDir>/test/helpers/runTmp.ts",
      setupFiles: ["<rootDir>/test/helpers/workerEnv.ts"],
    },
    {
      ...common,
      displayName: "e2e",
      testMatch: ["<rootDir>/test/e2e/**/*.test.ts"],
      ...(e2eSkipped
        ? { runner: ["<rootDir>/test/helpers/skipRunner.js", { reason: e2eSkipped }] }
        : { globalSetup: "<rootDir>/test/e2e/globalSetup.ts", globalTeardown: "<rootDir>/test/e2e/globalTeardown.ts" }),
    },
  ],
};
