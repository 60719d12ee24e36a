import { z } from "zod";
import { articleFieldsSchema } from "./articleFields.js";
import { idParam, isoDate } from "./common.js";

export const REVISION_KINDS = ["create", "edit", "status", "restore"] as const;
export type RevisionKind = (typeof REVISION_KINDS)[number];

export const revisionParams = z.object({ id: idParam.describe("Article id"), revisionId: idParam.describe("Revision id") });

export const revisionSummarySchema = z.object({
  id: z.number().int(),
  articleId: z.number().int(),
  kind: z.enum(REVISION_KINDS).describe("What the save was: create, edit, status (the status changed) or restore"),
  restoredFrom: z.number().int().nullable().describe("For a restore: the revision it brought back"),
  savedBy: z.string().describe("Who saved it: the staff member's name"),
  savedAt: isoDate,
  ...articleFieldsSchema.pick({ title: true, status: true }).shape,
  wordCount: z.number().int().describe("Words in the content as saved"),
  wordDelta: z.number().int().nullable().describe("Change in word count since the previous kept revision; null for the oldest"),
});

const diffPart = z.object({
  value: z.string(),
  added: z.boolean().describe("Only in the current article"),
  removed: z.boolean().describe("Only in this revision"),
});

export const revisionSchema = revisionSummarySchema.extend(articleFieldsSchema.omit({ title: true, status: true }).shape).extend({
  diff: z
    .object({
      changedFields: z.array(z.string()).describe("Fields whose value differs from the current article"),
      title: z.array(diffPart).describe("Word diff of the title, from this revision to the current one"),
      content: z.array(diffPart).describe("Word diff of the content, from this revision to the current one"),
    })
    .describe("This revision against the current article"),
});
export type RevisionSummary = z.infer<typeof revisionSummarySchema>;
export type RevisionDto = z.infer<typeof revisionSchema>;
