// Two-factor sign-in (TOTP, RFC 6238) with single-use recovery codes: enrolment, sign-in with a code or a recovery
// code, replay refused, the gate for roles that must use it, the owner's password login until enrolment, and the
// owner's way back in for a lost device (npm run staff -- reset-2fa EMAIL).
import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { Secret, TOTP } from "otpauth";
import { createStaff, STAFF_PASSWORD } from "../../helpers/factories.js";
import { signIn } from "../../helpers/staff.js";
import { TEST_PASSWORD, useTestApp } from "../../helpers/testApp.js";
import { resetTwoFactor } from "../../../src/services/staff/commands.js";

const t = useTestApp({ RATE_LIMIT_LOGIN: "50", RATE_LIMIT_LOGIN_ACCOUNT: "6" });

const codeAt = (secret: string, offsetSteps = 0) => new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + offsetSteps * 30_000 });
const login = (body: Record<string, unknown>) => t.api("POST", "/api/admin/login", { body });

/** Enrols a signed-in person; returns the secret and the recovery codes. */
async function enrol(cookie: string) {
  const setup = await t.api("POST", "/api/admin/me/2fa/setup", { cookie });
  expect(setup.status).toBe(200);
  expect(setup.body.otpauthUrl).toMatch(/^otpauth:\/\/totp\/.+secret=/);
  expect((await t.api("POST", "/api/admin/me/2fa/enable", { cookie, body: { code: "123456" } })).status).toBe(400);
  const enabled = await t.api("POST", "/api/admin/me/2fa/enable", { cookie, body: { code: codeAt(setup.body.secret) } });
  expect(enabled.status).toBe(200);
  return { secret: setup.body.secret as string, recoveryCodes: enabled.body.recoveryCodes as string[] };
}

test("an administrator (STAFF_2FA_REQUIRED default) reaches only their own account until enrolled; then signs in with a code, never the same one twice", async () => {
  const admin = await createStaff(t, "administrator");
  const cookie = await signIn(t, admin.email!);
  expect((await t.api("GET", "/api/admin/me", { cookie })).body).toMatchObject({ twoFactor: false, twoFactorRequired: true });
  const gated = await t.api("GET", "/api/admin/staff", { cookie });
  expect([gated.status, gated.body.message]).toEqual([403, "Set up two-factor sign-in first (My profile)"]);

  const { secret, recoveryCodes } = await enrol(cookie);
  expect(recoveryCodes).toHaveLength(10);
  expect(new Set(recoveryCodes).size).toBe(10);
  expect((await t.api("GET", "/api/admin/staff", { cookie })).status).toBe(200);
  expect((await t.api("GET", "/api/admin/me", { cookie })).body).toMatchObject({ twoFactor: true, twoFactorRequired: false });

  // the password alone is no longer enough: 401 {code: TWO_FACTOR_REQUIRED}, through REST and tRPC
  const due = await login({ email: admin.email, password: STAFF_PASSWORD });
  expect([due.status, due.body.code, due.headers.get("set-cookie")]).toEqual([401, "TWO_FACTOR_REQUIRED", null]);
  const viaTrpc = await t.api("POST", "/api/trpc/admin.login", { body: { email: admin.email, password: STAFF_PASSWORD } });
  expect([viaTrpc.status, viaTrpc.body.error.data.reason]).toEqual([401, "TWO_FACTOR_REQUIRED"]);
  expect((await login({ email: admin.email, password: "wrong password", code: codeAt(secret) })).body).toEqual({ success: false });
  expect((await login({ email: admin.email, password: STAFF_PASSWORD, code: "000000" })).status).toBe(401);

  const next = codeAt(secret, 1);
  expect((await login({ email: admin.email, password: STAFF_PASSWORD, code: next })).body).toEqual({ success: true });
  const replay = await login({ email: admin.email, password: STAFF_PASSWORD, code: next });
  expect([replay.status, replay.body.code]).toEqual([401, "TWO_FACTOR_REQUIRED"]);
});

test("a recovery code signs in once; a role that must use two-factor cannot turn it off, others can with a code", async () => {
  const admin = await createStaff(t, "administrator");
  const { recoveryCodes, secret } = await enrol(await signIn(t, admin.email!));
  expect((await login({ email: admin.email, password: STAFF_PASSWORD, code: recoveryCodes[0].toUpperCase() })).body).toEqual({ success: true });
  expect((await login({ email: admin.email, password: STAFF_PASSWORD, code: recoveryCodes[0] })).status).toBe(401);
  const cookie = await signIn(t, admin.email!, STAFF_PASSWORD, recoveryCodes[1]);
  expect((await t.api("DELETE", `/api/admin/me/2fa?code=${codeAt(secret, -1)}`, { cookie })).status).toBe(400);

  const editor = await createStaff(t, "editor");
  const editorCookie = await signIn(t, editor.email!);
  const enrolled = await enrol(editorCookie);
  expect((await t.api("DELETE", "/api/admin/me/2fa?code=000000", { cookie: editorCookie })).status).toBe(400);
  expect((await t.api("DELETE", `/api/admin/me/2fa?code=${enrolled.recoveryCodes[0]}`, { cookie: editorCookie })).body).toEqual({ success: true });
  expect(await signIn(t, editor.email!)).toMatch(/^ds_session=/);
});

test("wrong codes are throttled per account like passwords", async () => {
  const editor = await createStaff(t, "editor");
  await enrol(await signIn(t, editor.email!));
  const answers = [];
  for (let i = 0; i < 8; i++) answers.push((await login({ email: editor.email, password: STAFF_PASSWORD, code: "000000" })).status);
  expect(answers.slice(0, 5).every((s) => s === 401)).toBe(true);
  expect(answers.at(-1)).toBe(429);
});

test("the owner keeps the password-only login until enrolling (asked to enrol), then needs the code", async () => {
  const cookie = await t.login();
  expect((await t.api("GET", "/api/admin/me", { cookie })).body).toMatchObject({ role: "owner", twoFactorRequired: true });
  expect((await t.api("GET", "/api/admin/staff", { cookie })).status).toBe(200);
  const { secret } = await enrol(cookie);
  const due = await login({ password: TEST_PASSWORD });
  expect([due.status, due.body.code]).toEqual([401, "TWO_FACTOR_REQUIRED"]);
  expect((await login({ password: TEST_PASSWORD, code: codeAt(secret, 1) })).body).toEqual({ success: true });

  // lost device: the owner's command on the server turns it off and ends the sessions
  const owner = await t.services.auth.owner();
  await t.ds.getRepository("staff_member").update({ id: owner.id }, { email: "owner@example.com" });
  await resetTwoFactor(t.services.repos, "OWNER@example.com", t.config.siteName, 365);
  expect((await t.api("GET", "/api/admin/me", { cookie })).status).toBe(401);
  expect((await login({ password: TEST_PASSWORD })).body).toEqual({ success: true });
  const entries = (await t.api("GET", "/api/admin/audit?action=staff.2fa.reset", { cookie: await t.login() })).body;
  expect(entries[0]).toMatchObject({ action: "staff.2fa.reset", targetId: String(owner.id) });
});

test("npm run staff -- reset-2fa refuses an unknown address with a message and exit code 1", async () => {
  const root = path.resolve(import.meta.dirname, "../../..");
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_OPTIONS: "", DATA_DIR: t.config.dataDir };
  const run = promisify(execFile);
  await expect(run(path.join(root, "node_modules/.bin/tsx"), ["scripts/staff.ts", "reset-2fa", "nobody@example.com"], { cwd: root, env })).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining("No staff member has the address nobody@example.com") });
}, 60_000);
