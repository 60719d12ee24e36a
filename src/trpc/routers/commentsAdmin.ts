import { z } from "zod";
import { idParam, isoDate, successOutput } from "../../schemas/common.js";
import { COMMENT_STATUSES } from "../../schemas/constants.js";
import { router, scopedProcedure } from "../trpc.js";

const tags = ["admin", "comments"];

const moderationCommentSchema = z.object({
  id: z.number().int(),
  articleId: z.number().int(),
  articleTitle: z.string(),
  articleSlug: z.string(),
  authorName: z.string(),
  authorEmail: z.string().describe("The commenter's address: shown to the administrator only"),
  content: z.string(),
  status: z.enum(COMMENT_STATUSES),
  moderationReason: z.string().nullable().describe("Why the automatic filter held the comment"),
  createdAt: isoDate,
});
const decision = z.enum(["approved", "rejected"]).describe("approved publishes the comment; rejected hides it");

/**
 * Comment moderation: every procedure needs an administrator session. Named commentsAdmin like the other admin
 * routers; its operationIds and audit actions keep the former name (adminComments) so partners' generated clients
 * and the audit log's stored actions and filters do not change.
 */
export const commentsAdminRouter = router({
  list: scopedProcedure("comments:moderate", "comments:moderate")
    .meta({ openapi: { method: "GET", path: "/admin/comments", operationId: "adminComments-list", tags, summary: "Comments for moderation: awaiting review first (oldest first), then the most recent others, with article and e-mail" } })
    .input(z.object({ status: z.enum(COMMENT_STATUSES).optional().describe("Only this status"), limit: z.coerce.number().int().min(1).max(500).default(200) }))
    .output(z.object({ items: z.array(moderationCommentSchema), pending: z.number().int().describe("Comments awaiting review in total") }))
    .query(({ ctx, input }) => ctx.commentModeration.list(input)),

  setStatus: scopedProcedure("comments:moderate", "comments:moderate")
    .meta({ openapi: { method: "PUT", path: "/admin/comments/{id}", operationId: "adminComments-setStatus", tags, summary: "Approve or reject a comment" }, audit: "adminComments.setStatus" })
    .input(z.object({ id: idParam, status: decision }))
    .output(moderationCommentSchema)
    .mutation(({ ctx, input }) => ctx.commentModeration.setStatus(input.id, input.status)),

  delete: scopedProcedure("comments:moderate", "comments:moderate")
    .meta({ openapi: { method: "DELETE", path: "/admin/comments/{id}", operationId: "adminComments-delete", tags, summary: "Delete a comment" }, audit: "adminComments.delete" })
    .input(z.object({ id: idParam }))
    .output(successOutput)
    .mutation(async ({ ctx, input }) => {
      await ctx.commentModeration.delete(input.id);
      return { success: true };
    }),

  bulk: scopedProcedure("comments:moderate", "comments:moderate")
    .meta({ openapi: { method: "POST", path: "/admin/comments/bulk", operationId: "adminComments-bulk", tags, summary: "Approve, reject or delete many comments at once", description: "Ids that do not exist are listed in failed; the others are changed." }, audit: "adminComments.bulk" })
    .input(z.object({ ids: z.array(idParam).min(1, "Select at least one comment").max(500), action: z.enum(["approve", "reject", "delete"]) }))
    .output(z.object({ succeeded: z.array(z.number().int()), failed: z.array(z.number().int()) }))
    .mutation(({ ctx, input }) => ctx.commentModeration.bulk(input.ids, input.action)),
});
