// What `npm run staff -- …` does on the server, for the one who holds the machine (the owner): the way back in when
// a second factor is lost, since no screen can help someone who cannot sign in.
import type { DataSource } from "typeorm";
import { StaffMember } from "../../entities/StaffMember.js";
import { AdminSession } from "../../entities/AdminSession.js";
import { AuditLog } from "../audit.js";
import { TwoFactor } from "./twoFactor.js";

export class StaffCommandError extends Error {}

/** Turns off a person's second factor (recovery codes included) and ends their sessions; logged in the audit log. */
export async function resetTwoFactor(ds: DataSource, email: string, siteName: string, keepDays: number): Promise<StaffMember> {
  const staff = await ds.getRepository(StaffMember).findOneBy({ email: email.trim().toLowerCase() });
  if (!staff) throw new StaffCommandError(`No staff member has the address ${email}`);
  await new TwoFactor(ds, siteName).disable(staff.id);
  await ds.getRepository(AdminSession).delete({ staffId: staff.id });
  await new AuditLog(ds, keepDays).record({ actor: null, action: "staff.2fa.reset", targetType: "staff", targetId: staff.id, summary: `by the server's command line for ${staff.email}` });
  return staff;
}
