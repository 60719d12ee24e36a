import fs from "node:fs/promises";
import path from "node:path";
import { randomBytes } from "node:crypto";
import nodemailer, { type Transporter } from "nodemailer";
import type { Config } from "../config.js";

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
  private readonly transport: Transporter;
  readonly outbox: string;
  private readonly from: string;

  constructor(config: Config) {
    this.outbox = path.join(config.dataDir, "outbox");
    this.from = config.newsletterFrom;
    this.transport = config.smtpUrl
      ? nodemailer.createTransport(config.smtpUrl, { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 } as never)
      : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  }

  /** Sends one mail; returns the file written when there is no SMTP server. */
  async send(mail: Mail): Promise<string | null> {
    const info = await this.transport.sendMail({ from: this.from, ...mail });
    const raw = (info as { message?: Buffer }).message;
    if (!Buffer.isBuffer(raw)) return null;
    await fs.mkdir(this.outbox, { recursive: true });
    const file = path.join(this.outbox, `${new Date().toISOString().replace(/[:.]/g, "-")}-${randomBytes(4).toString("hex")}.eml`);
    await fs.writeFile(file, raw);
    return file;
  }
}
