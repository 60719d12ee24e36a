import fs from "node:fs/promises";
import path from "node:path";
import { randomBytes } from "node:crypto";
import type { Transporter } from "nodemailer";
import type { Config } from "../config.js";
import { metrics } from "./metrics.js";

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  headers?: Record<string, string>;
  messageId?: string;
}

/** Outgoing mail through SMTP_URL, or, when unset, written as .eml files to DATA_DIR/outbox. */
export class Mailer {
  private transport: Promise<Transporter> | undefined;
  readonly outbox: string;
  private readonly from: string;

  constructor(private readonly config: Config) {
    this.outbox = path.join(config.dataDir, "outbox");
    this.from = config.newsletterFrom;
  }

  /** nodemailer is loaded with the first mail, not at start (memory). */
  private getTransport(): Promise<Transporter> {
    const { smtpUrl } = this.config;
    return (this.transport ??= import("nodemailer").then(({ default: nodemailer }) =>
      smtpUrl
        ? nodemailer.createTransport(smtpUrl, { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 } as never)
        : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" }),
    ));
  }

  /** Sends one mail; returns the file written when there is no SMTP server. */
  async send(mail: Mail): Promise<string | null> {
    const info = await (await this.getTransport())
      .sendMail({ from: this.from, ...mail })
      .catch((error: unknown) => {
        metrics.mailSends.inc({ result: "failed" });
        throw error;
      });
    metrics.mailSends.inc({ result: "sent" });
    const raw = (info as { message?: Buffer }).message;
    if (!Buffer.isBuffer(raw)) return null;
    await fs.mkdir(this.outbox, { recursive: true });
    const file = path.join(this.outbox, `${new Date().toISOString().replace(/[:.]/g, "-")}-${randomBytes(4).toString("hex")}.eml`);
    await fs.writeFile(file, raw);
    return file;
  }
}
