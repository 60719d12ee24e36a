import { z } from "zod";
import { idParam, isoDate, nullableIsoDate } from "./common.js";

export const previewToken = z.string().min(1).max(100).describe("The preview link's token");
export const previewTokenOrId = z.string().min(1).max(100).describe("The link's id (as listed) or its token");

export const previewLinkSchema = z.object({
  id: z.string().describe("Names the link in the list and when revoking it; it does not open the article"),
  token: z.string().optional().describe("Only in the answer that creates the link: only its hash is stored"),
  url: z.string().optional().describe("The shareable address, {SITE_URL}/preview/{token}: only in the answer that creates the link"),
  articleId: z.number().int(),
  createdAt: isoDate,
  expiresAt: isoDate.describe("After this time the link answers 404 (PREVIEW_DAYS after creation)"),
  revokedAt: nullableIsoDate.describe("When the link was revoked, or null"),
  active: z.boolean().describe("Neither expired nor revoked"),
});
export type PreviewLink = z.infer<typeof previewLinkSchema>;

export const articleIdInput = z.object({ id: idParam.describe("Article id") });
