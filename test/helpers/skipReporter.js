// Prints, at the end of a run, one line for each block that was skipped because an outside service is missing
// (their titles carry "[skipped: why]", see services.ts and skipRunner.js), so a run that passes says what it
// did not check.
import path from "node:path";

const TAG = "[skipped: ";

export default class SkipReporter {
  constructor(globalConfig) {
    this.rootDir = globalConfig.rootDir;
    this.lines = new Map();
  }

  onTestResult(_test, result) {
    const file = path.relative(this.rootDir, result.testFilePath);
    for (const assertion of result.testResults) {
      if (assertion.status !== "pending") continue;
      const titles = [...assertion.ancestorTitles, assertion.title];
      const tagged = titles.find((t) => t.includes(TAG));
      if (!tagged) continue;
      const at = tagged.lastIndexOf(TAG);
      const what = tagged.slice(0, at).trim();
      const why = tagged.slice(at + TAG.length).replace(/\]$/, "");
      this.lines.set(`${file}\0${what}`, `skipped ${file} › ${what}: ${why}`);
    }
  }

  onRunComplete() {
    if (!this.lines.size) return;
    const out = ["", `${this.lines.size} skipped for a missing service (CI=true makes each a failure):`, ...[...this.lines.values()].map((l) => `  ${l}`), ""];
    process.stderr.write(`${out.join("\n")}\n`);
  }
}
