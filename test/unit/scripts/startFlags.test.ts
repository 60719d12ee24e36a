import { spawnSync } from "node:child_process";
import path from "node:path";
import { startNodeFlags } from "../../../bench/processes.js";

const root = path.resolve(import.meta.dirname, "../../..");

// The benches start servers with node directly and read `npm start`'s flags from package.json (startNodeFlags), so
// that a checkout is measured with its own flags: the flags must parse, take the environment's values as the shell
// does, and be ones this node accepts.
describe("npm start's node flags", () => {
  it("are flags this node accepts", () => {
    const run = spawnSync(process.execPath, [...startNodeFlags(root, {}), "-e", "0"], { encoding: "utf8", env: { ...process.env, NODE_OPTIONS: "" } });
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
  });

  it("read ${NAME:-default} from the environment, else the default", () => {
    expect(startNodeFlags(root, {})).toContain("--max-old-space-size=192");
    expect(startNodeFlags(root, { MAX_HEAP_MB: "256" })).toContain("--max-old-space-size=256");
  });
});
