// The Express doors that are not procedures (image upload, import upload, export download) check the same role
// table as the procedure builders: 401 without a staff session, 403 when the role does not allow the operation
// (thrown as domain errors, answered through toHttp like every other door).
import type { Request } from "express";
import { ForbiddenError, UnauthorizedError } from "../lib/errors.js";
import { sessionCookieName, type Actor } from "../services/auth.js";
import type { Services } from "../services/index.js";
import { can, type Permission } from "../schemas/staff.js";
import { sessionTokenFrom } from "../trpc/context.js";

/** The signed-in staff member whose role allows `permission`; throws 401/403 otherwise. */
export async function staffFor(services: Pick<Services, "auth" | "config">, req: Request, permission: Permission): Promise<Actor> {
  const actor = await services.auth.sessionActor(sessionTokenFrom(req, sessionCookieName(services.config)));
  if (!actor) throw new UnauthorizedError();
  if (actor.role !== "owner" && !actor.twoFactor && (services.config.staffTwoFactorRequired as string[]).includes(actor.role)) throw new ForbiddenError("Set up two-factor sign-in first (My profile)");
  if (!can(actor.role, permission)) throw new ForbiddenError(`Your role (${actor.role}) does not allow this`);
  return actor;
}
