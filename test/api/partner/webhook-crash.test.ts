// Webhook delivery across a crash: an instance in a process of its own takes the delivery lease and is killed
// (SIGKILL) while the receiver holds its request open; the test's instance must deliver the event once the dead
// holder's lease has expired, with the same event id, and not before.
import { spawn, type ChildProcess } from "node:child_process";
import type http from "node:http";
import path from "node:path";
import { JobLease } from "../../../src/entities/JobLease.js";
import { createArticle, createWebhook } from "../../helpers/factories.js";
import { startFakeServer } from "../../helpers/fakeServer.js";
import { useTestApp } from "../../helpers/testApp.js";

const ROOT = path.resolve(import.meta.dirname, "../../..");
const TSX = path.join(ROOT, "node_modules/.bin/tsx");
/** The other instance's WEBHOOK_TIMEOUT_SECONDS: its request stays open until the process dies. */
const TIMEOUT_SECONDS = 600;

const t = useTestApp({ OUTBOUND_ALLOW_LOCAL: "true" });

interface Request {
  webhookId: string;
  body: { id: string; type: string; data: { id: number } };
}

/** A receiver that never answers its first request (the sender dies holding it) and answers 200 to the rest. */
async function startHangingReceiver() {
  const requests: Request[] = [];
  const held: http.ServerResponse[] = [];
  let arrived: () => void = () => undefined;
  const firstArrived = new Promise<void>((resolve) => (arrived = resolve));
  const server = await startFakeServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    requests.push({ webhookId: String(req.headers["webhook-id"]), body: JSON.parse(Buffer.concat(chunks).toString("utf8")) });
    if (requests.length === 1) {
      held.push(res);
      arrived();
      return;
    }
    res.end("ok");
  });
  return { ...server, requests, firstArrived };
}

/** The dispatcher in a process of its own, on the test app's database. */
function startOtherInstance(): { child: ChildProcess; output: () => string; exited: Promise<number | null> } {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_OPTIONS: "",
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    SEED: "false",
    DATA_DIR: t.config.dataDir,
    APP_SECRET: t.config.appSecret ?? "",
    OUTBOUND_ALLOW_LOCAL: "true",
    WEBHOOK_TIMEOUT_SECONDS: String(TIMEOUT_SECONDS),
  };
  const child = spawn(TSX, [path.join(ROOT, "test/helpers/webhookDispatcherProcess.ts")], { cwd: ROOT, env, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout!.on("data", (d) => (output += d));
  child.stderr!.on("data", (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { child, output: () => output, exited };
}

test("an instance killed mid-delivery holds the lease until it expires; then another instance delivers the same event", async () => {
  const receiver = await startHangingReceiver();
  const other = startOtherInstance();
  try {
    const cookie = await t.login();
    const hook = await createWebhook(t, cookie, `${receiver.url}/hooks`, ["article.published"]);
    const article = await createArticle(t.services, { title: "Delivered across a crash" });
    const outcome = await Promise.race([receiver.firstArrived.then(() => "arrived"), other.exited.then((code) => `exited ${code}: ${other.output()}`)]);
    expect(outcome).toBe("arrived");
    // The other process holds the lease while its request is open, for longer than the request may take.
    const lease = await t.ds.getRepository(JobLease).findOneByOrFail({ name: "webhook-delivery" });
    expect(lease.holder).not.toBe(t.services.webhookDispatcher.lease.holder);
    expect(other.output()).toContain(`dispatcher ${lease.holder} starts`);
    const leaseEnds = new Date(lease.expiresAt).getTime();
    expect(leaseEnds - Date.now()).toBeGreaterThan(TIMEOUT_SECONDS * 1000);
    other.child.kill("SIGKILL");
    expect(await other.exited).toBeNull();
    const [first] = receiver.requests;
    expect(first.body).toMatchObject({ type: "article.published", data: { id: article.id } });

    // While the dead holder's lease runs (its request could still be waiting for an answer), this instance sends nothing.
    for (const at of [Date.now(), Date.now() + 2 * 60_000 + 1_000, leaseEnds - 1_000]) {
      t.services.clock.now = () => new Date(at);
      expect(await t.services.webhookDispatcher.tick()).toBe(0);
    }
    expect(receiver.requests).toHaveLength(1);
    const pending = (await t.api("GET", `/api/admin/webhooks/${hook.id}/deliveries`, { cookie })).body;
    expect(pending).toMatchObject([{ eventId: first.body.id, status: "pending" }]);

    // Once it has expired, this instance takes the lease over and delivers the same event.
    t.services.clock.now = () => new Date(leaseEnds + 1_000);
    expect(await t.services.webhookDispatcher.tick()).toBe(1);
    expect(receiver.requests).toHaveLength(2);
    const [, second] = receiver.requests;
    expect(second.webhookId).toBe(first.webhookId);
    expect(second.body).toEqual(first.body);
    const log = (await t.api("GET", `/api/admin/webhooks/${hook.id}/deliveries`, { cookie })).body;
    expect(log).toMatchObject([{ eventId: first.body.id, status: "delivered", lastStatusCode: 200 }]);
  } finally {
    other.child.kill("SIGKILL");
    await receiver.close();
  }
}, 90_000);
