// Child processes for the benchmark: started in their own process group so the whole tree
// (npm → sh → node …) can be stopped, their memory read from /proc, their readiness polled.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";

export interface Child {
  name: string;
  process: ChildProcess;
  logFile: string;
  exited: Promise<number | null>;
}

/** A port nobody listens on right now (0: any the system picks). */
function listenable(port: number): Promise<number | null> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once("error", () => resolve(null));
    server.listen(port, "127.0.0.1", () => {
      const { port: bound } = server.address() as net.AddressInfo;
      server.close(() => resolve(bound));
    });
  });
}

/** BENCH_PORTS=4400-4499: the only ports the benches' servers may take (a machine shared by several sessions, each
 *  with its range), handed out in turn; none: any free port. */
const PORT_RANGE = /^(\d+)-(\d+)$/.exec(process.env.BENCH_PORTS ?? "")?.slice(1).map(Number);
let nextInRange = 0;

/** A port nobody listens on right now (in BENCH_PORTS when set). */
export async function freePort(): Promise<number> {
  if (!PORT_RANGE) {
    const port = await listenable(0);
    if (port === null) throw new Error("No free port");
    return port;
  }
  const [first, last] = PORT_RANGE;
  for (let tried = 0; tried <= last - first; tried++) {
    const port = first + (nextInRange++ % (last - first + 1));
    if ((await listenable(port)) !== null) return port;
  }
  throw new Error(`No free port in BENCH_PORTS=${process.env.BENCH_PORTS}`);
}

/** `npm start`'s command in checkout `root` (its package.json's start script), each `${NAME:-default}` as the shell reads
 *  it (NAME from the environment, else the default): the variables it sets before node, and node's flags. */
function startCommand(root: string, env: NodeJS.ProcessEnv) {
  const start: string = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")).scripts.start;
  const command = /^((?:[A-Za-z_]\w*=\S*\s+)*)node\s+(.*?)\s+scripts\/start\.mjs\b/.exec(start);
  if (!command) throw new Error(`npm start runs no scripts/start.mjs under node: ${start}`);
  const words = (text: string) =>
    text
      .split(/\s+/)
      .filter(Boolean)
      .map((word) => word.replace(/\$\{([A-Z_]+):-([^}]*)\}/g, (_, name: string, fallback: string) => env[name] || fallback));
  return { assignments: words(command[1]), flags: words(command[2]) };
}

/** The node flags of `npm start` in checkout `root`: for a server the benches start with node directly, so that a
 *  checkout is measured with its own flags. */
export function startNodeFlags(root: string, env: NodeJS.ProcessEnv = process.env): string[] {
  return startCommand(root, env).flags;
}

/** The variables `npm start` in checkout `root` sets before node (its malloc settings): for a server the benches start
 *  with node directly, so that an A/B of malloc settings measures each checkout's own. */
export function startEnv(root: string, env: NodeJS.ProcessEnv = process.env): Record<string, string> {
  return Object.fromEntries(startCommand(root, env).assignments.map((word) => [word.slice(0, word.indexOf("=")), word.slice(word.indexOf("=") + 1)]));
}

/** The environment the product is benchmarked in (`npm start`): production, no seed, no limits, no outside services. */
export function productEnv(port: number, dataDir: string, databaseUrl: string): NodeJS.ProcessEnv {
  const limit = "1000000000";
  return {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(port),
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    SEED: "false",
    ADMIN_PASSWORD: "x",
    RATE_LIMIT_LOGIN: limit,
    RATE_LIMIT_COMMENTS: limit,
    RATE_LIMIT_NEWSLETTER: limit,
    API_KEY_RATE_LIMIT: limit,
    SITE_URL: "",
    TICKER_FEEDS: "",
    MARKET_DATA_API_KEY: "",
    SMTP_URL: "",
    REDIS_URL: process.env.BENCH_REDIS_URL ?? "",
  };
}

/** The environment of checkout `root`'s server measured on `dataDir` as `npm start` runs it (bench/hitCpu.ts,
 *  bench/allocPerHit.ts) (SQLite in it, sample content on the first boot). */
export function sampleContentEnv(root: string, dataDir: string, port: number): NodeJS.ProcessEnv {
  return {
    ...productEnv(port, dataDir, ""),
    REDIS_URL: "",
    SEED: "",
    ADMIN_PASSWORD: "hitcpu-password-hitcpu-password",
    ...startEnv(root),
  };
}

/** Starts `command` in a new process group, its output going to `logFile` (a file, not a pipe: nothing to drain under load). */
export function startChild(name: string, command: string, args: string[], env: NodeJS.ProcessEnv, logFile: string, cwd: string): Child {
  const out = fs.openSync(logFile, "a");
  const child = spawn(command, args, { cwd, env, detached: true, stdio: ["ignore", out, out] });
  fs.closeSync(out);
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code, signal) => resolve(signal ? null : code)));
  return { name, process: child, logFile, exited };
}

/** Stops a child's whole process group (SIGTERM, then SIGKILL after 5 s). */
export async function stopChild(child: Child) {
  const pid = child.process.pid;
  if (!pid || child.process.exitCode !== null || child.process.signalCode !== null) return;
  const signalGroup = (signal: NodeJS.Signals) => {
    try {
      process.kill(-pid, signal);
    } catch {
      // the group is already gone
    }
  };
  signalGroup("SIGTERM");
  const timer = setTimeout(() => signalGroup("SIGKILL"), 5000);
  await child.exited;
  clearTimeout(timer);
  signalGroup("SIGKILL"); // anything of the group still alive after its leader exited
}

/** The bench's ceiling: a bare Express 5 app answering `res.json` (bench/ceiling.mjs, in `root`), in its own process. */
export async function startCeiling(root: string, logFile: string): Promise<{ origin: string; child: Child }> {
  const port = await freePort();
  const child = startChild("the ceiling server", process.execPath, [path.join(root, "bench/ceiling.mjs")], { ...process.env, PORT: String(port) }, logFile, root);
  const origin = `http://127.0.0.1:${port}`;
  await waitUntilAnswering(child, `${origin}/`, performance.now(), 30_000);
  return { origin, child };
}

/** The last lines a child wrote, to explain a crash. */
export function logTail(child: Child, lines = 30) {
  try {
    return fs.readFileSync(child.logFile, "utf8").trimEnd().split("\n").slice(-lines).join("\n");
  } catch {
    return "";
  }
}

function parentOf(pid: number): number | null {
  try {
    // The command name (field 2) may hold spaces and parentheses: the parent pid is the second field after the last ')'.
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
  } catch {
    return null;
  }
}

function isNode(pid: number) {
  try {
    return fs.realpathSync(`/proc/${pid}/exe`) === fs.realpathSync(process.execPath);
  } catch {
    return false;
  }
}

/**
 * The process that runs the server under `rootPid`: the deepest node process of its tree. `npm start` is npm (node) →
 * sh → the script's node (tsx adds one more node level); esbuild or other helpers a node process starts are not node.
 */
export function serverProcess(rootPid: number): number {
  const children = new Map<number, number[]>();
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    const ppid = parentOf(Number(entry));
    if (ppid !== null) children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
  }
  let best = { pid: rootPid, depth: -1 };
  const walk = (pid: number, depth: number) => {
    if (isNode(pid) && depth > best.depth) best = { pid, depth };
    for (const child of children.get(pid) ?? []) walk(child, depth + 1);
  };
  walk(rootPid, 0);
  return best.pid;
}

/** Resident memory of one process in bytes (VmRSS), or 0 when it is gone. */
export function rssOf(pid: number, field = "VmRSS"): number {
  try {
    const match = new RegExp(`${field}:\\s+(\\d+) kB`).exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"));
    return match ? Number(match[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

/** CPU time (user + system) a process (or one of its threads: its main thread's id is the pid) has used, in ms (clock
 *  ticks of 10 ms), or 0 when it is gone. */
export function cpuMsOf(pid: number, thread?: number): number {
  try {
    const stat = fs.readFileSync(thread === undefined ? `/proc/${pid}/stat` : `/proc/${pid}/task/${thread}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    // utime and stime are fields 14 and 15 of the line: 12th and 13th after the command.
    return (Number(fields[11]) + Number(fields[12])) * (1000 / 100);
  } catch {
    return 0;
  }
}

/** Samples a process's RSS every `ms` and keeps the peak: overall, and since the start of the current stretch. */
export function rssSampler(pid: number, ms = 200) {
  let peak = 0;
  let stretchPeak = 0;
  const timer = setInterval(() => {
    const rss = rssOf(pid);
    [peak, stretchPeak] = [Math.max(peak, rss), Math.max(stretchPeak, rss)];
  }, ms);
  timer.unref();
  return {
    peak: () => peak,
    /** Starts a stretch (one target's run, say); `stretchPeak` is then the highest RSS seen since. */
    startStretch: () => (stretchPeak = rssOf(pid)),
    stretchPeak: () => stretchPeak,
    stop: () => clearInterval(timer),
  };
}

/**
 * Polls `url` until it answers 200; resolves with the milliseconds since `since`. Rejects when the child exits first
 * or after `timeoutMs`.
 */
export async function waitUntilAnswering(child: Child, url: string, since: number, timeoutMs: number): Promise<number> {
  let exited = false;
  void child.exited.then(() => (exited = true));
  const deadline = since + timeoutMs;
  while (performance.now() < deadline) {
    if (exited) throw new Error(`${child.name} exited before answering ${url}:\n${logTail(child)}`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
      await res.arrayBuffer();
      if (res.status === 200) return performance.now() - since;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`${child.name} did not answer ${url} within ${timeoutMs / 1000} s:\n${logTail(child)}`);
}

/** The longest a bench waits for the search engine to be built (MariaDB: the instance's local search mirror). */
const SEARCH_BUILD_MAX_MS = 15 * 60_000;

/**
 * Waits while /readyz says the search engine is being built (on MariaDB each instance builds its local search mirror
 * at its first start, the server's engine answering meanwhile, and the build's thread counted in the process's CPU: a
 * search measured then measures the build), and says which engine answers.
 */
export async function searchEngineReady(origin: string, pid: number): Promise<string> {
  const started = performance.now();
  for (;;) {
    const { search } = (await (await fetch(`${origin}/readyz`)).json()) as { search?: { engine: string; detail: string } };
    const building = search?.detail.includes("being built");
    const waitedMs = performance.now() - started;
    if (!building || waitedMs > SEARCH_BUILD_MAX_MS) {
      const waited = waitedMs > 1_000 ? ` after waiting ${(waitedMs / 1000).toFixed(1)} s for it to be built (RSS then ${Math.round(rssOf(pid) / 2 ** 20)} MB)` : "";
      return `Search engine${building ? " STILL BEING BUILT" : ""}${waited}: ${search ? `${search.engine}, ${search.detail}` : "not reported"}.`;
    }
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
}

/** The checkouts a script measures side by side: the paths given as arguments, or the one it runs from. */
export function checkoutsFromArgs(): string[] {
  const args = process.argv.slice(2);
  return (args.length ? args : [path.resolve(import.meta.dirname, "..")]).map((r) => path.resolve(r));
}
