import { z } from "zod";
import { successOutput } from "../../schemas/common.js";
import { meSchema, passwordChangeInput, profileInput, recoveryCodesSchema, sessionSchema, twoFactorCodeInput, twoFactorSetupSchema } from "../../schemas/staff.js";
import { NotFoundError, ValidationError } from "../../lib/errors.js";
import { router, staffProcedure } from "../trpc.js";

const tags = ["staff"];
/** The person's own account: reachable before a required second factor is set up (so it can be). */
const own = staffProcedure("account:self").meta({ beforeTwoFactor: true });

/** My profile: the signed-in person's account, password, second factor and sessions. */
export const meRouter = router({
  get: own
    .meta({ openapi: { method: "GET", path: "/admin/me", tags, summary: "The signed-in staff member: id, email, name, role, twoFactor, and what the role allows" } })
    .input(z.void())
    .output(meSchema)
    .query(({ ctx }) => ctx.staffAccounts.me(ctx.actor)),

  update: own
    .meta({ openapi: { method: "PATCH", path: "/admin/me", tags, summary: "Change one's public profile: name, bio, slug (the author page's address), avatar (and the sign-in address)" }, audit: "staff.profile" })
    .input(profileInput)
    .output(meSchema)
    .mutation(({ ctx, input }) => ctx.staffAccounts.updateProfile(ctx.actor, input)),

  changePassword: own
    .meta({ openapi: { method: "POST", path: "/admin/me/password", tags, summary: "Change one's password (the current one first)", description: "Every other session of the person ends, on every instance; this one stays." }, audit: "staff.password" })
    .input(passwordChangeInput)
    .output(successOutput)
    .mutation(async ({ ctx, input }) => {
      await ctx.staffAccounts.changePassword(ctx.actor, input.current, input.password, ctx.sessionToken);
      return { success: true };
    }),

  twoFactorSetup: own
    .meta({ openapi: { method: "POST", path: "/admin/me/2fa/setup", tags, summary: "Start two-factor sign-in: a new TOTP secret and its otpauth:// URL for the authenticator app", description: "Nothing changes until POST /admin/me/2fa/enable confirms a code." }, audit: false })
    .input(z.void())
    .output(twoFactorSetupSchema)
    .mutation(async ({ ctx }) => ctx.auth.twoFactor.setup(await ctx.staffAccounts.get(ctx.actor.id))),

  twoFactorEnable: own
    .meta({ openapi: { method: "POST", path: "/admin/me/2fa/enable", tags, summary: "Confirm the setup with a code from the app: two-factor sign-in is on", description: "Answers 10 single-use recovery codes, shown only here. From now on signing in needs a code (or a recovery code)." }, audit: "staff.2fa.enable" })
    .input(twoFactorCodeInput)
    .output(recoveryCodesSchema)
    .mutation(async ({ ctx, input }) => ({ recoveryCodes: await ctx.auth.twoFactor.enable(await ctx.staffAccounts.get(ctx.actor.id), input.code) })),

  twoFactorDisable: own
    .meta({ openapi: { method: "DELETE", path: "/admin/me/2fa", tags, summary: "Turn two-factor sign-in off (a current code or a recovery code first)", description: "Refused (400) while the role must use two-factor sign-in (STAFF_2FA_REQUIRED)." }, audit: "staff.2fa.disable" })
    .input(twoFactorCodeInput)
    .output(successOutput)
    .mutation(async ({ ctx, input }) => {
      const staff = await ctx.staffAccounts.get(ctx.actor.id);
      if ((ctx.config.staffTwoFactorRequired as string[]).includes(staff.role)) throw new ValidationError("Your role must use two-factor sign-in: set up a new device instead (ask the owner to reset it if it is lost)");
      if (!(await ctx.auth.twoFactor.verify(staff, input.code))) throw new ValidationError("That code is not valid", [{ path: "code", message: "Invalid code" }]);
      await ctx.auth.twoFactor.disable(staff.id);
      return { success: true };
    }),

  sessions: own
    .meta({ openapi: { method: "GET", path: "/admin/me/sessions", tags, summary: "One's open sessions, newest first (current: the session of this request)" } })
    .input(z.void())
    .output(z.array(sessionSchema))
    .query(({ ctx }) => ctx.auth.listSessions(ctx.actor.id, ctx.sessionToken)),

  revokeSession: own
    .meta({ openapi: { method: "DELETE", path: "/admin/me/sessions/{id}", tags, summary: "End one of one's sessions at once, on every instance" }, audit: "staff.session.revoke" })
    .input(z.object({ id: z.string().max(64) }))
    .output(successOutput)
    .mutation(async ({ ctx, input }) => {
      if (!(await ctx.auth.revokeSession(ctx.actor.id, input.id))) throw new NotFoundError("Session not found");
      return { success: true };
    }),
});
