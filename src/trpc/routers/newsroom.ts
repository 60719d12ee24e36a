import { z } from "zod";
import { idParam, isoDate } from "../../schemas/common.js";
import { router, staffProcedure } from "../trpc.js";

const tags = ["staff"];

const reviewItem = z.object({
  id: z.number().int(),
  title: z.string(),
  slug: z.string(),
  author: z.string().describe("The byline"),
  category: z.string(),
  authorId: z.number().int().nullable(),
  submittedAt: isoDate,
  updatedAt: isoDate,
  submittedBy: z.object({ id: z.number().int(), name: z.string(), email: z.string().nullable() }).nullable(),
});

const auditEntry = z.object({
  id: z.number().int(),
  at: isoDate,
  actorId: z.number().int().nullable(),
  actorEmail: z.string().nullable(),
  action: z.string(),
  targetType: z.string().nullable(),
  targetId: z.string().nullable(),
  summary: z.string(),
});

/** The editors' review queue and the administrators' audit log. */
export const newsroomRouter = router({
  reviewQueue: staffProcedure("articles:any")
    .meta({ openapi: { method: "GET", path: "/admin/review", tags, summary: "Drafts submitted for review, oldest first, with who submitted them and when", description: "Publish one with PUT /api/articles/{id} {status: published}, or send it back with a note." } })
    .input(z.void())
    .output(z.array(reviewItem))
    .query(({ ctx }) => ctx.reviewQueue.list()),

  sendBack: staffProcedure("articles:any")
    .meta({ openapi: { method: "POST", path: "/admin/review/{id}/send-back", tags, summary: "Send a submitted draft back to its author with a note" }, audit: "article.send-back" })
    .input(z.object({ id: idParam, note: z.string().trim().min(1, "Write a note for the author").max(1000) }))
    .output(z.object({ id: z.number().int(), reviewNote: z.string() }))
    .mutation(({ ctx, input }) => ctx.reviewQueue.sendBack(input.id, input.note)),

  audit: staffProcedure("staff:manage")
    .meta({ openapi: { method: "GET", path: "/admin/audit", tags, summary: "The audit log, newest first: who did what, when", description: "actor: a staff id or e-mail; action: an exact action, or a prefix ending in a dot (article.); since: ISO date-time; cursor: the last id of the previous page. 100 entries a page. Kept AUDIT_KEEP_DAYS days; no API deletes it." } })
    .input(
      z.object({
        actor: z.string().trim().max(254).optional(),
        action: z.string().trim().max(60).optional(),
        since: z.iso.datetime({ offset: true, error: "since must be an ISO-8601 date-time" }).optional(),
        cursor: z.coerce.number().int().positive().max(2_147_483_647).optional(),
        limit: z.coerce.number().int().min(1).max(100).default(100),
      }),
    )
    .output(z.array(auditEntry))
    .query(({ ctx, input }) => ctx.audit.search(input)),
});
