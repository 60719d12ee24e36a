// Staff members for the browser tests: invited by the owner over the API, the invitation's link read from the mail
// outbox (no SMTP_URL in the browser tests: mail is written to DATA_DIR/outbox), accepted as a person would.
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import type { BrowserContext, Page } from "playwright-core";
import type { Role } from "../../src/schemas/staff.js";
import { adminPassword, baseUrl } from "./browser.js";
import { unique } from "./readerSupport.js";

/** One JSON call with a session cookie (or none). */
export const api = async (method: string, url: string, cookie: string, body?: unknown) => {
  const res = await fetch(baseUrl() + url, { method, headers: { cookie, ...(body ? { "content-type": "application/json" } : {}) }, body: body ? JSON.stringify(body) : undefined });
  return { status: res.status, body: await res.json().catch(() => undefined) };
};

export const ownerCookie = async () => {
  const res = await fetch(`${baseUrl()}/api/admin/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ password: adminPassword() }) });
  return res.headers.get("set-cookie")!.split(";")[0];
};

/** A mailed staff link's token from the outbox. */
export async function linkToken(email: string, page: "/staff/accept" | "/staff/reset") {
  const outbox = path.join(process.env.E2E_DATA_DIR!, "outbox");
  const link = new RegExp(`${page.replace(/\//g, "\\/")}\\?token=([A-Za-z0-9_-]+)`);
  for (let i = 0; i < 50; i++) {
    for (const file of fs.existsSync(outbox) ? fs.readdirSync(outbox) : []) {
      const text = fs.readFileSync(path.join(outbox, file), "utf8").replace(/=\r?\n/g, "").replace(/=3D/g, "=");
      const token = text.includes(email) ? link.exec(text)?.[1] : undefined;
      if (token) return token;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no ${page} link for ${email}`);
}

export interface StaffMember {
  email: string;
  name: string;
  password: string;
  cookie: string;
  me: { id: number; role: Role; slug: string };
}

/** A new staff member with `role`: invited by the owner, the invitation accepted over the API (signed in). */
export async function inviteStaff(role: Exclude<Role, "owner">, name = `${role[0].toUpperCase()}${role.slice(1)} ${unique("p").slice(-6)}`): Promise<StaffMember> {
  const email = `${unique(role)}@example.com`;
  const password = `${role}'s long password`;
  const invited = await api("POST", "/api/admin/staff/invitations", await ownerCookie(), { email, role });
  if (invited.status !== 201) throw new Error(`invitation failed: ${invited.status}`);
  const res = await fetch(`${baseUrl()}/api/staff/accept`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ token: await linkToken(email, "/staff/accept"), name, password }) });
  if (res.status !== 200) throw new Error(`accept failed: ${res.status}`);
  const cookie = res.headers.get("set-cookie")!.split(";")[0];
  return { email, name, password, cookie, me: (await api("GET", "/api/admin/me", cookie)).body };
}

/** Signs the browser context in as the staff member through the REST login (sets the session cookie). */
export async function signInAs(context: BrowserContext, staff: Pick<StaffMember, "email" | "password">) {
  const res = await context.request.post(`${baseUrl()}/api/admin/login`, { data: { email: staff.email, password: staff.password } });
  if (!(await res.json()).success) throw new Error(`sign-in failed for ${staff.email}`);
}

/** Signs in through the login form, as a person does. */
export async function signInWithForm(page: Page, staff: Pick<StaffMember, "email" | "password">) {
  await page.goto("/admin");
  await page.getByLabel("E-mail").fill(staff.email);
  await page.getByLabel("Password").fill(staff.password);
  await page.getByRole("button", { name: "Login" }).click();
  await page.getByRole("heading", { name: "Dashboard" }).waitFor();
}

/**
 * A forward proxy that serves the e2e server under another host name over plain http (say http://newsroom.lan):
 * a browser sends such a host no Sec-Fetch-Site (it sends that to https and localhost only), as it would to a
 * newsroom on a LAN address. Requests go to the e2e server with their Host unchanged.
 */
export async function startHostProxy() {
  const target = new URL(baseUrl());
  const server = http.createServer((req, res) => {
    const url = new URL(req.url!);
    const upstream = http.request({ host: target.hostname, port: target.port, method: req.method, path: url.pathname + url.search, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode!, answer.headers);
      answer.pipe(res);
    });
    upstream.on("error", () => res.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  return { server: `http://127.0.0.1:${port}`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
