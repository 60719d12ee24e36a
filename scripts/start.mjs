// `npm start`: production mode on the compiled server with plain node. Builds first when the build is missing
// or older than its sources (a fresh clone), then runs dist/node/server.js in this process. Stack traces name
// lines of the bundle (readable, not minified); NODE_OPTIONS=--enable-source-maps maps them to the TypeScript
// sources at the cost of about 7 MB of memory.
import { execSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

process.env.NODE_ENV ??= "production";
const root = path.resolve(import.meta.dirname, "..");
const dist = path.resolve(root, process.env.DIST_DIR ?? "dist");
const outputs = ["node/server.js", "node/readWorker.js", "server/entry-server.js", "client/index.html"].map((f) => path.join(dist, f));

function newest(target) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...fs.readdirSync(target).map((name) => newest(path.join(target, name))));
}

const inputs = Math.max(...["web", "src", "ormconfig.ts", "vite.config.ts", "package.json", "tsconfig.json"].map((f) => newest(path.join(root, f))));
if (outputs.some((f) => !fs.existsSync(f) || fs.statSync(f).mtimeMs < inputs)) {
  console.log("Building (missing or stale build)…");
  execSync("npm run build", { cwd: root, stdio: "inherit", env: { ...process.env, NODE_ENV: "production" } });
}
await import(pathToFileURL(path.join(dist, "node/server.js")).href);
