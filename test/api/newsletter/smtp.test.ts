import net from "node:net";
import fs from "node:fs";
import path from "node:path";
import type { AddressInfo } from "node:net";
import { createTestApp, type TestApp } from "../../helpers/testApp.js";
import { logSink } from "../../helpers/logSink.js";

/** A minimal local SMTP server that accepts every message and keeps it. */
async function startFakeSmtp() {
  const messages: { from: string; to: string[]; data: string }[] = [];
  const server = net.createServer((socket) => {
    let mail = { from: "", to: [] as string[], data: "" };
    let inData = false;
    let buffer = "";
    socket.write("220 fake.smtp ESMTP\r\n");
    socket.on("data", (chunk) => {
      buffer += chunk.toString("utf8");
      let i: number;
      while ((i = inData ? buffer.indexOf("\r\n.\r\n") : buffer.indexOf("\r\n")) >= 0) {
        if (inData) {
          mail.data = buffer.slice(0, i);
          buffer = buffer.slice(i + 5);
          inData = false;
          messages.push(mail);
          mail = { from: "", to: [], data: "" };
          socket.write("250 OK queued\r\n");
          continue;
        }
        const line = buffer.slice(0, i);
        buffer = buffer.slice(i + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === "EHLO" || verb === "HELO") socket.write("250-fake.smtp\r\n250 8BITMIME\r\n");
        else if (verb === "MAIL") {
          mail.from = line;
          socket.write("250 OK\r\n");
        } else if (verb === "RCPT") {
          mail.to.push(line);
          socket.write("250 OK\r\n");
        } else if (verb === "DATA") {
          inData = true;
          socket.write("354 End data with <CR><LF>.<CR><LF>\r\n");
        }
        else if (verb === "QUIT") socket.end("221 Bye\r\n");
        else socket.write("250 OK\r\n");
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { port: (server.address() as AddressInfo).port, messages, close: () => new Promise((r) => server.close(r)) };
}

let smtp: Awaited<ReturnType<typeof startFakeSmtp>>;
let t: TestApp;
beforeAll(async () => {
  smtp = await startFakeSmtp();
  t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}` });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

test("with SMTP_URL the confirmation mail goes out through the SMTP server, not to the outbox", async () => {
  const res = await t.api("POST", "/api/newsletter/subscribe", { body: { email: "smtp-reader@example.com" } });
  expect(res.status).toBe(200);
  // Sent in the background: wait for it to arrive.
  for (let i = 0; i < 50 && smtp.messages.length === 0; i++) await new Promise((r) => setTimeout(r, 20));
  expect(smtp.messages).toHaveLength(1);
  expect(smtp.messages[0].to).toEqual(["RCPT TO:<smtp-reader@example.com>"]);
  expect(smtp.messages[0].data).toContain("Subject: Confirm your subscription to the Defense Sentinel daily briefing");
  expect(smtp.messages[0].data.replace(/=\r?\n/g, "")).toMatch(/http:\/\/localhost:\d+\/newsletter\/confirm\?token=/);
  expect(fs.existsSync(path.join(t.config.dataDir, "outbox"))).toBe(false);
});

test("an unreachable SMTP server does not fail the subscription (the error is logged)", async () => {
  const sink = logSink();
  const down = await createTestApp({ SMTP_URL: "smtp://127.0.0.1:1", LOG_LEVEL: "error" }, [], { logDestination: sink.stream });
  const errors = sink.lines;
  try {
    const res = await down.api("POST", "/api/newsletter/subscribe", { body: { email: "offline@example.com" } });
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    for (let i = 0; i < 50 && errors.length === 0; i++) await new Promise((r) => setTimeout(r, 20));
    expect(JSON.stringify(errors)).toContain("sign-up mail failed");
  } finally {
    await down.close();
  }
});
