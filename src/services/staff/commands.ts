// What `npm run staff -- …` does on the server, for the one who holds the machine (the owner): the way back in when
// a second factor is lost, since no screen can help someone who cannot sign in.
import type { StaffMember } from "../../entities/StaffMember.js";
import type { Repositories } from "../../repositories/index.js";
import { AuditLog } from "../audit.js";
import { TwoFactor } from "./twoFactor.js";

export class StaffCommandError extends Error {}

/** Turns off a person's second factor (recovery codes included) and ends their sessions; logged in the audit log. */
export async function resetTwoFactor(repos: Pick<Repositories, "staff" | "adminSessions" | "audit">, email: string, siteName: string, keepDays: number): Promise<StaffMember> {
  const staff = await repos.staff.findByEmail(email.trim().toLowerCase());
  if (!staff) throw new StaffCommandError(`No staff member has the address ${email}`);
  await new TwoFactor(repos.staff, siteName).disable(staff.id);
  await repos.adminSessions.deleteOf(staff.id);
  await new AuditLog(repos.audit, keepDays).record({ actor: null, action: "staff.2fa.reset", targetType: "staff", targetId: staff.id, summary: `by the server's command line for ${staff.email}` });
  return staff;
}
