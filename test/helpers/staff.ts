// Staff members signed in through the REST login, as a person would (factories.ts creates them).
import type { StaffMember } from "../../src/entities/StaffMember.js";
import type { Role } from "../../src/schemas/staff.js";
import { createStaff, STAFF_PASSWORD } from "./factories.js";
import type { TestApp } from "./testApp.js";

/** Signs in with {email, password}; returns the session cookie. */
export async function signIn(t: TestApp, email: string, password = STAFF_PASSWORD, code?: string): Promise<string> {
  const res = await t.api("POST", "/api/admin/login", { body: { email, password, ...(code ? { code } : {}) } });
  const cookie = res.headers.get("set-cookie");
  if (res.status !== 200 || !cookie) throw new Error(`sign-in failed: ${res.status} ${res.text}`);
  return cookie.split(";")[0];
}

/** A staff member with a role, signed in. */
export async function staffSession(t: TestApp, role: Role, extra: Partial<StaffMember> = {}) {
  const staff = await createStaff(t, role, extra);
  return { staff, cookie: await signIn(t, staff.email!) };
}

/** Their former home, for suites written before factories.ts (other branches in flight). */
export { createStaff, STAFF_PASSWORD } from "./factories.js";
