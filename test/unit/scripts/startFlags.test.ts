import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { startEnv, startNodeFlags } from "../../../bench/processes.js";

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

// The malloc settings likewise (startEnv): an A/B of them measures each checkout's own only if the benches set what the
// shell sets before node, with the environment's values where given (empty counts as unset for `${NAME:-default}`).
describe("npm start's variables before node", () => {
  const start: string = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")).scripts.start;
  const setByShell = (env: NodeJS.ProcessEnv) => {
    const run = spawnSync("sh", ["-c", start.replace(/\bnode\b.*$/, "env")], { encoding: "utf8", env: { PATH: process.env.PATH, ...env } });
    return Object.fromEntries(run.stdout.trimEnd().split("\n").map((line) => [line.slice(0, line.indexOf("=")), line.slice(line.indexOf("=") + 1)]));
  };

  it("are the malloc settings", () => {
    expect(startEnv(root, {})).toEqual({ MALLOC_ARENA_MAX: "2", MALLOC_MMAP_THRESHOLD_: "65536" });
  });

  it.each([{}, { MALLOC_ARENA_MAX: "4" }, { MALLOC_ARENA_MAX: "", MALLOC_MMAP_THRESHOLD_: "131072" }])("are what the shell sets, in %o", (env) => {
    const set = startEnv(root, env);
    const shell = setByShell(env);
    for (const name of Object.keys(set)) expect([name, set[name]]).toEqual([name, shell[name]]);
  });
});
