import fs from "node:fs";
import type { ChildProcess } from "node:child_process";
import type { BrowserServer } from "playwright-core";

export default async function globalTeardown() {
  const e2e = (globalThis as Record<string, unknown>).__E2E__ as { server: ChildProcess; browser: BrowserServer; dataDir: string; distDir: string } | undefined;
  if (!e2e) return;
  await e2e.browser.close().catch(() => undefined);
  e2e.server.kill("SIGTERM");
  await new Promise((resolve) => setTimeout(resolve, 300));
  fs.rmSync(e2e.dataDir, { recursive: true, force: true });
  fs.rmSync(e2e.distDir, { recursive: true, force: true });
}
