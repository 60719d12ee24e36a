// `npm ci` installs from the lockfile alone and stops with "Missing: … from lock file" when a package's optional
// dependency (another platform's build, such as @unrs/resolver-binding-darwin-arm64) has no entry. An `npm install`
// against a registry that lacks some of them used to leave them out; this keeps the lockfile whole.
import fs from "node:fs";
import path from "node:path";
import { PROJECT_ROOT } from "../../../src/paths.js";

type Lock = { packages: Record<string, { optionalDependencies?: Record<string, string> }> };

/** Optional dependencies the lockfile names but has no entry for, resolved the way node_modules nests. */
function missingOptional(lock: Lock): string[] {
  const missing: string[] = [];
  for (const [at, entry] of Object.entries(lock.packages)) {
    for (const dep of Object.keys(entry.optionalDependencies ?? {})) {
      let base = at;
      let found = false;
      for (;;) {
        if (lock.packages[`${base ? `${base}/` : ""}node_modules/${dep}`]) {
          found = true;
          break;
        }
        if (!base) break;
        const i = base.lastIndexOf("/node_modules/");
        base = i < 0 ? "" : base.slice(0, i);
      }
      if (!found) missing.push(`${at || "(root)"} → ${dep}`);
    }
  }
  return missing;
}

test("every optional dependency in package-lock.json has its own entry, so npm ci works on any platform", () => {
  const lock = JSON.parse(fs.readFileSync(path.join(PROJECT_ROOT, "package-lock.json"), "utf8")) as Lock;
  expect(missingOptional(lock)).toEqual([]);
});
