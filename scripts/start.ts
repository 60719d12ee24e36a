// `npm start`: production mode; builds the React app first when the build is missing or older
// than its sources, then boots the server (migrations, first-start seed, HTTP).
import { execSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

process.env.NODE_ENV ??= "production";
const root = path.resolve(import.meta.dirname, "..");
const built = path.join(path.resolve(root, process.env.DIST_DIR ?? "dist"), "server/entry-server.js");

function newestSource(dir: string): number {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestSource(full) : fs.statSync(full).mtimeMs);
  }
  return newest;
}

const sources = [path.join(root, "web"), path.join(root, "src/schemas")];
const inputs = Math.max(...sources.map(newestSource), fs.statSync(path.join(root, "vite.config.ts")).mtimeMs, fs.statSync(path.join(root, "package.json")).mtimeMs);
if (!fs.existsSync(built) || fs.statSync(built).mtimeMs < inputs) {
  console.log("Building the web app (missing or stale build)…");
  execSync("npm run build", { cwd: root, stdio: "inherit", env: { ...process.env, NODE_ENV: "production" } });
}
const { runFromEnvironment } = await import("../src/main.js");
await runFromEnvironment();
