// Finding 8: changing the administrator's password (ADMIN_PASSWORD at the next start) ends every session.
import { AuthService } from "../../../src/services/auth.js";
import { TEST_PASSWORD, useTestApp } from "../../helpers/testApp.js";

const t = useTestApp();

const status = (cookie: string) => t.api("GET", "/api/admin/status", { cookie });

test("a restart with a new ADMIN_PASSWORD logs out every old session; the same password keeps them", async () => {
  const first = await t.login();
  const second = await t.login();
  const restartWith = (password: string) => new AuthService(t.services.repos.staff, t.services.repos.adminSessions, { ...t.config, adminPassword: password }, t.services.settings, t.services.limiter).ensurePassword(() => undefined);

  await restartWith(TEST_PASSWORD);
  expect((await status(first)).body).toEqual({ authenticated: true });

  await restartWith("a brand new password");
  expect((await status(first)).body).toEqual({ authenticated: false });
  expect((await status(second)).body).toEqual({ authenticated: false });
  expect((await t.api("GET", "/api/admin/system-status", { cookie: first })).status).toBe(401);
  expect((await t.api("POST", "/api/admin/login", { body: { password: TEST_PASSWORD } })).body).toEqual({ success: false });
  expect((await t.api("POST", "/api/admin/login", { body: { password: "a brand new password" } })).body).toEqual({ success: true });
});
