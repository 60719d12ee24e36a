// Staff members for tests: created straight in the database (as an accepted invitation leaves them) and signed in
// through the REST login, as a person would.
import { StaffMember } from "../../src/entities/StaffMember.js";
import { hashPassword } from "../../src/lib/password.js";
import type { Role } from "../../src/schemas/staff.js";
import type { TestApp } from "./testApp.js";

export const STAFF_PASSWORD = "a long staff password";
let hash: Promise<string> | undefined;

export async function createStaff(t: TestApp, role: Role, extra: Partial<StaffMember> = {}) {
  const n = Math.random().toString(36).slice(2, 8);
  const repo = t.ds.getRepository(StaffMember);
  return repo.save(repo.create({ email: `${role}-${n}@example.com`, name: `${role} ${n}`, slug: `${role}-${n}`, role, status: "active", passwordHash: await (hash ??= hashPassword(STAFF_PASSWORD)), ...extra }));
}

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
