import type { AddressInfo } from "node:net";
import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  to: string[];
  raw: string;
  parsed: ParsedMail;
}

/**
 * A real SMTP server (the `smtp-server` package) on a random local port that keeps every message
 * it accepts; `refuse` makes it answer RCPT TO for an address with an SMTP error, a number of times or always.
 */
export async function startSmtpServer() {
  const messages: ReceivedMail[] = [];
  const refusals = new Map<string, { code: number; message: string; times: number }>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onRcptTo(address, _session, callback) {
      const rule = refusals.get(address.address.toLowerCase());
      if (rule && rule.times > 0) {
        rule.times--;
        return callback(Object.assign(new Error(rule.message), { responseCode: rule.code }));
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        simpleParser(raw).then(
          (parsed) => {
            messages.push({ to: session.envelope.rcptTo.map((r) => r.address), raw, parsed });
            callback();
          },
          (error) => callback(error),
        );
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    messages,
    /** Mails received for an address. */
    to: (email: string) => messages.filter((m) => m.to.includes(email)),
    refuse(email: string, code: number, message: string, times = Infinity) {
      refusals.set(email.toLowerCase(), { code, message, times });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type SmtpServer = Awaited<ReturnType<typeof startSmtpServer>>;
