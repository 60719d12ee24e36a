// Deploys without errors: the real server runs as a child process; with requests in flight (slow answers, a body
// still arriving, an event stream, a webhook delivery waiting on a slow receiver) it gets SIGTERM. Every request
// gets its whole answer, the stream ends with a reconnect hint, the job step finishes and releases its lease, and
// the process exits 0 well within 10 s.
import { spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { startFakeServer } from "../../helpers/fakeServer.js";
import { TEST_PASSWORD } from "../../helpers/testApp.js";

const ROOT = path.resolve(import.meta.dirname, "../../..");
const TSX = path.join(ROOT, "node_modules/.bin/tsx");
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One request on a connection of its own (no reuse of an idle keep-alive connection); a body, when given, arrives in two halves `pauseMs` apart. */
function request(port: number, pathname: string, body?: string, pauseMs = 0): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const headers = body === undefined ? {} : { "content-type": "application/json", "content-length": Buffer.byteLength(body) };
    const req = http.request({ host: "127.0.0.1", port, path: pathname, method: body === undefined ? "GET" : "POST", headers, agent: false }, (res) => {
      let text = "";
      res.on("data", (chunk) => (text += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, text }));
      res.on("error", reject);
    });
    req.on("error", reject);
    if (body === undefined) return void req.end();
    req.write(body.slice(0, 10));
    setTimeout(() => req.end(body.slice(10)), pauseMs);
  });
}

test("SIGTERM with requests, a stream and a job step in flight: none fails, and the process exits within 10 s", async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "ds-shutdown-"));
  let delivering: () => void = () => undefined;
  const deliveryStarted = new Promise<void>((resolve) => (delivering = resolve));
  const receiver = await startFakeServer(async (_req, res) => {
    delivering();
    await sleep(2500);
    res.end("ok");
  });
  const child = spawn(TSX, [path.join(ROOT, "test/helpers/serverProcess.ts")], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: "production", PORT: "0", DATA_DIR: dataDir, SEED: "false", ADMIN_PASSWORD: TEST_PASSWORD, APP_SECRET: "test-secret-test-secret-test-secret", LOG_LEVEL: "info", OUTBOUND_ALLOW_LOCAL: "true", DATABASE_URL: "", REDIS_URL: "" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  try {
    const deadline = Date.now() + 60_000;
    while (!/listening (\d+)/.test(output)) {
      if (Date.now() > deadline || child.exitCode !== null) throw new Error(`the server did not start:\n${output}`);
      await sleep(100);
    }
    const port = Number(/listening (\d+)/.exec(output)![1]);
    const base = `http://127.0.0.1:${port}`;

    const login = await fetch(`${base}/api/admin/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ password: TEST_PASSWORD }) });
    const cookie = login.headers.get("set-cookie")!.split(";")[0];
    const json = (body: unknown) => ({ method: "POST", headers: { "content-type": "application/json", cookie }, body: JSON.stringify(body) });
    expect((await fetch(`${base}/api/admin/webhooks`, json({ url: receiver.url, events: ["article.published"] }))).status).toBe(201);
    expect((await fetch(`${base}/api/articles`, json({ title: "Published before the deploy", content: "Body", category: "sea", status: "published" }))).status).toBe(201);
    await deliveryStarted;

    // In flight when SIGTERM arrives: a body still arriving, a stream, cached and uncached reads, slow answers. Each on
    // a connection of its own, and SIGTERM only once the server has started every slow answer (so every connection
    // was accepted: one still in the listen queue when the server stops accepting is refused, as it should be).
    const signUp = request(port, "/api/newsletter/subscribe", JSON.stringify({ email: "deploy@example.com" }), 1200);
    const stream = fetch(`${base}/preview/stream`).then(async (res) => ({ status: res.status, text: await res.text() }));
    const reads = [
      ...Array.from({ length: 12 }, (_, i) => ["/api/article-cards?category=sea", "/api/articles", "/healthz", "/api/ticker"][i % 4]),
      ...Array.from({ length: 4 }, (_, i) => `/slow?ms=1500&n=${i}`),
    ].map(async (p) => ({ path: p, ...(await request(port, p)) }));
    const deadline2 = Date.now() + 30_000;
    while ((output.match(/slow answer started/g) ?? []).length < 4) {
      if (Date.now() > deadline2) throw new Error(`the slow answers did not start:\n${output}`);
      await sleep(20);
    }

    const signalled = Date.now();
    child.kill("SIGTERM");
    const answers = await Promise.all(reads).catch((error) => {
      throw new Error(`${(error as Error).message}; the server said:\n${output}`);
    });
    for (const answer of answers) expect([answer.path, answer.status < 500 && answer.status > 0, answer.text.length > 0]).toEqual([answer.path, true, true]);
    expect((await signUp).status).toBe(200);
    const streamed = await stream;
    expect(streamed.status).toBe(200);
    expect(streamed.text).toContain("event: hello");
    expect(streamed.text).toMatch(/^retry: \d+$/m);

    expect(await exited).toBe(0);
    const took = Date.now() - signalled;
    expect(took).toBeLessThan(10_000);
    expect(output).toMatch(/SIGTERM: shutting down/);

    // The delivery that was on its way finished, and its lease was released for the next instance.
    const db = new Database(path.join(dataDir, "site.db"), { readonly: true });
    try {
      const deliveries = db.prepare("SELECT status FROM webhook_delivery").all() as Array<{ status: string }>;
      expect(deliveries.map((d) => d.status)).toEqual(["delivered"]);
      const lease = db.prepare("SELECT expiresAt FROM job_lease WHERE name = 'webhook-delivery'").get() as { expiresAt: string };
      expect(new Date(`${lease.expiresAt.replace(" ", "T")}${/Z|[+-]\d\d:?\d\d$/.test(lease.expiresAt) ? "" : "Z"}`).getTime()).toBeLessThan(Date.now() - 60_000);
    } finally {
      db.close();
    }
  } finally {
    if (child.exitCode === null) child.kill("SIGKILL");
    await receiver.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}, 120_000);
