// The Express doors that are not procedures (image upload, import upload, export download) check the same role
// table as the procedure builders: 401 without a staff session, 403 when the role does not allow the operation.
import type { Request, Response } from "express";
import { sessionCookieName, type Actor } from "../services/auth.js";
import type { Services } from "../services/index.js";
import { can, type Permission } from "../schemas/staff.js";
import { sessionTokenFrom } from "../trpc/context.js";

/** The signed-in staff member when the role allows `permission`; otherwise answers 401/403 itself and returns null. */
export async function staffFor(services: Pick<Services, "auth" | "config">, req: Request, res: Response, permission: Permission): Promise<Actor | null> {
  const actor = await services.auth.sessionActor(sessionTokenFrom(req, sessionCookieName(services.config)));
  if (!actor) {
    res.status(401).json({ message: "Authentication required", code: "UNAUTHORIZED" });
    return null;
  }
  const twoFactorDue = actor.role !== "owner" && !actor.twoFactor && (services.config.staffTwoFactorRequired as string[]).includes(actor.role);
  if (!can(actor.role, permission) || twoFactorDue) {
    res.status(403).json({ message: twoFactorDue ? "Set up two-factor sign-in first (My profile)" : `Your role (${actor.role}) does not allow this`, code: "FORBIDDEN" });
    return null;
  }
  return actor;
}
