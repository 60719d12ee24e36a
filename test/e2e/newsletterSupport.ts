import fs from "node:fs";
import path from "node:path";
import { adminPassword, baseUrl } from "./browser.js";

const decodeQuotedPrintable = (raw: string) => raw.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, hex) => String.fromCharCode(parseInt(hex, 16)));

/** The mails in the e2e server's outbox (it has no SMTP server), decoded, oldest first. */
export function outboxMails(): string[] {
  const outbox = path.join(process.env.E2E_DATA_DIR!, "outbox");
  if (!fs.existsSync(outbox)) return [];
  return fs.readdirSync(outbox).sort().map((f) => decodeQuotedPrintable(fs.readFileSync(path.join(outbox, f), "utf8")));
}

export const uniqueEmail = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}@example.com`;

const post = (url: string, body: unknown, cookie?: string) =>
  fetch(baseUrl() + url, { method: "POST", headers: { "content-type": "application/json", ...(cookie ? { cookie } : {}) }, body: JSON.stringify(body) });

/** Signs an address up and returns the confirmation link's path and query from the mail. */
export async function signUp(email: string): Promise<string> {
  const res = await post("/api/newsletter/subscribe", { email });
  if (res.status !== 200) throw new Error(`sign-up failed: ${res.status}`);
  const mail = outboxMails().filter((m) => m.includes(`To: ${email}`)).at(-1);
  const link = /https?:\/\/[^\s"]+\/newsletter\/confirm\?token=[\w.-]+/.exec(mail ?? "")?.[0];
  if (!link) throw new Error(`no confirmation mail for ${email}`);
  const url = new URL(link);
  return url.pathname + url.search;
}

export async function adminCookie(): Promise<string> {
  const res = await post("/api/admin/login", { password: adminPassword() });
  return res.headers.get("set-cookie")!.split(";")[0];
}

/** Confirms a new address, publishes an article and sends the newsletter; returns the address's digest mail. */
export async function confirmedSubscriberWithDigest(prefix: string): Promise<{ email: string; mail: string }> {
  const email = uniqueEmail(prefix);
  const confirmLink = await signUp(email);
  const confirmed = await post("/api/newsletter/confirm", { token: new URL(baseUrl() + confirmLink).searchParams.get("token") });
  if (confirmed.status !== 200) throw new Error(`confirm failed: ${confirmed.status}`);
  const cookie = await adminCookie();
  await post("/api/articles", { title: `Briefing item ${prefix} ${Date.now()}`, content: "Body of the briefing item." }, cookie);
  const sent = await post("/api/admin/newsletter/send", {}, cookie);
  if (sent.status !== 200) throw new Error(`send failed: ${sent.status} ${await sent.text()}`);
  // Sent in the background: wait for the mail to be written.
  for (let i = 0; i < 100; i++) {
    const mail = outboxMails().find((m) => m.includes(`To: ${email}`) && m.includes("Daily Briefing"));
    if (mail) return { email, mail };
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no digest for ${email}`);
}
