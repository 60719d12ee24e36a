// Starts one production build, one server and one Chromium for every browser test, and tells the
// tests where they are through environment variables. Fails loudly when Chromium is missing.
import { execSync, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { chromium } from "playwright-core";

export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
export const CHROMIUM_ARGS = [
  "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
  "--disable-background-networking", "--disable-component-update", "--disable-sync",
];
const root = path.resolve(import.meta.dirname, "../..");

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on("error", reject);
  });

async function waitFor(url: string, timeoutMs: number, logs: () => string) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`The e2e server did not answer ${url} within ${timeoutMs} ms. Its output:\n${logs()}`);
}

/** A database of its own for the browser tests: a temporary SQLite dir, or DATABASE_URL's server with `<db>_e2e`. */
async function e2eDatabaseUrl(): Promise<string | undefined> {
  const url = process.env.DATABASE_URL;
  if (!url) return undefined;
  const parsed = new URL(url.replace(/^mariadb:/, "mysql:"));
  const name = `${parsed.pathname.slice(1)}_e2e`;
  const mysql = await import("mysql2/promise");
  const conn = await mysql.createConnection({ host: parsed.hostname, port: Number(parsed.port || 3306), user: decodeURIComponent(parsed.username), password: decodeURIComponent(parsed.password) });
  await conn.query(`DROP DATABASE IF EXISTS \`${name}\``);
  await conn.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  await conn.end();
  return url.replace(/\/[^/?]+(\?|$)/, `/${name}$1`);
}

export default async function globalSetup() {
  if (!fs.existsSync(CHROMIUM)) {
    throw new Error(`Browser tests need Chromium at ${CHROMIUM} (Debian: apt-get install -y chromium), or set CHROMIUM_PATH.`);
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "ds-e2e-"));
  // Inside the project so the SSR bundle resolves its external packages from node_modules.
  const distDir = path.join(root, ".build", `e2e-${process.pid}`);
  execSync("npm run build", { cwd: root, stdio: "inherit", env: { ...process.env, NODE_ENV: "production", DIST_DIR: distDir } });
  const port = await freePort();
  const databaseUrl = await e2eDatabaseUrl();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(port),
    DATA_DIR: dataDir,
    DIST_DIR: distDir,
    SEED: "true",
    ADMIN_PASSWORD: "e2e-password",
    SITE_URL: `http://127.0.0.1:${port}`,
    RATE_LIMIT_LOGIN: "1000",
    RATE_LIMIT_COMMENTS: "1000",
    RATE_LIMIT_NEWSLETTER: "1000",
    // Webhook deliveries to a receiver the browser tests start on this machine (plain http, loopback).
    OUTBOUND_ALLOW_LOCAL: "true",
    WEBHOOK_RETRY_BASE_SECONDS: "600",
    ...(process.env.E2E_ENV ? JSON.parse(process.env.E2E_ENV) : {}),
  };
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  else delete env.DATABASE_URL;
  let output = "";
  // The compiled server, as `npm start` runs it.
  const server = spawn(process.execPath, ["--enable-source-maps", path.join(distDir, "node/server.js")], { cwd: root, env, stdio: ["ignore", "pipe", "pipe"] });
  server.stdout!.on("data", (d) => (output += d));
  server.stderr!.on("data", (d) => (output += d));
  await waitFor(`http://127.0.0.1:${port}/api/articles?limit=1`, 60_000, () => output);
  const browser = await chromium.launchServer({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true });
  process.env.E2E_BASE_URL = `http://127.0.0.1:${port}`;
  process.env.E2E_WS_ENDPOINT = browser.wsEndpoint();
  process.env.E2E_ADMIN_PASSWORD = "e2e-password";
  process.env.E2E_DATA_DIR = dataDir;
  process.env.E2E_DIST_DIR = distDir;
  (globalThis as Record<string, unknown>).__E2E__ = { server, browser, dataDir, distDir, logs: () => output };
}
