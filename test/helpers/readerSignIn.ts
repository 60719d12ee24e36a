// Signs a reader in the way a person does: ask for the link, read it from the outbox, press its page's button.
import fs from "node:fs";
import path from "node:path";
import type { TestApp } from "./testApp.js";

/** The newest sign-in link mailed to an address (from DATA_DIR/outbox), or null. */
export function signInLinkFromOutbox(dataDir: string, email: string): string | null {
  const outbox = path.join(dataDir, "outbox");
  if (!fs.existsSync(outbox)) return null;
  const files = fs.readdirSync(outbox).sort().reverse();
  for (const f of files) {
    const raw = fs.readFileSync(path.join(outbox, f), "utf8");
    if (!raw.includes(`To: ${email}`)) continue;
    const unfolded = raw.replace(/=\r?\n/g, "").replace(/=3D/g, "=");
    const match = /https?:\/\/[^\s"<>]+\/account\/verify\?token=[\w-]+/.exec(unfolded);
    if (match) return match[0];
  }
  return null;
}

/** Presses the button of the page a sign-in link opens: POSTs its token as that page's form does, from our own origin. */
export function pressSignInButton(baseUrl: string, link: string, headers: Record<string, string> = {}) {
  const token = new URL(link).searchParams.get("token") ?? "";
  return fetch(`${baseUrl}/account/verify`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: baseUrl, ...headers },
    body: new URLSearchParams({ token }).toString(),
  });
}

/** Requests a link over REST, presses its page's button, and returns the reader's session cookie ("name=value"). */
export async function signInReader(t: TestApp, email: string, headers: Record<string, string> = {}): Promise<string> {
  const res = await t.api("POST", "/api/account/sign-in", { body: { email }, headers });
  if (res.status !== 202) throw new Error(`sign-in request failed: ${res.status} ${res.text}`);
  const link = signInLinkFromOutbox(t.config.dataDir, email);
  if (!link) throw new Error(`no sign-in mail for ${email}`);
  const opened = await pressSignInButton(t.baseUrl, link);
  const cookie = opened.headers.get("set-cookie");
  if (opened.status !== 303 || !cookie) throw new Error(`sign-in link refused: ${opened.status}`);
  return cookie.split(";")[0];
}
