import { z } from "zod";
import { email, idParam, successOutput } from "../../schemas/common.js";
import { acceptInput, invitationSchema, inviteInput, staffDeleteInput, staffPassword, staffSchema, staffUpdateInput, tokenText } from "../../schemas/staff.js";
import { publicProcedure, router, staffProcedure } from "../trpc.js";

const tags = ["staff"];
const manage = staffProcedure("staff:manage");

/** The staff screen (people, roles, invitations) and the two doors used before signing in (accepting, resetting). */
export const staffRouter = router({
  list: manage
    .meta({ openapi: { method: "GET", path: "/admin/staff", tags, summary: "Every staff member: role, status, two-factor, last seen" } })
    .input(z.void())
    .output(z.array(staffSchema))
    .query(({ ctx }) => ctx.staffAccounts.list()),

  invite: manage
    .meta({ openapi: { method: "POST", path: "/admin/staff/invitations", tags, summary: "Invite someone by e-mail with a role", description: "Mails a link to /staff/accept?token=… that works once, for 7 days, until revoked; a new invitation to the same address replaces the pending one. 409 when the address is already staff." }, created: "/admin/staff/invitations/{id}", audit: "staff.invite" })
    .input(inviteInput)
    .output(invitationSchema)
    .mutation(async ({ ctx, input }) => {
      const invitation = await ctx.staffAccounts.invite(ctx.actor, input);
      ctx.auditNote.targetType = "invitation";
      return invitation;
    }),

  invitations: manage
    .meta({ openapi: { method: "GET", path: "/admin/staff/invitations", tags, summary: "Pending invitations, newest first" } })
    .input(z.void())
    .output(z.array(invitationSchema))
    .query(({ ctx }) => ctx.staffAccounts.listInvitations()),

  revokeInvitation: manage
    .meta({ openapi: { method: "DELETE", path: "/admin/staff/invitations/{id}", tags, summary: "Revoke an invitation: its link stops working at once" }, audit: "staff.invitation.revoke" })
    .input(z.object({ id: idParam }))
    .output(invitationSchema)
    .mutation(({ ctx, input }) => ctx.staffAccounts.revokeInvitation(input.id)),

  update: manage
    .meta({ openapi: { method: "PATCH", path: "/admin/staff/{id}", tags, summary: "Change a staff member's role or status", description: "Suspension ends every session and stops every API key of the person at once. Only the owner changes the owner's account, and transfers ownership with role=owner (the owner becomes an administrator)." }, audit: "staff.update" })
    .input(staffUpdateInput)
    .output(staffSchema)
    .mutation(async ({ ctx, input }) => {
      const { staff, before } = await ctx.staffAccounts.update(ctx.actor, input);
      ctx.auditNote.targetType = "staff";
      ctx.auditNote.summary = [before.role !== staff.role ? `role: ${before.role} → ${staff.role}` : "", before.status !== staff.status ? `status: ${before.status} → ${staff.status}` : "", staff.email ?? ""].filter(Boolean).join("; ");
      return staff;
    }),

  delete: manage
    .meta({ openapi: { method: "DELETE", path: "/admin/staff/{id}", tags, summary: "Delete a staff member; their articles pass to reassignTo (default: you)", description: "Sessions end and API keys stop at once. The owner cannot be deleted (transfer ownership first)." }, audit: "staff.delete" })
    .input(staffDeleteInput)
    .output(z.object({ success: z.boolean(), reassignedTo: z.number().int(), articles: z.number().int().describe("Articles reassigned") }))
    .mutation(async ({ ctx, input }) => {
      const result = await ctx.staffAccounts.delete(ctx.actor, input.id, input.reassignTo);
      ctx.auditNote.targetType = "staff";
      ctx.auditNote.summary = `${result.deleted.email ?? result.deleted.name} (${result.deleted.role}); ${result.articles} articles to #${result.reassignedTo}`;
      return { success: true, reassignedTo: result.reassignedTo, articles: result.articles };
    }),

  accept: publicProcedure
    .meta({ openapi: { method: "POST", path: "/staff/accept", tags, protect: false, summary: "Accept an invitation: choose a name and password; signs in", description: "The token from the mailed link; it works once. Sets the session cookie." } })
    .input(acceptInput)
    .output(z.object({ success: z.boolean() }))
    .mutation(async ({ ctx, input }) => {
      ctx.markPrivate();
      const { token, staff } = await ctx.staffAccounts.accept(input, ctx.client.userAgent);
      ctx.setSessionCookie(token);
      await ctx.audit.record({ actor: staff, action: "staff.accept", targetType: "staff", targetId: staff.id, summary: `joined as ${staff.role}` });
      return { success: true };
    }),

  requestReset: publicProcedure
    .meta({ openapi: { method: "POST", path: "/staff/password-reset", tags, protect: false, successDescription: "Accepted", summary: "Mail a password-reset link (202, the same answer for every address)", description: "When the address is an active staff member's, mails a link to /staff/reset?token=… that works once, for one hour. Rate-limited per client." } })
    .input(z.object({ email }))
    .output(z.object({ success: z.boolean(), message: z.string() }))
    .mutation(async ({ ctx, input }) => {
      ctx.markPrivate();
      await ctx.limiter.consume("staff-reset", ctx.clientKey, ctx.config.rateLimits.login);
      const staff = await ctx.staffAccounts.requestPasswordReset(input.email);
      if (staff) await ctx.audit.record({ actor: staff, action: "staff.password-reset.request", targetType: "staff", targetId: staff.id });
      ctx.setRestStatus(202);
      return { success: true, message: "If that address belongs to a staff member, a reset link is on its way." };
    }),

  confirmReset: publicProcedure
    .meta({ openapi: { method: "POST", path: "/staff/password-reset/confirm", tags, protect: false, summary: "Set a new password with the mailed token", description: "Every session of the person ends; sign in with the new password." } })
    .input(z.object({ token: tokenText, password: staffPassword }))
    .output(successOutput)
    .mutation(async ({ ctx, input }) => {
      ctx.markPrivate();
      const staff = await ctx.staffAccounts.confirmPasswordReset(input.token, input.password);
      await ctx.audit.record({ actor: staff, action: "staff.password-reset", targetType: "staff", targetId: staff.id });
      return { success: true };
    }),
});
