// The runner of a project whose outside service is missing (jest.config.js: the browser tests without
// Chromium): it runs nothing and reports each test file as one skipped test whose title says why.
export default class SkipRunner {
  constructor(_globalConfig, _context, options = {}) {
    this.reason = options.reason ?? "a required service is missing";
    this.isSerial = true;
  }

  async runTests(tests, _watcher, onStart, onResult) {
    for (const test of tests) {
      await onStart(test);
      const title = `every test of this file [skipped: ${this.reason}]`;
      await onResult(test, {
        leaks: false,
        numFailingTests: 0,
        numPassingTests: 0,
        numPendingTests: 1,
        numTodoTests: 0,
        openHandles: [],
        perfStats: { end: Date.now(), loadTestEnvironmentEnd: 0, loadTestEnvironmentStart: 0, runtime: 0, setupAfterEnvEnd: 0, setupAfterEnvStart: 0, setupFilesEnd: 0, setupFilesStart: 0, slow: false, start: Date.now() },
        skipped: true,
        snapshot: { added: 0, fileDeleted: false, matched: 0, unchecked: 0, uncheckedKeys: [], unmatched: 0, updated: 0 },
        testFilePath: test.path,
        testResults: [{ ancestorTitles: [], duration: 0, failureDetails: [], failureMessages: [], fullName: title, numPassingAsserts: 0, status: "pending", title }],
      });
    }
  }
}
