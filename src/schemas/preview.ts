import { z } from "zod";
import { idParam, isoDate, nullableIsoDate } from "./common.js";

export const previewToken = z.string().min(1).max(100).describe("The preview link's token");

export const previewLinkSchema = z.object({
  token: z.string(),
  url: z.string().describe("The shareable address, {SITE_URL}/preview/{token}"),
  articleId: z.number().int(),
  createdAt: isoDate,
  expiresAt: isoDate.describe("After this time the link answers 404 (PREVIEW_DAYS after creation)"),
  revokedAt: nullableIsoDate.describe("When the link was revoked, or null"),
  active: z.boolean().describe("Neither expired nor revoked"),
});
export type PreviewLink = z.infer<typeof previewLinkSchema>;

export const articleIdInput = z.object({ id: idParam.describe("Article id") });
