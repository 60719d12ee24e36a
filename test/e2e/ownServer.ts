// A server of a test's own, on the build globalSetup made, for settings the shared server does not have
// (an ad client, Stripe): its own port, temporary data directory and embedded database.
import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "../..");

/** A port nobody listens on right now. */
export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on("error", reject);
  });

export interface OwnServer {
  base: string;
  dataDir: string;
  stop(): Promise<void>;
}

/** Starts the compiled server with `settings` (given its origin) and waits until it answers; throws after 60 s. */
export async function startOwnServer(name: string, settings: (base: string) => NodeJS.ProcessEnv): Promise<OwnServer> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `ds-e2e-${name}-`));
  // globalSetup builds into .build/e2e-<its pid>; with --runInBand the tests run in that same process.
  const built = process.env.E2E_DIST_DIR ?? path.join(root, ".build", `e2e-${process.pid}`);
  const distDir = fs.existsSync(built) ? built : path.join(root, "dist");
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: "production", PORT: String(port), DATA_DIR: dataDir, DIST_DIR: distDir, SITE_URL: base, ...settings(base) };
  delete env.DATABASE_URL;
  const server = spawn(process.execPath, [path.join(distDir, "node/server.js")], { cwd: root, env, stdio: "ignore" });
  const stop = async () => {
    server.kill("SIGTERM");
    await new Promise((r) => setTimeout(r, 300));
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (await fetch(`${base}/api/articles?limit=1`).then((r) => r.ok, () => false)) return { base, dataDir, stop };
    await new Promise((r) => setTimeout(r, 250));
  }
  await stop();
  throw new Error(`the ${name} server did not start`);
}
