// ESM jest with ts-jest (see ../shared/docs/stack-notes.md). Two projects: API/unit tests, and
// browser tests that share one built server and one Chromium started by test/e2e/globalSetup.ts.
const common = {
  extensionsToTreatAsEsm: [".ts", ".tsx"],
  moduleNameMapper: { "^(\\.{1,2}/.*)\\.js$": "$1" },
  transform: { "^.+\\.tsx?$": ["ts-jest", { useESM: true }] },
  testEnvironment: "node",
};

export default {
  testTimeout: 30_000,
  projects: [
    { ...common, displayName: "api", testMatch: ["<rootDir>/test/**/*.test.ts"], testPathIgnorePatterns: ["/test/e2e/"] },
    {
      ...common,
      displayName: "e2e",
      testMatch: ["<rootDir>/test/e2e/**/*.test.ts"],
      globalSetup: "<rootDir>/test/e2e/globalSetup.ts",
      globalTeardown: "<rootDir>/test/e2e/globalTeardown.ts",
    },
  ],
};
